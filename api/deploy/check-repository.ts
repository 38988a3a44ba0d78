import { counted } from '../counted.ts';
import { readNavigation, unlistedPages, type NavigationPage } from '../mintlify/navigation.ts';
import { findBrokenLinks } from './broken-links.ts';
import { apiPageSource } from './api-pages.ts';
import { readApiReference } from './api-reference.ts';
import { type ProjectFiles, ProjectProblem, parseOrReport, readPagesAndSnippets, readProjectConfig, sourceOf } from './project-reader.ts';

/** A problem at a place in the repository. */
export interface Finding {
  file: string;
  line: number;
  message: string;
}

export interface RepositoryReport {
  /** What breaks the site for its readers: a config that cannot be read, a page or snippet missing or left out, a broken link. */
  errors: Finding[];
  /** What a deployment would warn about and still serve. */
  warnings: Finding[];
  /** Pages read (in the navigation, and outside it but served by URL). */
  pages: number;
  /** docs.json or mint.json; undefined when there is neither. */
  configFile?: string;
}

/**
 * Reads a repository as a deployment would, without deploying it, and reports every problem with its
 * file and line: the config and its `$ref`s (a mint.json through its upgrade), the navigation's pages,
 * each page and its snippets as the parser reads them, and the links between pages (broken-links.ts).
 */
export async function checkRepository(files: ProjectFiles, paths: string[], where: string): Promise<RepositoryReport> {
  const configTexts = new Map<string, string>();
  const recording: ProjectFiles = {
    has: (file) => files.has(file),
    read: async (list) => {
      const read = await files.read(list);
      for (const [file, text] of read) if (file.endsWith('.json')) configTexts.set(file, text);
      return read;
    },
  };
  let project: Awaited<ReturnType<typeof readProjectConfig>>;
  try {
    project = await readProjectConfig(recording, where);
  } catch (error) {
    if (!(error instanceof ProjectProblem)) throw error;
    const configFile = files.has('docs.json') ? 'docs.json' : 'mint.json';
    // A `$ref` to a file that is not there: the reference that names it.
    const missing = /^(\S+) does not exist$/.exec(error.message)?.[1]?.split('/').at(-1);
    const at =
      error.at ?? (missing ? locateIn(configTexts, configFile, new RegExp(`"\\$ref"\\s*:\\s*"[^"]*${escapeRegExp(missing)}"`)) : { file: configFile, line: 1 });
    return { errors: [{ ...at, message: error.message }], warnings: [], pages: 0, configFile: files.has(configFile) ? configFile : undefined };
  }
  const { config, file: configFile } = project;
  const errors: Finding[] = [];
  const warnings: Finding[] = [];
  const locate = (needle: RegExp) => locateIn(configTexts, configFile, needle);

  for (const warning of project.upgradeWarnings) {
    const key = /^"?([A-Za-z$]\w*)/.exec(warning)?.[1];
    warnings.push({ ...(key ? locate(new RegExp(`"${key}"\\s*:`)) : { file: configFile, line: 1 }), message: warning });
  }
  const reference = await readApiReference(files, paths, config);
  for (const warning of reference.warnings) warnings.push({ file: configFile, line: 1, message: warning });
  const listed = readNavigation(reference.navigation.config);
  for (const warning of listed.warnings) warnings.push({ file: configFile, line: 1, message: warning });
  if (listed.pages.length === 0) errors.push({ file: configFile, line: 1, message: 'the navigation lists no page' });
  const unlisted = unlistedPages(listed, paths);
  const served: NavigationPage[] = [...listed.pages, ...unlisted];

  const sources = new Set<string>();
  for (const page of listed.pages) {
    const source = sourceOf(page, files);
    if (source) sources.add(source);
    else if (!reference.navigation.pages.has(page.page))
      errors.push({ ...locate(pageEntry(page.page)), message: `the navigation lists "${page.page}", which has no .mdx or .md file` });
  }
  for (const page of unlisted) sources.add(sourceOf(page, files)!);

  const read = await readPagesAndSnippets(files, [...sources]);
  for (const source of sources) {
    const api = apiPageSource(read(source) ?? '', reference);
    for (const message of api?.warnings ?? []) warnings.push({ file: source, line: 1, message });
    const page = parseOrReport(source, api ? (file) => (file === source ? api.text : read(file)) : read);
    for (const [name, count] of Object.entries(page.unknownComponents)) {
      const line = (read(source) ?? '').split('\n').findIndex((text) => text.includes(`<${name}`)) + 1;
      warnings.push({
        file: source,
        line: Math.max(1, line),
        message: `<${name}> is not a component Mintlify documents or the page defines (${counted(count, 'use')}); its content is shown without it`,
      });
    }
    const missing = page.snippets.filter((snippet) => !files.has(snippet));
    for (const warning of page.warnings) {
      // A snippet the parser cannot find is left out of its page, a page it cannot read out of the site.
      const isMissingSnippet = missing.some((snippet) => warning.message.includes(snippet));
      const message = `${warning.message}${page.isBroken && !isMissingSnippet ? ' (the page is left out)' : ''}`;
      (page.isBroken || isMissingSnippet ? errors : warnings).push({ file: warning.file, line: warning.line, message });
    }
  }
  for (const { isError, ...link } of await findBrokenLinks(files, paths, served, config)) (isError ? errors : warnings).push(link);
  return { errors: tidy(errors), warnings: tidy(warnings), pages: sources.size, configFile };
}

/** A navigation entry for the page as the config may write it: `"page"`, `"/page"`, `"page.mdx"`. */
function pageEntry(page: string): RegExp {
  return new RegExp(`"/*${escapeRegExp(page)}(\\.mdx?)?"`);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Where a config file (the main one first, then those its `$ref`s name) holds `needle`; else its first line. */
function locateIn(texts: Map<string, string>, configFile: string, needle: RegExp): { file: string; line: number } {
  const ordered = [configFile, ...[...texts.keys()].filter((file) => file !== configFile)];
  for (const file of ordered) {
    const text = texts.get(file) ?? '';
    const match = needle.exec(text);
    if (match) return { file, line: text.slice(0, match.index).split('\n').length };
  }
  return { file: configFile, line: 1 };
}

/** Each finding once (a snippet read by many pages reports once), by file and line. */
function tidy(findings: Finding[]): Finding[] {
  const seen = new Map(findings.map((finding) => [`${finding.file}\u0000${finding.line}\u0000${finding.message}`, finding]));
  return [...seen.values()].sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line);
}
