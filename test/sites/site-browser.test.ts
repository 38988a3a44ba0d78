import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findChromium } from '../../api/browser/find-chromium.ts';
import { listen, type RunningServer } from '../../api/http/server.ts';
import { ensureWidgetBuilt } from '../../widget/build.ts';
import { deployedSite, SMALL_SITE } from '../support/docs-site.ts';
import { isolatedTestApp, type TestApp } from '../support/test-app.ts';
import { axeViolations, launchChromium } from '../widget/support/chromium.ts';

/** Without a Chromium these tests are skipped (vitest.config.ts says so). */
const hasChromium = findChromium() !== undefined;

/** A page with the components docs use most, as a reader meets them. */
const COMPONENTS = `---
title: Components
description: Every common component on one page.
---

Intro with a [link to fonts](/fonts), **bold**, \`code\` and a table:

| Option | Default |
|---|---|
| \`port\` | 3000 |

<Note>A note with a [link](/quickstart).</Note>

<Warning>
  A warning that spans
  lines.
</Warning>

## Steps

<Steps>
  <Step title="Install">
    \`\`\`bash
    npm i -g acme
    \`\`\`
  </Step>
  <Step title="Preview">
    Run \`acme dev\`.
  </Step>
</Steps>

## Cards

<CardGroup cols={2}>
  <Card title="Quickstart" icon="rocket" href="/quickstart">Start here.</Card>
  <Card title="Fonts" href="/fonts">Typefaces.</Card>
</CardGroup>

## Tabs and code

<Tabs>
  <Tab title="npm">
    \`\`\`bash
    npm i -g acme
    \`\`\`
  </Tab>
  <Tab title="yarn">
    \`\`\`bash
    yarn global add acme
    \`\`\`
  </Tab>
</Tabs>

<CodeGroup>
\`\`\`js app.js
const port = 3000; // the default
console.log(\`listening on \${port}\`);
\`\`\`
\`\`\`json docs.json
{ "name": "Acme", "colors": { "primary": "#0d6e5a" } }
\`\`\`
</CodeGroup>

## More

<AccordionGroup>
  <Accordion title="Does it work offline?">Yes.</Accordion>
</AccordionGroup>

<Frame caption="A framed note">
  Framed text.
</Frame>

<Tip>A tip.</Tip>
`;

const isolated = isolatedTestApp({ isWorker: true });
let t: TestApp;
let folio: RunningServer;
let browser: Browser;
const shots = path.join(os.tmpdir(), 'folio-site-screenshots');

beforeAll(async () => {
  if (!hasChromium) return;
  await ensureWidgetBuilt();
  t = isolated.app;
  [folio, browser] = await Promise.all([listen(t.app, '127.0.0.1', 0), launchChromium()]);
  const docs = JSON.parse(SMALL_SITE['docs.json']!) as { navigation: { groups: { pages: string[] }[] } };
  docs.navigation.groups[0]!.pages.push('components');
  await deployedSite(t, 'acme-site', { ...SMALL_SITE, 'docs.json': JSON.stringify(docs), 'components.mdx': COMPONENTS });
  fs.mkdirSync(shots, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
  await folio?.close();
});

/** `withAxe`: the page's policy is bypassed so that axe-core can be injected (nothing else differs). */
async function open(colorScheme: 'light' | 'dark', route: string, withAxe = false, width = 1280): Promise<Page> {
  const context = await browser.newContext({ colorScheme, viewport: { width, height: 900 }, deviceScaleFactor: 1, bypassCSP: withAxe });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  await page.goto(`${folio.url}/sites/acme-site${route}`);
  await page.getByRole('button', { name: 'Search' }).waitFor();
  expect(errors).toEqual([]); // among them, any content security policy violation
  return page;
}

describe.runIf(hasChromium)('a rendered page in a real browser', () => {
  for (const scheme of ['light', 'dark'] as const) {
    it(`has no axe violation in ${scheme}`, async () => {
      const page = await open(scheme, '/components', true);
      await page.locator('details.accordion summary').click();
      expect(await axeViolations(page)).toEqual([]);
      await page.screenshot({ path: path.join(shots, `components-${scheme}.png`), fullPage: true });
      await page.context().close();
    });
  }

  it('has no axe violation on a phone, where the page comes before the navigation', async () => {
    const page = await open('light', '/components', true, 360);
    expect(await axeViolations(page)).toEqual([]);
    const [main, sidebar] = await Promise.all(['main', '.sidebar'].map((selector) => page.locator(selector).boundingBox()));
    expect(main!.y).toBeLessThan(sidebar!.y);
    await page.screenshot({ path: path.join(shots, 'components-phone.png') });
    await page.context().close();
  });

  it('searches the site with its own key, follows a result to its heading, and asks the assistant', async () => {
    const page = await open('light', '/quickstart');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('combobox', { name: 'Search the documentation' }).fill('custom domain dns');
    const option = page.locator('[role="listbox"][data-query="custom domain dns"] [role="option"]').nth(1);
    await option.waitFor();
    await option.click();
    await page.waitForURL(/\/sites\/acme-site\/custom-domain#configure-dns$/);
    await expect.poll(() => page.evaluate(() => document.getElementById('configure-dns')?.textContent)).toContain('Configure DNS');

    await page.getByRole('button', { name: 'Ask AI' }).click();
    await page.getByRole('textbox', { name: 'Your question' }).fill('How do I set up a custom domain?');
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Send' }).waitFor({ timeout: 30_000 });
    const answer = page.locator('folio-assistant').getByText('CNAME', { exact: false }).first();
    await answer.waitFor({ timeout: 30_000 });
    await page.context().close();
  });
});
