import type { Db } from '../db/database.ts';
import type { GitMirror } from '../deploy/git.ts';
import { isObject, type Json, type JsonObject } from '../mintlify/config-refs.ts';
import type { Navigation, NavigationPage } from '../mintlify/navigation.ts';
import { routeOf } from '../mintlify/page-route.ts';
import { markdownAtRoute } from '../render/route-marks.ts';
import { agentInstructionsOf } from './agent-instructions.ts';
import { type LlmsPage, type LlmsSite, llmsFullTxt, llmsTxt } from './llms-txt.ts';

/** A repository's own files of these names are served instead of the generated ones (ai/llmstxt.mdx, Custom files). */
const CUSTOM_FILES = { llmsTxt: 'llms.txt', llmsFullTxt: 'llms-full.txt' } as const;

/**
 * Makes a deployment's llms.txt and llms-full.txt (ai/llmstxt.mdx) and stores them with its site, so
 * they go live with it: the default language's pages of its default version and of no version, in
 * docs.json order, without the pages search leaves out (hidden, `noindex`, unless `seo.indexing: "all"`), then, under "all", the
 * pages the navigation does not list; each page's Markdown from its stored render. A file of the same
 * name at the repository's root wins.
 */
export async function buildAgentTexts(input: {
  db: Db;
  deploymentId: string;
  mirror: GitMirror;
  tree: Map<string, string>;
  config: JsonObject;
  navigation: Navigation;
  /** The repository's pages the navigation does not list (part of `navigation` under `seo.indexing: "all"`). */
  unlisted: readonly NavigationPage[];
}): Promise<{ llmsTxtPages: number; llmsFullChars: number; isCustom: { llmsTxt: boolean; llmsFullTxt: boolean } }> {
  const { db, deploymentId, navigation } = input;
  const versions = [...new Set([navigation.defaultVersion, ''])];
  const rows = await db.deploymentPage.findMany({
    where: { deploymentId, language: navigation.defaultLanguage, version: { in: versions }, isSearchable: true },
    select: { route: true, page: { select: { title: true, description: true, render: { select: { markdown: true } } } } },
  });
  const byRoute = new Map(rows.map((row) => [row.route, row.page]));
  const unlisted = new Set(input.unlisted.map((page) => page.page));
  const listed: LlmsPage[] = [];
  const extra: LlmsPage[] = [];
  const seen = new Set<string>();
  for (const nav of navigation.pages) {
    if (nav.language !== navigation.defaultLanguage || !versions.includes(nav.version)) continue;
    const route = routeOf(nav.page);
    const page = byRoute.get(route);
    if (!page || seen.has(route)) continue;
    seen.add(route);
    (unlisted.has(nav.page) ? extra : listed).push({ route, title: page.title, description: page.description });
  }
  const site: LlmsSite = {
    name: stringAt(input.config, 'name') || 'Documentation',
    description: stringAt(input.config, 'description'),
    instructions: agentInstructionsOf(input.config),
    pages: listed,
    extraPages: extra,
    openApiSpecs: specsOf(input.config, 'openapi'),
    asyncApiSpecs: specsOf(input.config, 'asyncapi'),
    externalLinks: externalLinksOf(input.config.navigation),
  };
  const custom = await customFiles(input.mirror, input.tree);
  const texts = {
    llmsTxt: custom.llmsTxt ?? llmsTxt(site),
    llmsFullTxt: custom.llmsFullTxt ?? llmsFullTxt(site, (route) => markdownAtRoute(byRoute.get(route)?.render?.markdown ?? '', route)),
  };
  await db.siteBuild.update({ where: { deploymentId }, data: texts, select: { deploymentId: true } });
  return {
    llmsTxtPages: listed.length + extra.length,
    llmsFullChars: texts.llmsFullTxt.length,
    isCustom: { llmsTxt: custom.llmsTxt !== undefined, llmsFullTxt: custom.llmsFullTxt !== undefined },
  };
}

async function customFiles(mirror: GitMirror, tree: Map<string, string>): Promise<Partial<Record<keyof typeof CUSTOM_FILES, string>>> {
  const found = Object.entries(CUSTOM_FILES).filter(([, file]) => tree.has(file));
  if (found.length === 0) return {};
  const contents = await mirror.readBlobBytes(found.map(([, file]) => tree.get(file)!));
  return Object.fromEntries(found.map(([name, file]) => [name, Buffer.from(contents.get(tree.get(file)!) ?? []).toString('utf8')]));
}

const stringAt = (config: JsonObject, key: string): string => {
  const value = config[key];
  return typeof value === 'string' ? value.trim() : '';
};

/**
 * The OpenAPI (or AsyncAPI) documents docs.json names anywhere: `"openapi": "openapi.json"`, a list
 * of them, or `{"source": …}`, at the top or on a tab, group or page entry of the navigation.
 */
function specsOf(config: JsonObject, key: 'openapi' | 'asyncapi'): string[] {
  const found = new Set<string>();
  const add = (value: Json | undefined) => {
    if (typeof value === 'string' && value.trim() !== '') found.add(value.trim().replace(/^\.?\//, ''));
    else if (Array.isArray(value)) value.forEach(add);
    else if (isObject(value)) add(value.source);
  };
  walk(config, (object) => add(object[key]));
  return [...found];
}

/** The navigation's links to other sites (a tab, anchor or item with an absolute `href`), each once. */
function externalLinksOf(navigation: Json | undefined): { title: string; url: string }[] {
  const links = new Map<string, string>();
  walk(navigation, (object) => {
    const href = object.href;
    if (typeof href !== 'string' || !/^https?:\/\//i.test(href) || links.has(href)) return;
    const label = ['anchor', 'tab', 'dropdown', 'item', 'product', 'title', 'name', 'label']
      .map((name) => object[name])
      .find((value) => typeof value === 'string');
    links.set(href, typeof label === 'string' && label.trim() !== '' ? label.trim() : href);
  });
  return [...links].map(([url, title]) => ({ url, title }));
}

/** Calls `visit` on every object of a JSON value, depth first (docs.json is a tree of a few thousand nodes at most). */
function walk(value: Json | undefined, visit: (object: JsonObject) => void, depth = 0): void {
  if (depth > 50) return;
  if (Array.isArray(value)) for (const item of value) walk(item, visit, depth + 1);
  else if (isObject(value)) {
    visit(value);
    for (const child of Object.values(value)) walk(child, visit, depth + 1);
  }
}
