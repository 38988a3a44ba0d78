import { cdp } from 'vitest/browser';
import '../../../../widget/index.ts';
import type { FolioAssistant } from '../../../../widget/elements/folio-assistant.ts';
import type { FolioSearch } from '../../../../widget/elements/folio-search.ts';

export const BASE_URL = 'https://folio.test';
export const SITE_URL = 'https://docs.acme.test/docs';

/** Puts the widget's elements on the test page, as a site would: one tag each. */
export async function mount<K extends 'folio-search' | 'folio-assistant' | 'folio-page-feedback'>(
  tag: K,
  attributes: Record<string, string> = {},
  parent: Element = document.body,
): Promise<HTMLElementTagNameMap[K]> {
  const element = document.createElement(tag);
  const all = { domain: 'acme', 'api-key': 'folio_assistant_test', 'base-url': BASE_URL, 'site-url': SITE_URL, ...attributes };
  for (const [name, value] of Object.entries(all)) element.setAttribute(name, value);
  parent.append(element);
  await (element as FolioSearch | FolioAssistant).updateComplete;
  return element;
}

/** Removes everything the tests put on the page, and what the widget stored. */
export function cleanPage(): void {
  document.body.replaceChildren();
  localStorage.clear();
}

/** The shadow root of a nested element, e.g. shadow(search, 'folio-search-dialog'). */
export function shadowOf(host: Element, ...path: string[]): ShadowRoot {
  let root = host.shadowRoot!;
  for (const selector of path) root = root.querySelector(selector)!.shadowRoot!;
  return root;
}

/** Waits until `check` returns a truthy value (the widget renders asynchronously). */
export async function until<T>(check: () => T | undefined | null | false, timeoutMs = 3000): Promise<T> {
  const start = performance.now();
  for (;;) {
    const value = check();
    if (value) return value;
    if (performance.now() - start > timeoutMs) throw new Error(`timed out waiting for ${check.toString()}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Emulates media features for the whole test page (prefers-color-scheme, prefers-reduced-motion); none resets. */
export async function emulateMedia(features: { name: string; value: string }[] = []): Promise<void> {
  await cdp().send('Emulation.setEmulatedMedia', { features });
}

/** Resolves once what changed before the call has been laid out and measured (ResizeObserver callbacks run after layout). */
export async function afterLayout(): Promise<void> {
  for (let frame = 0; frame < 2; frame++) await new Promise(requestAnimationFrame);
}
