import { findUnstorableText } from '../http/input-guards.ts';
import { ConfigError, isObject, resolveRefs, type Json, type JsonObject } from '../mintlify/config-refs.ts';
import { brokenPage, parsePage, snippetReferences, MAX_SNIPPET_DEPTH, type ParsedPage } from '../mintlify/mdx/parse-page.ts';
import { upgradeLegacyConfig } from '../mintlify/legacy-config.ts';
import { readNavigation, type Navigation, type NavigationPage } from '../mintlify/navigation.ts';

/**
 * Where a docs project's files come from: a commit of the repository mirror (deployments) or a
 * working copy on disk (agent jobs). Both read the project with the functions below, so an agent job
 * sees exactly the problems a deployment would have.
 */
export interface ProjectFiles {
  has(file: string): boolean;
  read(files: string[]): Promise<Map<string, string>>;
}

/** A project that cannot be deployed as it is: what is wrong, whether the message already says what to do, and where. */
export class ProjectProblem extends Error {
  constructor(
    message: string,
    readonly saysWhatToDo = false,
    readonly at?: { file: string; line: number },
  ) {
    super(message);
  }
}

/** The project's config as every reader sees it: docs.json, or a legacy mint.json upgraded to one. */
export interface ProjectConfig {
  config: JsonObject;
  /** The file it was read from. */
  file: 'docs.json' | 'mint.json';
  /** For a mint.json: what its upgrade had to leave out (legacy-config.ts). */
  upgradeWarnings: string[];
}

/**
 * docs.json (or legacy mint.json) with its `$ref`s resolved, read into the site's navigation. `where`
 * names the branch or folder for the messages.
 */
export async function readProjectNavigation(files: ProjectFiles, where: string): Promise<Navigation> {
  return readNavigation((await readProjectConfig(files, where)).config);
}

/**
 * docs.json with its `$ref`s resolved: the navigation and everything else the site shows. A project
 * that still has only a mint.json is read as Mintlify's upgrade to docs.json would read it, so nothing
 * downstream reads mint.json.
 */
export async function readProjectConfig(files: ProjectFiles, where: string): Promise<ProjectConfig> {
  const file = files.has('docs.json') ? 'docs.json' : files.has('mint.json') ? 'mint.json' : undefined;
  if (!file) {
    throw new ProjectProblem(`No docs.json (or legacy mint.json) at the root of ${where}; add one that lists the pages in "navigation"`, true);
  }
  const parsed = new Map<string, Json>();
  const readJson = async (jsonFile: string): Promise<Json> => {
    if (!files.has(jsonFile)) throw new ConfigError(`${jsonFile} does not exist`);
    if (!parsed.has(jsonFile)) {
      const text = (await files.read([jsonFile])).get(jsonFile) ?? '';
      let value: Json;
      try {
        value = JSON.parse(text) as Json;
      } catch (error) {
        throw new ConfigError(`${jsonFile} is not valid JSON (${(error as Error).message})`, { file: jsonFile, line: lineOfJsonError(text, error as Error) });
      }
      const unstorable = findUnstorableText(value); // PostgreSQL cannot store it in a page path, a log line or JSON
      if (unstorable) throw new ConfigError(`${jsonFile} has ${unstorable.what} in ${unstorable.path.join('.') || 'its value'}`, { file: jsonFile, line: 1 });
      parsed.set(jsonFile, value);
    }
    return parsed.get(jsonFile)!;
  };
  let config: Json;
  try {
    config = await resolveRefs(file, readJson);
  } catch (error) {
    if (error instanceof ConfigError) throw new ProjectProblem(error.message, false, error.at ?? { file, line: 1 });
    throw error;
  }
  if (!isObject(config)) throw new ProjectProblem(`${file} must hold a JSON object with a "navigation"`, false, { file, line: 1 });
  if (file === 'docs.json') return { config, file, upgradeWarnings: [] };
  const upgraded = upgradeLegacyConfig(config);
  return { config: upgraded.config, file, upgradeWarnings: upgraded.warnings };
}

/** The line a JSON.parse error points at ("... in JSON at position 42"), else the first. */
function lineOfJsonError(text: string, error: Error): number {
  const position = /at position (\d+)/.exec(error.message)?.[1];
  const line = /\(line (\d+) column/.exec(error.message)?.[1];
  if (line) return Number(line);
  return position ? text.slice(0, Number(position)).split('\n').length : 1;
}

/** The file that holds a navigation page: `page.mdx`, `page.md` or `page/index.mdx`. */
export function sourceOf(page: NavigationPage, files: Pick<ProjectFiles, 'has'>): string | undefined {
  for (const suffix of SOURCE_SUFFIXES) if (files.has(`${page.page}${suffix}`)) return `${page.page}${suffix}`;
  return undefined;
}

const SOURCE_SUFFIXES = ['.mdx', '.md', '/index.mdx'];

/**
 * Reads pages and, level by level, the snippets they import, so that a one-page change reads a handful of
 * files rather than the whole repository. Returns a synchronous reader over what it read.
 */
export async function readPagesAndSnippets(files: ProjectFiles, pages: string[]): Promise<(file: string) => string | undefined> {
  const contents = new Map<string, string>();
  let wanted = pages;
  for (let depth = 0; depth <= MAX_SNIPPET_DEPTH && wanted.length > 0; depth++) {
    const read = await files.read(wanted);
    const next = new Set<string>();
    for (const file of wanted) {
      const text = read.get(file) ?? '';
      contents.set(file, text);
      for (const snippet of snippetReferences(file, text)) {
        if (files.has(snippet) && !contents.has(snippet)) next.add(snippet);
      }
    }
    wanted = [...next];
  }
  return (file: string) => contents.get(file);
}

/** Parses a page; an unexpected error in the parser is reported on that page, never thrown. */
export function parseOrReport(sourcePath: string, readFile: (file: string) => string | undefined): ParsedPage {
  try {
    return parsePage(sourcePath, readFile(sourcePath) ?? '', readFile);
  } catch (error) {
    return brokenPage(sourcePath, `could not be read (${(error as Error).message})`);
  }
}

/** What a deployment of the project would report, without deploying it. */
export interface ProjectCheck {
  /** Problems that would fail the deployment or leave pages out: broken navigation, a missing or unparsable page. */
  problems: string[];
  /** Warnings a deployment would log (a missing snippet, markup it could not read). */
  warnings: string[];
  pages: number;
}

/**
 * Reads the project as a deployment would, and says what would go wrong. With `changed`, only the pages
 * among those files are parsed (the others deployed as they are); the navigation is always checked whole.
 */
export async function checkProject(files: ProjectFiles, where: string, changed?: ReadonlySet<string>): Promise<ProjectCheck> {
  let navigation: Navigation;
  try {
    navigation = await readProjectNavigation(files, where);
  } catch (error) {
    if (error instanceof ProjectProblem) return { problems: [error.message], warnings: [], pages: 0 };
    throw error;
  }
  const problems: string[] = [];
  const warnings = navigation.warnings.map((warning) => `${warning}`);
  const sources = new Set<string>();
  for (const page of navigation.pages) {
    const source = sourceOf(page, files);
    if (source) sources.add(source);
    else problems.push(`the navigation lists "${page.page}", which has no .mdx or .md file`);
  }
  // A changed snippet may break any page that includes it: then every page is parsed.
  const parseAll = !changed || [...changed].some((file) => file.startsWith('snippets/'));
  const toParse = [...sources].filter((source) => parseAll || changed.has(source));
  const readFile = await readPagesAndSnippets(files, toParse);
  for (const source of toParse) {
    const page = parseOrReport(source, readFile);
    for (const warning of page.warnings) {
      const line = `${warning.file}:${warning.line}: ${warning.message}`;
      if (page.isBroken) problems.push(`${line} (the page would be left out)`);
      else warnings.push(line);
    }
  }
  if (navigation.pages.length === 0) problems.push('the navigation lists no page');
  return { problems, warnings, pages: sources.size };
}
