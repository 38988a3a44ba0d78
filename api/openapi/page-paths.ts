import path from 'node:path';
import type { Spec } from './load-spec.ts';
import { listOperations, type Operation, pageTitle } from './operations.ts';

/** Where generated pages go when a navigation `openapi` entry names no `directory`. */
export const DEFAULT_DIRECTORY = 'api-reference';
/** The navigation group of operations without tags. */
export const UNTAGGED_GROUP = 'API Reference';

/** A page made from one operation. */
export interface GeneratedPage {
  /** Its path, as navigation entries write pages: `api-reference/admin-api/products/list-products`. */
  path: string;
  operation: Operation;
  title: string;
  /** `x-mint.metadata.sidebarTitle`, for the navigation. */
  sidebarTitle?: string;
  /** `x-hidden`: the page is made and served but left out of the navigation. */
  isHidden: boolean;
}

export interface GeneratedGroup {
  /** The navigation label: the tag's `x-group`, else the tag, else "API Reference". */
  group: string;
  pages: GeneratedPage[];
}

/**
 * Mintlify's file name for a summary, tag or path, which its generated URLs are made of: spaces
 * become hyphens, path parameters (`{id}`) a hyphen, then `{}(),.'` newlines and slashes go, a
 * leading and a trailing hyphen go, doubled hyphens are halved once, and all is lower case. Other
 * characters (accents, `:`, CJK) stay as they are, as in Mintlify's URLs.
 */
export function filenameSlug(text: string): string {
  return text
    .replaceAll(' ', '-')
    .replace(/\{.*?\}/g, '-')
    .replace(/^-/, '')
    .replace(/-$/, '')
    .replace(/[{}(),.'\n/]/g, '')
    .replaceAll('--', '-')
    .toLowerCase();
}

/**
 * The page path Mintlify generates for an operation: `x-mint.href` when the document gives one,
 * else `{directory}/{first tag}/{summary}` (without a summary, `{method}-{path}`; a webhook, its name),
 * each part a filenameSlug. Not yet unique: see uniquePath.
 */
export function operationPagePath(operation: Operation, directory: string = DEFAULT_DIRECTORY): string {
  if (operation.mint.href) return trimSlashes(operation.mint.href).toLowerCase();
  const file =
    (operation.summary && filenameSlug(operation.summary)) ||
    (operation.isWebhook ? filenameSlug(operation.path) : `${operation.method}-${filenameSlug(operation.path)}`);
  const folder = operation.tags[0] ? filenameSlug(operation.tags[0]) : '';
  return path.posix.join(trimSlashes(directory), folder, file).toLowerCase();
}

/** `base`, else `base-1`, `base-2`…: the first not yet in `taken`, which it is added to. */
export function uniquePath(base: string, taken: Set<string>): string {
  let candidate = base;
  for (let n = 1; taken.has(candidate); n++) candidate = `${base}-${n}`;
  taken.add(candidate);
  return candidate;
}

/**
 * The pages a navigation `openapi` entry generates from a document (a group whose `openapi` is a path
 * or `{source, directory}`), grouped by tag in the order the document first uses each, each group in
 * the document's order. `x-excluded` operations make no page; `x-hidden` ones are listed with
 * `isHidden` (served, not in the navigation). Pass the same `taken` set for every page of a site to
 * keep paths unique across documents (Mintlify only keeps them unique within a group).
 */
export function generatedPages(spec: Spec, options: { directory?: string; taken?: Set<string> } = {}): GeneratedGroup[] {
  const taken = options.taken ?? new Set<string>();
  const groups = new Map<string, GeneratedPage[]>();
  for (const operation of listOperations(spec)) {
    if (operation.isExcluded) continue;
    const group = operation.group ?? UNTAGGED_GROUP;
    const sidebarTitle = operation.mint.metadata.sidebarTitle;
    const page: GeneratedPage = {
      path: uniquePath(operationPagePath(operation, options.directory), taken),
      operation,
      title: pageTitle(operation),
      ...(typeof sidebarTitle === 'string' && sidebarTitle.trim() ? { sidebarTitle: sidebarTitle.trim() } : {}),
      isHidden: operation.isHidden,
    };
    const pages = groups.get(group);
    if (pages) pages.push(page);
    else groups.set(group, [page]);
  }
  return [...groups].map(([group, pages]) => ({ group, pages }));
}

const trimSlashes = (value: string) =>
  value
    .trim()
    .replace(/^\.?\/+/, '')
    .replace(/\/+$/, '');
