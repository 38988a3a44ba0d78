import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findChromium } from '../../api/browser/find-chromium.ts';
import { listen, type RunningServer } from '../../api/http/server.ts';
import { ensureSiteScriptBuilt } from '../../site-script/build.ts';
import { ensureWidgetBuilt } from '../../widget/build.ts';
import { deployedSite, SMALL_SITE } from '../support/docs-site.ts';
import { isolatedTestApp, type TestApp } from '../support/test-app.ts';
import { axeViolations, launchChromium } from '../widget/support/chromium.ts';

/** Without a Chromium these tests are skipped (vitest.config.ts says so). */
const hasChromium = findChromium() !== undefined;

/** Every component Mintlify documents, as its pages show them (test/fixtures/mintlify-docs/components/). */
const EVERY_COMPONENT = `---
title: Every component
---

<Note>A note with a [link](/quickstart).</Note>
<Warning>A warning.</Warning>
<Info>Some information.</Info>
<Tip>A tip.</Tip>
<Check>A check.</Check>
<Danger>A danger.</Danger>
<Callout icon="key" color="#FFC107" iconType="regular">A custom callout.</Callout>

## Cards

<Columns cols={2}>
  <Card title="Quickstart" icon="rocket" href="/quickstart" cta="Start here" arrow="true">Get going.</Card>
  <Card title="Horizontal" icon="code" horizontal>Side by side.</Card>
  <Card title="Typed" type="tip">A tip card.</Card>
  <Card title="Image" img="/images/preview.svg">With an image.</Card>
</Columns>

<Columns cols={2}>
  <Tile href="/fonts" title="Fonts" description="Typefaces">
    <img src="/images/preview.svg" alt="A preview" />
  </Tile>
  <Column>
    **A column** of text.
  </Column>
</Columns>

<GitHub.Repo repo="mintlify/docs" />

## Steps

<Steps titleSize="h3">
  <Step title="Install">
    Run \`npm i -g acme\`.
  </Step>
  <Step title="Preview" icon="eye">
    Run \`acme dev\`.
  </Step>
</Steps>

## Tabs

<Tabs>
  <Tab title="npm" icon="box">
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
\`\`\`bash npm
npm i -g acme
\`\`\`
\`\`\`bash yarn
yarn global add acme
\`\`\`
</CodeGroup>

<CodeGroup dropdown>
\`\`\`js app.js
const port = 3000;
\`\`\`
\`\`\`python app.py
port = 3000
\`\`\`
</CodeGroup>

<RequestExample>
\`\`\`bash Request
curl https://api.acme.dev/v1/things
\`\`\`
</RequestExample>

<ResponseExample>
\`\`\`json Response
{ "things": [] }
\`\`\`
</ResponseExample>

<View title="JavaScript" icon="js">
  Hello from JavaScript.
</View>

<View title="Python" icon="python">
  Hello from Python.
</View>

## Disclosure

<AccordionGroup>
  <Accordion title="Does it work offline?" description="Short answer" icon="wifi-off">Yes.</Accordion>
  <Accordion title="Is it fast?">Very.</Accordion>
</AccordionGroup>

<Tree>
  <Tree.Folder name="app" defaultOpen>
    <Tree.File name="page.tsx" highlight />
    <Tree.Folder name="api">
      <Tree.File name="route.ts" />
    </Tree.Folder>
  </Tree.Folder>
  <Tree.File name="package.json" />
</Tree>

## API fields

<ParamField query="page" type="number" default="1" required pre={["beta"]}>
  Which page.
</ParamField>

<ResponseField name="user" type="object" deprecated>
  <Expandable title="properties">
    <ResponseField name="full_name" type="string">The full name.</ResponseField>
  </Expandable>
</ResponseField>

## Media

<Frame hint="Before you look" caption="A **framed** [preview](/fonts)">
  <img src="/images/preview.svg" alt="A preview" />
</Frame>

<Badge color="gray">Gray</Badge>
<Badge color="blue" icon="circle-check">Blue</Badge>
<Badge color="green" size="sm">Green</Badge>
<Badge color="yellow" size="xs">Yellow</Badge>
<Badge color="orange" shape="pill">Orange</Badge>
<Badge color="red" stroke>Red</Badge>
<Badge color="purple" size="lg">Purple</Badge>
<Badge color="white">White</Badge>
<Badge color="surface">Surface</Badge>
<Badge color="white-destructive">Destructive</Badge>
<Badge color="surface-destructive" disabled icon="lock">Disabled</Badge>

An <Tooltip headline="API" tip="Application Programming Interface." cta="Read the guide" href="/quickstart">API</Tooltip> call, an inline <Icon icon="flag" /> icon and <Kbd>Ctrl</Kbd>.

<Color variant="compact">
  <Color.Item name="blue-500" value="#3B82F6" />
  <Color.Item name="bg" value={{ light: "#FFFFFF", dark: "#000000" }} />
</Color>

<Color variant="table">
  <Color.Row title="Primary">
    <Color.Item name="primary-500" value="#3B82F6" />
  </Color.Row>
</Color>

<Prompt description="Write **clear** docs." actions={["copy", "cursor"]}>
You are a technical writer.
</Prompt>

<Panel>
  <Info>Pinned to the side.</Info>
</Panel>

## Math and diagrams

The theorem says $a^2 + b^2 = c^2$, and <Latex>\\frac{1}{2}</Latex> is a half.

$$
E = mc^2
$$

\`\`\`mermaid
flowchart LR
  A[Write] --> B[Deploy]
\`\`\`
`;

const CHANGELOG = `---
title: Changelog
description: What changed.
rss: true
---

<Update label="v1.2" description="Faster builds" tags={["Builds"]}>
  ## Quicker deploys

  Deployments take half the time.
</Update>

<Update label="2024-10-11" description="v1.1" rss={{ title: "October release", description: "Search filters" }}>
  Search has filters.
</Update>
`;

const PREVIEW = '<svg xmlns="http://www.w3.org/2000/svg" width="160" height="90"><rect width="160" height="90" fill="#3b82f6"/></svg>';

const isolated = isolatedTestApp({ isWorker: true });
let t: TestApp;
let folio: RunningServer;
let browser: Browser;
const shots = path.join(os.tmpdir(), 'folio-site-screenshots');

beforeAll(async () => {
  if (!hasChromium) return;
  await Promise.all([ensureWidgetBuilt(), ensureSiteScriptBuilt()]);
  t = isolated.app;
  [folio, browser] = await Promise.all([listen(t.app, '127.0.0.1', 0), launchChromium()]);
  const docs = JSON.parse(SMALL_SITE['docs.json']!) as { navigation: { groups: { pages: string[] }[] } };
  docs.navigation.groups[0]!.pages.push('components', 'changelog');
  const banner = { content: 'Version 2 is live: see the [changelog](/changelog).', dismissible: true };
  await deployedSite(t, 'every-component', {
    ...SMALL_SITE,
    'docs.json': JSON.stringify({ ...docs, banner }),
    'components.mdx': EVERY_COMPONENT,
    'changelog.mdx': CHANGELOG,
    'images/preview.svg': PREVIEW,
  });
  fs.mkdirSync(shots, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
  await folio?.close();
});

/**
 * A page as a reader opens it, its content security policy in force (mermaid's script, KaTeX's fonts and
 * the site script are Folio's own); `withAxe` bypasses it so that axe-core can be injected.
 */
async function open(route: string, options: { colorScheme?: 'light' | 'dark'; withAxe?: boolean } = {}): Promise<{ page: Page; errors: string[] }> {
  const context = await browser.newContext({ colorScheme: options.colorScheme ?? 'light', viewport: { width: 1280, height: 900 }, bypassCSP: options.withAxe });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: folio.url });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  await page.goto(`${folio.url}/sites/every-component${route}`);
  await page.locator('.tabs[data-enhanced]').or(page.locator('.update')).first().waitFor();
  return { page, errors };
}

describe.runIf(hasChromium)('every component in a real browser', () => {
  for (const colorScheme of ['light', 'dark'] as const) {
    it(`has no axe violation in ${colorScheme}, every accordion, tree folder and expandable open`, async () => {
      const { page } = await open('/components', { colorScheme, withAxe: true });
      await page.locator('pre.mermaid svg').waitFor();
      await page.evaluate(() => {
        for (const details of document.querySelectorAll('details')) details.open = true;
      });
      expect(await axeViolations(page)).toEqual([]);
      await page.screenshot({ path: path.join(shots, `every-component-${colorScheme}.png`), fullPage: true });
      await page.context().close();
    });
  }

  it('runs under the page’s policy: mermaid draws its diagram, KaTeX’s fonts load, nothing is refused', async () => {
    const { page, errors } = await open('/components');
    await page.locator('pre.mermaid svg').waitFor();
    expect(await page.locator('pre.mermaid svg').getAttribute('aria-roledescription')).toBe('flowchart-v2');
    await expect.poll(() => page.evaluate(() => [...document.fonts].some((font) => font.family === 'KaTeX_Main' && font.status === 'loaded'))).toBe(true);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('switches tabs with the arrow keys, Home and End, and code groups that share a title follow', async () => {
    const { page } = await open('/components');
    const tabs = page.locator('.tabs').getByRole('tab');
    expect(await tabs.allTextContents()).toEqual(['npm', 'yarn']);
    await tabs.first().focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => tabs.nth(1).getAttribute('aria-selected')).toBe('true');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('yarn');
    expect(await page.locator('.tabs').getByRole('tabpanel').textContent()).toContain('yarn global add acme');
    // The code group titled the same way shows yarn too.
    const codeTabs = page.locator('.code-group:not(.code-example)').first().getByRole('tab');
    expect(await codeTabs.nth(1).getAttribute('aria-selected')).toBe('true');
    await page.keyboard.press('Home');
    await expect.poll(() => tabs.first().getAttribute('aria-selected')).toBe('true');
    await page.keyboard.press('End');
    await expect.poll(() => tabs.nth(1).getAttribute('aria-selected')).toBe('true');
    await page.context().close();
  });

  it('switches a dropdown code group and the views with their menus', async () => {
    const { page } = await open('/components');
    const dropdown = page.locator('.code-group[data-dropdown]');
    await dropdown.getByLabel('Language').selectOption('app.py');
    expect(await dropdown.locator('.code-block:visible').textContent()).toContain('port = 3000');
    await page.getByLabel('View').selectOption('Python');
    expect(await page.locator('.view:visible').textContent()).toContain('Hello from Python.');
    expect(await page.locator('.view', { hasText: 'JavaScript' }).isHidden()).toBe(true);
    await page.context().close();
  });

  it('shows a tooltip when its term is focused, reaches its link by Tab, and closes it with Escape', async () => {
    const { page } = await open('/components');
    const term = page.locator('.tooltip-term');
    await term.focus();
    const tip = page.getByRole('tooltip');
    expect(await tip.isVisible()).toBe(true);
    expect(await term.getAttribute('aria-describedby')).toBe(await tip.getAttribute('id'));
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Read the guide');
    await page.keyboard.press('Escape');
    expect(await tip.isVisible()).toBe(false);
    await page.context().close();
  });

  it('copies a code block and a colour (in the theme being read), and opens a prompt in Cursor', async () => {
    const { page } = await open('/components');
    await page.locator('.code-group[data-dropdown]').getByRole('button', { name: 'Copy code' }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('const port = 3000;\n');
    await page.getByRole('button', { name: 'Copy blue-500' }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('#3B82F6');
    expect(await page.getByRole('link', { name: 'Open in Cursor' }).getAttribute('href')).toBe(
      `https://cursor.com/link/prompt?text=${encodeURIComponent('You are a technical writer.')}`,
    );
    await page.context().close();
    // A colour given per theme copies the value of the theme being read.
    const dark = await open('/components', { colorScheme: 'dark' });
    await dark.page.getByRole('button', { name: 'Copy bg' }).click();
    expect(await dark.page.evaluate(() => navigator.clipboard.readText())).toBe('#000000');
    await dark.page.context().close();
  });

  it('shows the banner above the page until it is dismissed, then no more', async () => {
    const { page } = await open('/components');
    const banner = page.getByRole('region', { name: 'Announcement' });
    expect(await banner.textContent()).toContain('Version 2 is live');
    await banner.getByRole('button', { name: 'Dismiss the announcement' }).click();
    expect(await banner.isHidden()).toBe(true);
    await page.reload();
    await page.locator('.tabs[data-enhanced]').waitFor();
    expect(await banner.isHidden()).toBe(true);
    await page.context().close();
  });

  it('lands on an Update by its anchor and serves the page’s RSS feed, one item per Update', async () => {
    const { page } = await open('/changelog#v1-2');
    expect(await page.locator('#v1-2').isVisible()).toBe(true);
    expect(await page.locator('.toc a').allTextContents()).toEqual(['v1.2', '2024-10-11']);
    const feedUrl = await page.locator('link[rel="alternate"][type="application/rss+xml"]').getAttribute('href');
    expect(feedUrl).toBe('/sites/every-component/changelog/rss.xml');
    const feed = await page.evaluate(async (url) => {
      const response = await fetch(url);
      const xml = new DOMParser().parseFromString(await response.text(), 'application/xml');
      return {
        type: response.headers.get('content-type'),
        isWellFormed: xml.querySelector('parsererror') === null,
        items: [...xml.querySelectorAll('item')].map((item) => ({
          title: item.querySelector('title')?.textContent,
          link: item.querySelector('link')?.textContent,
          date: item.querySelector('pubDate')?.textContent,
          description: item.querySelector('description')?.textContent,
        })),
      };
    }, feedUrl!);
    expect(feed).toEqual({
      type: 'application/rss+xml; charset=utf-8',
      isWellFormed: true,
      items: [
        {
          title: 'v1.2',
          link: `${folio.url}/sites/every-component/changelog#v1-2`,
          date: undefined,
          description: 'Quicker deploys Deployments take half the time.',
        },
        {
          title: 'October release',
          link: `${folio.url}/sites/every-component/changelog#2024-10-11`,
          date: 'Fri, 11 Oct 2024 00:00:00 GMT',
          description: 'Search filters',
        },
      ],
    });
    await page.context().close();
  });
});
