import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright';
import { expect } from 'vitest';
import { findChromium, HEADLESS_CHROMIUM_ARGS } from '../../../api/browser/find-chromium.ts';

/** Debian's Chromium (.ci/run installs it), headless, driven by Playwright: no browser download. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: findChromium(),
    headless: true,
    args: HEADLESS_CHROMIUM_ARGS,
  });
}

export interface HostPage {
  url: string;
  close(): Promise<void>;
}

/**
 * A documentation site's page on an origin of its own (another port), embedding the widget from
 * Folio with one script tag, as a customer's site would. Every other path answers a small page, so
 * following a result lands somewhere.
 */
export async function serveHostPage(folioUrl: string, attributes: string): Promise<HostPage> {
  const server = http.createServer((request, response) => {
    response.setHeader('content-type', 'text/html; charset=utf-8');
    if (request.url !== '/')
      return response.end(`<!doctype html><html lang="en"><title>Page</title><main><h1>${request.url?.replace(/[<>&"]/g, '')}</h1></main></html>`);
    response.end(`<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Acme Docs</title>
<script type="module" src="${folioUrl}/widget.js"></script>
<style>body { font-family: Georgia, serif; margin: 0; } nav { display: flex; gap: 12px; padding: 12px 16px; border-bottom: 1px solid #ccc; } main { padding: 16px; }</style>
</head>
<body>
<nav aria-label="Site"><folio-search ${attributes}></folio-search><folio-assistant ${attributes}></folio-assistant></nav>
<main><h1>Acme Docs</h1><p>Welcome to the Acme documentation.</p></main>
</body>
</html>`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const axeSource = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/** axe-core's violations on the page (it reaches into shadow roots), as `{id, nodes}`. */
export async function axeViolations(page: Page): Promise<{ id: string; nodes: string[] }[]> {
  // Evaluated rather than added as a script tag: a page whose Content-Security-Policy allows only its own scripts (the console) runs it too.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(fs.readFileSync(axeSource, 'utf8'));
  // A dialog fading in is checked once it is opaque: mid-fade its text is fainter than it will be. The
  // widget's animations are in its shadow roots, which the document's own getAnimations() leaves out.
  await page.evaluate(async () => {
    const roots: (Document | ShadowRoot)[] = [document];
    for (let i = 0; i < roots.length; i++) for (const element of roots[i]!.querySelectorAll('*')) if (element.shadowRoot) roots.push(element.shadowRoot);
    const finite = roots.flatMap((root) => root.getAnimations()).filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity);
    await Promise.all(finite.map((animation) => animation.finished));
  });
  return page.evaluate(async () => {
    const report = await (window as unknown as { axe: typeof import('axe-core') }).axe.run(document, { resultTypes: ['violations'] });
    return report.violations.map((violation) => ({ id: violation.id, nodes: violation.nodes.map((node) => JSON.stringify(node.target)) }));
  });
}

/** A fresh context on the host page (a 1280×800 desktop, or a 360 px touch phone), the widget loaded without errors. */
export async function openPage(
  browser: Browser,
  url: string,
  options: { colorScheme?: 'light' | 'dark'; isPhone?: boolean } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    colorScheme: options.colorScheme ?? 'light',
    viewport: options.isPhone ? { width: 360, height: 740 } : { width: 1280, height: 800 },
    deviceScaleFactor: 1,
    hasTouch: options.isPhone,
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  await page.goto(url);
  await page.getByRole('button', { name: 'Search' }).waitFor();
  expect(errors).toEqual([]);
  return { context, page };
}

/** Opens the search dialog and types `query`, until its results (two options at least) are shown. */
export async function search(page: Page, query: string): Promise<void> {
  await page.getByRole('button', { name: 'Search' }).click();
  await page.getByRole('combobox', { name: 'Search the documentation' }).fill(query);
  await page.locator(`[role="listbox"][data-query="${query}"] [role="option"]`).nth(1).waitFor();
}

/** Asks the open assistant panel `question`, until its answer has ended; the request and response seen. */
export async function ask(page: Page, subdomain: string, question: string) {
  const route = `/v1/assistant/${subdomain}/message`;
  const response = page.waitForResponse((answer) => answer.url().endsWith(route));
  const request = page.waitForRequest((sent) => sent.url().endsWith(route));
  await page.getByRole('textbox', { name: 'Your question' }).fill(question);
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: 'Send' }).waitFor();
  return { request: await request, response: await response };
}
