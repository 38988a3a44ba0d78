import type { JsonObject } from '../mintlify/config-refs.ts';
import { MINTIGNORE_FILE, mintIgnore } from '../mintlify/mint-ignore.ts';
import { readNavigation, unlistedPages, type Navigation, type NavigationPage } from '../mintlify/navigation.ts';
import { type ApiReference, readApiReference } from './api-reference.ts';
import { commitFiles, type GitMirror } from './git.ts';
import { readProjectConfig } from './project-reader.ts';

/** What a commit's docs.json (or mint.json) and OpenAPI documents make of it. */
export interface CommitNavigation {
  navigation: Navigation;
  /** Pages served by URL only: outside the navigation and out of search. */
  offNavigation: NavigationPage[];
  /** The pages the navigation does not list (hidden pages), searchable or not. */
  unlisted: NavigationPage[];
  /** docs.json, its `openapi` entries made into pages: for the site's layout. */
  config: JsonObject;
  /** For a legacy mint.json: what its upgrade to docs.json left out. */
  upgraded: { warnings: string[] } | undefined;
  apiReference: ApiReference;
}

/**
 * The commit's navigation, read as every reader of a project reads it (project-reader.ts), with the
 * pages it does not list (hidden pages, searchable under `seo.indexing: "all"`). Throws ProjectProblem
 * when the commit has no readable configuration. `tree` holds the files of the project's docs folder
 * (filesOfDocsFolder), named for messages with `branch`.
 */
export async function readCommitNavigation(
  mirror: GitMirror,
  tree: Map<string, string>,
  { branch, docsFolder }: { branch: string; docsFolder: string },
): Promise<CommitNavigation> {
  const files = commitFiles(mirror, tree);
  const where = docsFolder ? `the folder ${docsFolder}/ of branch "${branch}"` : `branch "${branch}"`;
  const { config: written, file, upgradeWarnings } = await readProjectConfig(files, where);
  const upgraded = file === 'mint.json' ? { warnings: upgradeWarnings } : undefined;
  // The navigation's `openapi` entries become pages: from here on, the config lists them as pages.
  const apiReference = await readApiReference(files, tree.keys(), written, (path) => tree.get(path));
  const config = apiReference.navigation.config;
  const listed = readNavigation(config);
  const unlisted = [...unlistedPages(listed, tree.keys()), ...hiddenApiPages(listed, apiReference)];
  // Under seo.indexing "all" they join the navigation (and search); otherwise they are served by URL only.
  if (listed.indexesHiddenPages)
    return { navigation: { ...listed, pages: [...listed.pages, ...unlisted] }, offNavigation: [], unlisted, config, upgraded, apiReference };
  return { navigation: listed, offNavigation: unlisted, unlisted, config, upgraded, apiReference };
}

/** The files of a commit's docs folder (`''`: all of them), by their paths from it. */
export function filesOfDocsFolder(tree: Map<string, string>, docsFolder: string): Map<string, string> {
  if (!docsFolder) return tree;
  const files = new Map<string, string>();
  for (const [file, blob] of tree) {
    const inFolder = pathInDocsFolder(file, docsFolder);
    if (inFolder !== undefined) files.set(inFolder, blob);
  }
  return files;
}

/**
 * The folder of the commit that holds a docs.json (or mint.json), nearest the root (`''` for the root),
 * when the project's docs folder holds none: where its docs most likely are (docs/ in a product's
 * repository).
 */
export function otherDocsFolder(tree: Map<string, string>, docsFolder: string): string | undefined {
  const folders = [...tree.keys()]
    .filter((file) => /(^|\/)(docs|mint)\.json$/.test(file))
    .map((file) => file.slice(0, Math.max(0, file.lastIndexOf('/'))))
    .filter((folder) => folder !== docsFolder && !folder.split('/').some((part) => part.startsWith('.') || part === 'node_modules'));
  const depth = (folder: string) => (folder ? folder.split('/').length : 0);
  return folders.sort((a, b) => depth(a) - depth(b) || a.localeCompare(b))[0];
}

/** A repository path as the project's docs folder names it, or undefined for a file outside the folder. */
export function pathInDocsFolder(file: string, docsFolder: string): string | undefined {
  if (!docsFolder) return file;
  return file.startsWith(`${docsFolder}/`) ? file.slice(docsFolder.length + 1) : undefined;
}

/** The commit's files less those its `.mintignore` excludes from the site (they are not read at all). */
export async function publishedFiles(mirror: GitMirror, tree: Map<string, string>): Promise<Map<string, string>> {
  const rules = tree.get(MINTIGNORE_FILE);
  if (!rules) return tree;
  const isIgnored = mintIgnore((await mirror.readBlobs([rules])).get(rules));
  return new Map([...tree].filter(([file]) => !isIgnored(file)));
}

/** Pages made from `x-hidden` operations: served by URL, out of the navigation (and of search, as hidden pages are). */
function hiddenApiPages(navigation: Navigation, reference: ApiReference): NavigationPage[] {
  const listed = new Set(navigation.pages.map((page) => page.page));
  return reference.navigation.hidden
    .filter((page) => !listed.has(page))
    .map((page) => ({ page, language: navigation.defaultLanguage, version: navigation.defaultVersion, section: '', isHidden: true, isSearchable: false }));
}
