import { isObject, type Json, type JsonObject } from '../mintlify/config-refs.ts';
import { isSpecUrl, type Spec, specUrlMessage } from './load-spec.ts';
import { findOperation, parseOperationRef, specsNamed } from './references.ts';
import { type GeneratedGroup, generatedPages, operationPagePath, uniquePath } from './page-paths.ts';
import type { Operation } from './operations.ts';

/** A page the navigation makes from an operation: which document and operation it shows. */
export interface GeneratedApiPage {
  spec: Spec;
  operation: Operation;
  /** `x-mint.metadata.sidebarTitle`, else the page's title comes from the operation. */
  sidebarTitle?: string;
}

export interface ApiNavigation {
  /** docs.json with every `openapi` entry made into pages: what the navigation and the sidebar read. */
  config: JsonObject;
  /** Every page made from an operation, by page path (`api-reference/products/list-products`). */
  pages: Map<string, GeneratedApiPage>;
  /** Pages made from `x-hidden` operations: served, not in the navigation. */
  hidden: string[];
  warnings: string[];
}

/** Where a navigation entry's `openapi` names documents, and the folder its pages go to. */
interface OpenApiSource {
  files: string[];
  directory?: string;
}

/**
 * Mintlify's navigation `openapi` entries made into ordinary pages (its api-playground/openapi-setup):
 * an element with `openapi` and nothing else of its own becomes a group per tag of the document's
 * operations (inside a group, nested groups); `"METHOD /path"`, `"file.json METHOD /path"` and
 * `"webhook name"` entries of `pages` become the page of that operation, found in the document the
 * entry names or the nearest `openapi` above it (else in every document). The same document and folder
 * give the same pages wherever they appear (a spec shared by versions is one set of pages).
 */
export function expandApiNavigation(config: JsonObject, specs: readonly Spec[]): ApiNavigation {
  const pages = new Map<string, GeneratedApiPage>();
  const hidden: string[] = [];
  const warnings = new Set<string>();
  const taken = new Set<string>();
  const generatedBySource = new Map<string, GeneratedGroup[]>();
  const pathByOperation = new Map<Operation, string>();

  const groupsOf = (file: string, directory: string | undefined): GeneratedGroup[] => {
    const key = `${file}\u0000${directory ?? ''}`;
    let groups = generatedBySource.get(key);
    if (groups) return groups;
    groups = [];
    for (const spec of specsNamed(file, specs).slice(0, 1)) {
      groups = generatedPages(spec, { ...(directory ? { directory } : {}), taken });
      for (const group of groups) {
        for (const page of group.pages) {
          pages.set(page.path, { spec, operation: page.operation, ...(page.sidebarTitle ? { sidebarTitle: page.sidebarTitle } : {}) });
          pathByOperation.set(page.operation, page.path);
          if (page.isHidden) hidden.push(page.path);
        }
      }
    }
    if (specsNamed(file, specs).length === 0)
      warnings.add(`navigation: the OpenAPI document ${file} is not in the repository (or could not be read); its pages were left out`);
    generatedBySource.set(key, groups);
    return groups;
  };

  const pageOf = (entry: string, source: OpenApiSource | undefined): string | undefined => {
    const ref = parseOperationRef(entry);
    if (!ref) return undefined;
    let found: ReturnType<typeof findOperation>;
    for (const file of ref.file ? [ref.file] : (source?.files ?? [undefined])) {
      found = findOperation(ref, specs, file);
      if (found) break;
    }
    if (!found) {
      warnings.add(`navigation: "${entry}" names an operation no OpenAPI document of the repository has; it was left out`);
      return '';
    }
    let page = pathByOperation.get(found.operation);
    if (!page) {
      page = uniquePath(operationPagePath(found.operation, source?.directory), taken);
      pathByOperation.set(found.operation, page);
      pages.set(page, { spec: found.spec, operation: found.operation });
    }
    return page;
  };

  /** A navigation value with its `openapi` entries expanded; strings are pages only in a `pages` list. */
  const expand = (node: Json, inherited: OpenApiSource | undefined, isPages: boolean, depth: number): Json => {
    if (depth > 100) return node;
    if (Array.isArray(node)) {
      return node.flatMap((item) => {
        if (typeof item !== 'string' || !isPages) return [expand(item, inherited, false, depth + 1)];
        const page = pageOf(item, inherited);
        return page === undefined ? [item] : page ? [page] : [];
      });
    }
    if (!isObject(node)) return node;
    const own = sourceOf(node.openapi, warnings);
    const source = own ?? inherited;
    const out: JsonObject = {};
    for (const [key, value] of Object.entries(node)) {
      // `openapi` stays: llms.txt lists the documents the navigation names.
      out[key] = key !== 'openapi' && (isObject(value) || Array.isArray(value)) ? expand(value, source, key === 'pages', depth + 1) : value;
    }
    if (own && makesAllPages(node)) {
      const groups = own.files.flatMap((file) => groupsOf(file, own.directory));
      const entries = groups.map((group) => ({ group: group.group, pages: group.pages.filter((page) => !page.isHidden).map((page) => page.path) }));
      // Inside a group, after its own pages: a document with one tag is that group's pages; with several, a group per tag.
      if (typeof node.group === 'string') out.pages = [...(Array.isArray(out.pages) ? out.pages : []), ...(entries.length === 1 ? entries[0]!.pages : entries)];
      else out.groups = [...(Array.isArray(out.groups) ? out.groups : []), ...entries];
    }
    return out;
  };

  // docs.json `api.openapi` is the documents every entry of the navigation may name operations of.
  const siteSource = isObject(config.api) ? sourceOf(config.api.openapi, warnings) : undefined;
  const navigation = config.navigation === undefined ? undefined : expand(config.navigation, siteSource, Array.isArray(config.navigation), 0);
  const expanded: JsonObject = navigation === undefined ? config : { ...config, navigation };
  return { config: expanded, pages, hidden, warnings: [...warnings] };
}

/** Keys under which a navigation element holds further elements: then its `openapi` is the document they inherit. */
const CONTAINER_KEYS = ['groups', 'tabs', 'anchors', 'dropdowns', 'products', 'menu', 'versions', 'languages'];

/**
 * Whether an element's `openapi` makes a page of every operation: when it holds no further elements and
 * its pages name no operation (`"GET /users"` picks operations one by one). Its own pages come first
 * (a group's "Authentication" page before the endpoints, as real sites link them).
 */
function makesAllPages(node: JsonObject): boolean {
  if (CONTAINER_KEYS.some((key) => Array.isArray(node[key]) && (node[key] as Json[]).length > 0)) return false;
  const pages = Array.isArray(node.pages) ? node.pages : [];
  return !pages.some((page) => typeof page === 'string' && parseOperationRef(page) !== undefined);
}

/** An `openapi` value: a path, a list of paths, or `{source, directory}`; URLs are warned about and left out. */
function sourceOf(value: Json | undefined, warnings: Set<string>): OpenApiSource | undefined {
  const raw = typeof value === 'string' || Array.isArray(value) ? value : isObject(value) ? value.source : undefined;
  const directory = isObject(value) && typeof value.directory === 'string' ? value.directory : undefined;
  const files = (Array.isArray(raw) ? raw : [raw]).filter((file): file is string => typeof file === 'string' && file.trim() !== '');
  if (files.length === 0) return undefined;
  const local = files.filter((file) => {
    if (!isSpecUrl(file)) return true;
    warnings.add(`navigation: ${specUrlMessage(file)}`);
    return false;
  });
  return local.length > 0 ? { files: local.map((file) => file.replace(/^\.?\//, '')), ...(directory ? { directory } : {}) } : undefined;
}
