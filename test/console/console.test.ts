import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { CONSOLE_DIST } from '../../console/build.ts';
import { commit } from '../support/git-repo.ts';
import { axeViolations } from '../widget/support/chromium.ts';
import { consoleOnFolio, focused, GAP_QUESTIONS, hasChromium, openConsole } from './support/console-on-folio.ts';

/**
 * The console end to end, in Chromium, against a running Folio with the corpus deployed and a recorded
 * history: signing in (and the keys it refuses), a deployment followed live, the insights' numbers, a
 * thread, a gap fixed by the agent (the scripted model server), jobs, and keys made and revoked.
 */
const folio = consoleOnFolio();
const SCREENSHOTS = path.join(CONSOLE_DIST, 'screenshots');

describe.runIf(hasChromium)('the console, against Folio with the corpus deployed', () => {
  it('refuses a wrong key and an assistant key with a message, and signs in with an admin key', async () => {
    const { context, page, errors } = await openConsole(folio, { key: '' });
    const key = page.getByLabel('Admin key');
    await key.fill('folio_admin_nope_nothing');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('Folio does not know this key, or it was revoked. Check it and try again.');
    expect(await axeViolations(page)).toEqual([]);

    await key.fill(folio.site.assistantKey);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toMatch(/^This is an assistant key: it can search and ask, not manage a project\./);

    await key.fill(folio.site.adminKey);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { level: 1, name: /Deployments/ }).waitFor();
    expect(await page.locator('header').textContent()).toContain('Mintlify');
    expect(await page.evaluate(() => document.cookie)).toBe('');
    expect(page.url()).not.toContain(folio.site.adminKey);
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('heading', { name: 'Sign in to the Folio console' }).waitFor();
    expect(await page.evaluate(() => sessionStorage.length)).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('deploys and shows the deployment going from queued to success as it happens', async () => {
    const { context, page } = await openConsole(folio);
    await page.locator('console-deployment').first().waitFor();
    const before = await page.locator('console-deployment').count();
    commit(folio.repoDir, { 'quickstart.mdx': `${fs.readFileSync(path.join(folio.repoDir, 'quickstart.mdx'), 'utf8')}\nDeployed from the console.\n` });

    await page.getByRole('button', { name: 'Deploy now' }).click();
    await expect.poll(() => page.getByRole('status').first().textContent()).toMatch(/^Deployment \w+ queued\.$/);
    await expect.poll(() => page.locator('console-deployment').count()).toBe(before + 1);
    const newest = page.locator('console-deployment').first().locator('[data-status]');
    const seen = new Set<string>();
    for (const deadline = Date.now() + 60_000; !seen.has('success') && !seen.has('failure') && Date.now() < deadline; ) {
      seen.add((await newest.getAttribute('data-status'))!);
      await page.waitForTimeout(20);
    }
    expect([...seen].some((status) => status === 'queued' || status === 'in_progress')).toBe(true);
    expect(seen.has('success')).toBe(true);
    // The list was read again when it ended: the new deployment is the live one.
    await expect.poll(() => page.locator('console-deployment').first().locator('.badge').allTextContents()).toEqual(['Succeeded', 'Live']);
    await page
      .locator('console-deployment')
      .first()
      .getByText(/^Files changed \(1\)/)
      .click();
    expect(await page.locator('console-deployment').first().locator('ul.files li').allTextContents()).toEqual(['modified quickstart.mdx']);
    expect(await axeViolations(page)).toEqual([]);

    // A deployment started elsewhere (the API) shows up, open details and all, and is followed to its end.
    const triggered = await fetch(`${folio.folio.url}/v1/project/update/${folio.site.projectId}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${folio.site.adminKey}` },
    }).then((res) => res.json() as Promise<{ statusId: string }>);
    const row = page.locator('console-deployment', { has: page.locator(`article[aria-label="Deployment ${triggered.statusId}"]`) });
    await row.waitFor({ timeout: 30_000 });
    await expect.poll(() => row.locator('[data-status]').getAttribute('data-status'), { timeout: 60_000 }).toBe('success');
    expect(await page.locator('console-deployment').nth(1).locator('ul.files li').allTextContents()).toEqual(['modified quickstart.mdx']);
    await context.close();
  }, 120_000);

  it('reads the insights of the recorded history, opens a thread, and exports CSV', async () => {
    const { context, page } = await openConsole(folio, { hash: '#/insights' });
    await page.getByLabel('Range').selectOption('7');
    await page.locator('dl').first().waitFor();
    expect(await page.locator('dl').first().locator('dt').allTextContents()).toEqual([
      'Questions',
      'Answered',
      'Not found in the docs',
      'Searches',
      'Searches without results',
      'Feedback: helpful / not',
    ]);
    expect(await page.locator('dl').first().locator('dd').allTextContents()).toEqual(['6', '1', '5', '7', '3', '2 / 1']);
    const [first, second] = folio.days;
    const questionsChart = page.locator('console-bar-chart').nth(0);
    expect(await questionsChart.getByRole('img').getAttribute('aria-label')).toBe(
      'Questions per day over the last 7 days: 6 in all, 1 answered, 5 not found in the docs.',
    );
    await questionsChart.getByText('Show as a table').click();
    expect(await questionsChart.locator(`tr:has(th:text-is("${second}"))`).locator('th, td').allTextContents()).toEqual([second, '0', '5']);
    const searchesChart = page.locator('console-bar-chart').nth(1);
    await searchesChart.getByText('Show as a table').click();
    expect(await searchesChart.locator(`tr:has(th:text-is("${first}"))`).locator('th, td').allTextContents()).toEqual([first, '3', '2']);

    const topSearches = page.locator('table[aria-labelledby="top-searches"] tbody tr');
    expect(await topSearches.first().locator('td').allTextContents()).toEqual(['custom domain', '4', '50%', '/customize/custom-domain']);
    expect(await page.locator('table[aria-labelledby="zero-result-searches"] tbody tr td:first-child').allTextContents()).toEqual(['refund policy', 'sso']);
    expect(await page.locator('table[aria-labelledby="cited-pages"] tbody tr').count()).toBeGreaterThan(0);

    // Any range of days: the two days of the recorded history, without today's question.
    await page.getByLabel('From', { exact: true }).fill(first);
    await page.getByLabel('Through', { exact: true }).fill(second);
    await expect.poll(() => page.locator('dl').first().locator('dd').allTextContents()).toEqual(['5', '0', '5', '7', '3', '2 / 1']);
    expect(await page.getByLabel('Range').inputValue()).toBe('');
    expect(await questionsChart.getByRole('img').getAttribute('aria-label')).toBe(
      `Questions per day from ${first} through ${second}: 5 in all, 0 answered, 5 not found in the docs.`,
    );
    await page.getByLabel('Range').selectOption('7');
    await expect.poll(() => page.locator('dl').first().locator('dd').allTextContents()).toEqual(['6', '1', '5', '7', '3', '2 / 1']);

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download CSV of top searches' }).click();
    const csv = fs.readFileSync((await (await download).path())!, 'utf8');
    expect(csv.split('\r\n').slice(0, 2)).toEqual(['Search,Searches,Click-through,Page opened most', 'custom domain,4,50%,/customize/custom-domain']);

    const open = page.getByRole('button', { name: 'Open the conversation “How do I set up a custom domain?”' });
    await open.click();
    const dialog = page.getByRole('dialog', { name: /Conversation/ });
    await expect
      .poll(() => dialog.locator('.content').allTextContents())
      .toEqual(['How do I set up a custom domain?', expect.stringMatching(/^See \[the page\]\(\/.+\): it explains this with a CNAME record\.$/)]);
    expect(await dialog.locator('.role').allTextContents()).toEqual([expect.stringMatching(/^Reader /), expect.stringMatching(/^Assistant /)]);
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);
    expect(await focused(page)).toMatch(/^button "Open/);

    // The refund questions, and the searches for a refund policy that found nothing, are one topic.
    const gap = page.locator('console-gaps section').first();
    const examples = await gap.locator('ul').first().locator('li').allTextContents();
    expect(examples).toHaveLength(5);
    for (const example of examples) expect([...GAP_QUESTIONS, 'refund policy']).toContain(example);
    expect((await gap.locator('p.hint').textContent())!.replace(/\s+/g, ' ').trim()).toMatch(
      /^Met 7 times \((rising|falling|steady)\): 5 questions not answered, 2 searches without results\.$/,
    );
    await context.close();
  });

  it('fixes a content gap with the agent, following the job, and shows the before and after', async () => {
    const { context, page } = await openConsole(folio, { hash: '#/insights' });
    const gap = page.locator('console-gaps section').first();
    await gap.getByRole('button', { name: 'Fix with the agent' }).click();
    await expect.poll(() => gap.getByRole('button', { name: 'The agent is on it…' }).isDisabled()).toBe(true);
    await gap.getByRole('status').waitFor();
    await gap.getByText('5 of 5 questions answered on the preview').waitFor({ timeout: 150_000 });
    expect((await gap.locator('.notice p').first().textContent())!.replace(/\s+/g, ' ').trim()).toMatch(/ended\. Pull request The job$/);
    const asked = await gap.locator('ul').first().locator('li').allTextContents();
    const rows = gap.locator('table tbody tr');
    expect(await rows.count()).toBe(5);
    for (const row of await rows.all()) {
      const [question, live, preview] = await row.locator('td').allTextContents();
      expect([asked.includes(question!), live, preview]).toEqual([true, 'not answered', 'answered']);
    }
    expect(await gap.getByRole('link', { name: 'preview' }).getAttribute('href')).toMatch(/\/sites\/console-docs\/~preview\/folio-gap-/);
    await gap.getByRole('link', { name: 'The job' }).click();
    await page.getByRole('heading', { name: /^Job on folio\/gap-/ }).waitFor();
    await expect.poll(() => page.locator('ol.stream').textContent()).toContain('Calls createPage');
    expect(await page.getByRole('link', { name: 'Pull request' }).getAttribute('href')).toMatch(/\/pulls\/[0-9a-f]+$/);
    await context.close();
  }, 180_000);

  it('lists agent jobs and starts one, following its stream to its outcome', async () => {
    const { context, page } = await openConsole(folio, { hash: '#/jobs' });
    await page.locator('table tbody tr').first().waitFor();
    expect(await page.locator('table tbody tr').count()).toBe(1);
    await page.getByLabel('What should the agent change in the docs?').fill('Add a page about refunds.');
    await page.getByLabel('Branch to push').fill('docs/console-refunds');
    await page.getByRole('button', { name: 'Start the job' }).click();
    await page.getByRole('heading', { name: 'Job on docs/console-refunds' }).waitFor();
    await expect.poll(() => page.locator('ol.stream').textContent(), { timeout: 60_000 }).toContain('Calls finish');
    await expect.poll(() => page.locator('.badge[role="status"]').textContent(), { timeout: 60_000 }).toBe('completed');
    expect(await page.getByRole('link', { name: 'Pull request' }).count()).toBe(1);
    // A job that has ended can be archived; it then takes no follow-ups, and says so.
    await page.getByRole('button', { name: 'Archive the job' }).click();
    await expect.poll(() => page.locator('.badge[role="status"]').textContent()).toBe('archived');
    expect(await page.getByRole('button', { name: 'Archive the job' }).count()).toBe(0);
    const job = await folio.t.db.agentJob.findFirstOrThrow({ where: { projectId: folio.site.projectId, branch: 'docs/console-refunds' } });
    const followUp = await folio.t.call('POST', `/v2/agent/${folio.site.projectId}/job/${job.id}/message`, {
      key: folio.site.adminKey,
      json: { prompt: 'More.' },
    });
    expect(followUp).toMatchObject({ status: 409, body: { code: 'CONFLICT' } });
    await page.getByRole('link', { name: '← All jobs' }).click();
    await expect.poll(() => page.locator('table tbody tr').count()).toBe(2);
    await context.close();
  }, 120_000);

  it('creates a key shown once, limits its origins, and revokes it: the key stops working', async () => {
    const { context, page } = await openConsole(folio, { hash: '#/keys' });
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.getByLabel('Kind').selectOption('assistant');
    await page.getByRole('button', { name: 'Create the key' }).click();
    const created = (await page.locator('#new-key-value').textContent())!;
    expect(created).toMatch(/^folio_assistant_/);
    await page.getByRole('button', { name: 'Copy the key' }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(created);
    const prefix = created.split('_').slice(0, 3).join('_');
    const row = page.locator('tbody tr', { has: page.locator(`code:text-is("${prefix}")`) });
    await row.getByRole('button', { name: /^Set origins/ }).click();
    await row.getByLabel(`Allowed origins of ${prefix}`).fill('https://docs.acme.com');
    await row.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => row.locator('td').nth(2).textContent()).toBe('https://docs.acme.com');
    await page.getByRole('button', { name: 'Done' }).click();
    expect(await page.locator('#new-key-value').count()).toBe(0); // shown once

    const viewer = () =>
      fetch(`${folio.folio.url}/graphql`, {
        method: 'POST',
        headers: { authorization: `Bearer ${created}`, 'content-type': 'application/json', origin: 'https://docs.acme.com' },
        body: JSON.stringify({ query: '{ viewer { kind } }' }),
      }).then((res) => res.status);
    expect(await viewer()).toBe(200);
    page.once('dialog', (dialog) => void dialog.accept());
    await row.getByRole('button', { name: `Revoke ${prefix}` }).click();
    await expect.poll(() => row.locator('td').nth(4).textContent()).toMatch(/^revoked /);
    await expect.poll(viewer).toBe(401);
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });

  it('signs a tab out, saying why, when its key is revoked elsewhere', async () => {
    const { context, page } = await openConsole(folio, { hash: '#/keys' });
    await page.getByLabel('Kind').selectOption('admin');
    await page.getByRole('button', { name: 'Create the key' }).click();
    const second = (await page.locator('#new-key-value').textContent())!;
    const other = await openConsole(folio, { key: second, hash: '#/keys' });
    await other.page.locator('table tbody tr').first().waitFor();

    const prefix = second.split('_').slice(0, 3).join('_');
    page.once('dialog', (dialog) => void dialog.accept());
    await page
      .locator('tbody tr', { has: page.locator(`code:text-is("${prefix}")`) })
      .getByRole('button', { name: `Revoke ${prefix}` })
      .click();
    await expect
      .poll(() =>
        page
          .locator('tbody tr', { has: page.locator(`code:text-is("${prefix}")`) })
          .locator('td')
          .nth(4)
          .textContent(),
      )
      .toMatch(/^revoked/);

    await other.page.getByRole('link', { name: 'Insights' }).click();
    await expect
      .poll(() => other.page.getByRole('status').first().textContent())
      .toBe('Folio no longer accepts the key for “Mintlify” (it may have been revoked), so it was signed out. Sign in again with an admin key.');
    expect(await other.page.getByLabel('Admin key').isVisible()).toBe(true);
    expect(await axeViolations(other.page)).toEqual([]);
    await other.context.close();
    await context.close();
  });
});

describe.runIf(hasChromium)('every view, in light and dark, by keyboard and at 360 px', () => {
  const VIEWS = [
    { name: 'deployments', hash: '#/deployments', ready: 'console-deployment' },
    { name: 'insights', hash: '#/insights', ready: 'console-bar-chart' },
    { name: 'jobs', hash: '#/jobs', ready: 'table tbody tr' },
    { name: 'keys', hash: '#/keys', ready: 'table tbody tr' },
    // The job the console started above, once it has ended: its todos, stream and outcome.
    { name: 'job', hash: '', ready: 'console-job[data-loaded] ol.stream li' },
  ];
  beforeAll(async () => {
    if (!hasChromium) return;
    const job = await folio.t.db.agentJob.findFirstOrThrow({ where: { projectId: folio.site.projectId, branch: 'docs/console-refunds' } });
    VIEWS.at(-1)!.hash = `#/jobs/${job.id}`;
  });

  /** The live deployment's screenshots are taken 5 s after it went live, by the worker (this process). */
  const untilScreenshotsTaken = () =>
    expect
      .poll(
        async () => {
          const project = await folio.t.db.project.findUniqueOrThrow({ where: { id: folio.site.projectId }, select: { liveDeployment: true } });
          return project.liveDeployment?.screenshotLight ?? null;
        },
        { timeout: 60_000, interval: 250 },
      )
      .toMatch(/-light\.png$/);

  it('has no axe violations, and each view is screenshot, in light and dark', async () => {
    fs.rmSync(SCREENSHOTS, { recursive: true, force: true });
    fs.mkdirSync(SCREENSHOTS, { recursive: true });
    for (const colorScheme of ['light', 'dark'] as const) {
      const signIn = await openConsole(folio, { colorScheme, key: '' });
      await signIn.page.getByLabel('Admin key').waitFor();
      expect(await axeViolations(signIn.page)).toEqual([]);
      await signIn.page.screenshot({ path: path.join(SCREENSHOTS, `${colorScheme}-sign-in.png`) });
      await signIn.context.close();
      for (const view of VIEWS) {
        if (view.name === 'deployments') await untilScreenshotsTaken();
        const { context, page, errors } = await openConsole(folio, { colorScheme, hash: view.hash });
        await page.locator(view.ready).first().waitFor();
        if (view.name === 'deployments') {
          // The live deployment's screenshots, shown from the console's own origin (its status record names them under PUBLIC_URL).
          const shots = page.locator('console-deployment', { has: page.locator('.badge', { hasText: /^Live$/ }) });
          await shots.locator('summary').click();
          const images = shots.locator('.shots img');
          await expect.poll(() => images.count()).toBe(2);
          for (const image of await images.all())
            await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
        }
        expect({ view: view.name, violations: await axeViolations(page) }).toEqual({ view: view.name, violations: [] });
        await page.screenshot({ path: path.join(SCREENSHOTS, `${colorScheme}-${view.name}.png`), fullPage: true });
        if (view.name === 'insights') {
          await page
            .getByRole('button', { name: /^Open the conversation/ })
            .first()
            .click();
          await page.getByRole('dialog').locator('.content').first().waitFor();
          expect({ view: 'conversation', violations: await axeViolations(page) }).toEqual({ view: 'conversation', violations: [] });
          await page.screenshot({ path: path.join(SCREENSHOTS, `${colorScheme}-conversation.png`) });
        }
        expect(errors).toEqual([]);
        await context.close();
      }
    }
  }, 120_000);

  it('fits 360 px without scrolling sideways, each view', async () => {
    for (const view of VIEWS) {
      const { context, page } = await openConsole(folio, { isPhone: true, hash: view.hash });
      await page.locator(view.ready).first().waitFor();
      expect({ view: view.name, width: await page.evaluate(() => document.documentElement.scrollWidth) }).toEqual({ view: view.name, width: 360 });
      expect(await axeViolations(page)).toEqual([]);
      if (view.name === 'insights') await page.screenshot({ path: path.join(SCREENSHOTS, 'phone-insights.png'), fullPage: true });
      await context.close();
    }
  });

  it('is used by keyboard alone: sign in, move between views, open and close a conversation', async () => {
    const { context, page } = await openConsole(folio, { key: '' });
    await page.getByLabel('Admin key').waitFor();
    expect(await focused(page)).toBe('input ""'); // the key's field has focus
    await page.keyboard.type(folio.site.adminKey);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: /Deployments/ }).waitFor();

    const tabTo = async (pattern: RegExp) => {
      for (let presses = 0; presses < 80; presses++) {
        await page.keyboard.press('Tab');
        if (pattern.test(await focused(page))) return;
      }
      throw new Error(`${pattern} was not reached by Tab`);
    };
    await tabTo(/^a "Insights"$/);
    await page.keyboard.press('Enter');
    await expect.poll(() => focused(page)).toMatch(/^h1 "Insights/);
    await page.locator('console-bar-chart').first().waitFor();
    await tabTo(/^button "Open the conversation/);
    await page.keyboard.press('Enter');
    await page.getByRole('dialog').waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => focused(page)).toMatch(/^button "Open the conversation/);
    for (const label of ['Agent jobs', 'Keys', 'Deployments']) {
      await page.keyboard.press('Shift+Tab'); // back towards the navigation
      await page.evaluate(() => window.scrollTo(0, 0));
      await tabTo(new RegExp(`^a "${label}"$`));
      await page.keyboard.press('Enter');
      await expect.poll(() => focused(page)).toMatch(new RegExp(`^h1 "${label}`));
      await tabTo(/^(button|input|select|textarea|a) /); // the view's first control is reachable
    }
    await context.close();
  });
});
