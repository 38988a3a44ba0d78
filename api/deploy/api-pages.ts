import YAML from 'yaml';
import type { ParsedPage } from '../mintlify/mdx/parse-page.ts';
import { apiPageEndpoint } from '../openapi/api-frontmatter.ts';
import type { Endpoint } from '../openapi/endpoint.ts';
import type { GeneratedApiPage } from '../openapi/navigation-expansion.ts';
import { operationPage } from '../openapi/operation-page.ts';
import { findOperation, findSchema, parseOperationRef, parseSchemaRef } from '../openapi/references.ts';
import { schemaPage } from '../openapi/schema-page.ts';
import type { ApiReference } from './api-reference.ts';

/** An API page's operation as its page header and playground read it: the document it comes from, when one does. */
export type PageEndpoint = Endpoint & { spec?: string };

/** What a page shows when it is an API reference page: its text to parse, its endpoint, what it is made from. */
export interface ApiPageSource {
  text: string;
  endpoint?: PageEndpoint;
  /** Repository files the page is made from besides its own (its document, docs.json's `api` settings). */
  dependsOn: string[];
  /** What the page takes from the operation where its own frontmatter says nothing. */
  defaults: { title?: string; description?: string; keywords: string[] };
  warnings: string[];
}

/** The page the navigation makes from an operation: its frontmatter and reference, as MDX. */
export function generatedApiSource(page: GeneratedApiPage, reference: ApiReference): ApiPageSource {
  const { frontmatter, mdx, endpoint } = operationPage(page.operation, page.spec, reference.api);
  if (page.sidebarTitle) frontmatter.sidebarTitle = page.sidebarTitle;
  return {
    text: `---\n${YAML.stringify(frontmatter, { lineWidth: 0 })}---\n\n${mdx}`,
    endpoint: { ...endpoint, spec: page.spec.file },
    dependsOn: [page.spec.file, 'docs.json'],
    defaults: { keywords: [] },
    warnings: [],
  };
}

/** The frontmatter block, and whether it names an operation, a schema or an endpoint (the body's own `openapi:` lines, in code, do not count). */
const FRONTMATTER = /^---[ \t]*\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/;
const API_KEY = /^(?:openapi|openapi-schema|api)[ \t]*:/m;

/**
 * A page file written as an API page (Mintlify's api-playground/openapi-setup and mdx-setup):
 * `openapi: "METHOD /path"` shows that operation's reference after the page's own content,
 * `openapi-schema: Name` that data model, `api: "POST https://…"` gets the endpoint header and
 * playground over its hand-written fields. Undefined for any other page.
 */
export function apiPageSource(text: string, reference: ApiReference): ApiPageSource | undefined {
  const match = FRONTMATTER.exec(text);
  if (!match || !API_KEY.test(match[1]!)) return undefined;
  let frontmatter: Record<string, unknown> = {};
  try {
    const data: unknown = YAML.parse(match[1]!, { maxAliasCount: 100 });
    if (data && typeof data === 'object') frontmatter = data as Record<string, unknown>;
  } catch {
    return undefined; // the parser reports the frontmatter itself
  }
  const body = text.slice(match[0].length);
  const own = { title: typeof frontmatter.title === 'string', description: typeof frontmatter.description === 'string' };
  if (typeof frontmatter.openapi === 'string') {
    const ref = parseOperationRef(frontmatter.openapi);
    const found = ref && findOperation(ref, reference.specs);
    if (!found) return notFound(text, `openapi: ${JSON.stringify(frontmatter.openapi)} names an operation no OpenAPI document of the repository has`);
    const generated = operationPage(found.operation, found.spec, reference.api);
    return {
      text: `${text}\n\n${generated.mdx}`,
      endpoint: { ...generated.endpoint, spec: found.spec.file },
      dependsOn: [found.spec.file, 'docs.json'],
      defaults: {
        ...(own.title ? {} : { title: String(generated.frontmatter.title ?? '') }),
        ...(own.description || typeof generated.frontmatter.description !== 'string' ? {} : { description: generated.frontmatter.description }),
        keywords: Array.isArray(generated.frontmatter.keywords) ? generated.frontmatter.keywords.map(String) : [],
      },
      warnings: [],
    };
  }
  if (typeof frontmatter['openapi-schema'] === 'string') {
    const ref = parseSchemaRef(frontmatter['openapi-schema']);
    const found = ref && findSchema(ref, reference.specs);
    if (!found)
      return notFound(text, `openapi-schema: ${JSON.stringify(frontmatter['openapi-schema'])} names a schema no OpenAPI document of the repository has`);
    const generated = schemaPage(found, reference.api);
    return {
      text: `${text}\n\n${generated.mdx}`,
      dependsOn: [found.spec.file, 'docs.json'],
      defaults: { ...(own.title ? {} : { title: generated.title }), keywords: [found.name] },
      warnings: [],
    };
  }
  const manual = apiPageEndpoint(frontmatter, body, reference.api);
  if ('error' in manual) return notFound(text, manual.error);
  return { text, endpoint: manual.endpoint, dependsOn: ['docs.json'], defaults: { keywords: [] }, warnings: [] };
}

const notFound = (text: string, warning: string): ApiPageSource => ({ text, dependsOn: ['docs.json'], defaults: { keywords: [] }, warnings: [warning] });

/** A parsed API page with what it takes from its operation: a title and description where its frontmatter has none, keywords for search. */
export function withApiDefaults(page: ParsedPage, source: ApiPageSource): ParsedPage {
  const { title, description, keywords } = source.defaults;
  return {
    ...page,
    ...(title ? { title } : {}),
    ...(description ? { description } : {}),
    keywords: [...new Set([...page.keywords, ...keywords])],
    snippets: [...new Set([...page.snippets, ...source.dependsOn])],
  };
}
