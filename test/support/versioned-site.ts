import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** A big versioned site made from a multi-language one, as a Git repository in a temporary folder. */
export interface VersionedSite {
  dir: string;
  /** Newest first: the first is the default, served from the source's own files. */
  versions: string[];
  languages: string[];
  /** Navigation entries in all (pages × versions). */
  pages: number;
  /** Page files whose content differs (the source's pages, and each version's edited copies). */
  distinctPages: number;
  /** The repository path of a page of an older version (`v3/quickstart.mdx`) or of the default one (`quickstart.mdx`). */
  fileOf(version: string, page: string): string;
  /** Commits new content for one file; returns the commit. */
  commitFile(file: string, content: string): string;
  remove(): void;
}

type Json = Record<string, unknown>;

/**
 * `versions` versions of `source` (a folder with a docs.json whose `navigation.languages` hold tabs or
 * groups), in every language, as Mintlify sites keep them: the newest at the root as the source has it,
 * each older one a copy of its pages under `v{n}/` with `editsPerVersion` pages (in each language) edited.
 * Written with Git's plumbing, so the identical copies cost one blob and no disk.
 */
export function versionedSite(source: string, options: { versions: number; editsPerVersion: number }): VersionedSite {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-versioned-'));
  const git = (args: string[], input?: string) =>
    execFileSync('git', ['-C', dir, '-c', 'user.name=Bench', '-c', 'user.email=bench@example.com', ...args], {
      encoding: 'utf8',
      input,
      maxBuffer: 1 << 30,
    }).trim();
  git(['init', '-q', '-b', 'main']);
  fs.cpSync(source, dir, { recursive: true });
  git(['add', '-A']);

  const config = JSON.parse(fs.readFileSync(path.join(source, 'docs.json'), 'utf8')) as Json;
  const languages = ((config.navigation as Json).languages as Json[]).map((entry) =>
    typeof entry.$ref === 'string' ? { ...(JSON.parse(fs.readFileSync(path.join(source, entry.$ref), 'utf8')) as Json), ...withoutRef(entry) } : entry,
  );
  const versions = Array.from({ length: options.versions }, (_, i) => `v${options.versions - i}`);
  // Each copy is a path and the file on disk holding its content: the source's own, or an edited one.
  const copies: { target: string; file: string }[] = [];
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-versioned-edits-'));
  let pages = 0;
  let distinctPages = 0;
  const navigation = languages.map((language, l) => {
    const listed = pagesOf(language);
    pages += listed.length * versions.length;
    distinctPages += listed.length;
    const perVersion = versions.map((version, v) => {
      if (v === 0) return { version, default: true, ...withoutLanguageKeys(language) };
      const edited = new Set(Array.from({ length: options.editsPerVersion }, (_, e) => listed[(v * 7 + e * 131 + l) % listed.length]!));
      for (const page of listed) {
        const file = pageFile(dir, page);
        if (!file) continue;
        const target = `${version}/${file}`;
        if (!edited.has(page)) {
          copies.push({ target, file: path.join(dir, file) });
          continue;
        }
        const text = `${fs.readFileSync(path.join(dir, file), 'utf8')}\n\n## Changes in ${version}\n\nIn ${version}, this page described the behaviour of release ${version} (build ${v * 1000 + l}).\n`;
        const editedFile = path.join(scratch, `${copies.length}.mdx`);
        fs.writeFileSync(editedFile, text);
        copies.push({ target, file: editedFile });
        distinctPages++;
      }
      return { version, ...prefixed(withoutLanguageKeys(language), `${version}/`) };
    });
    return { language: language.language, versions: perVersion };
  });
  // One version has no copies to write.
  if (copies.length > 0) {
    const blobs = git(['hash-object', '-w', '--stdin-paths'], `${copies.map((copy) => copy.file).join('\n')}\n`).split('\n');
    git(['update-index', '--add', '--index-info'], `${copies.map((copy, i) => `100644 ${blobs[i]}\t${copy.target}`).join('\n')}\n`);
  }
  fs.rmSync(scratch, { recursive: true, force: true });
  const docs = { ...config, navigation: { ...(config.navigation as Json), languages: navigation } };
  fs.writeFileSync(path.join(dir, 'docs.json'), JSON.stringify(docs));
  git(['add', 'docs.json']);
  git(['commit', '-q', '-m', `${versions.length} versions`]);

  return {
    dir,
    versions,
    languages: navigation.map((language) => String(language.language)),
    pages,
    distinctPages,
    fileOf: (version, page) => {
      const file = pageFile(dir, page) ?? `${page}.mdx`;
      return version === versions[0] ? file : `${version}/${file}`;
    },
    commitFile(file, content) {
      const blob = git(['hash-object', '-w', '--stdin'], content);
      git(['update-index', '--add', '--cacheinfo', `100644,${blob},${file}`]);
      git(['commit', '-q', '-m', `Edit ${file}`]);
      return git(['rev-parse', 'HEAD']);
    },
    remove: () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}

function withoutRef(entry: Json): Json {
  const { $ref: _, ...rest } = entry;
  return rest;
}

function withoutLanguageKeys(language: Json): Json {
  const { language: _, default: __, ...rest } = language;
  return rest;
}

/** Every page a navigation node lists (`pages` entries and group `root`s), in order. */
function pagesOf(node: unknown, found: string[] = []): string[] {
  if (Array.isArray(node)) for (const item of node) pagesOf(item, found);
  else if (node && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      if (key === 'root' && typeof value === 'string') found.push(value);
      else if (key === 'pages' && Array.isArray(value)) for (const item of value) typeof item === 'string' ? found.push(item) : pagesOf(item, found);
      else if (typeof value === 'object') pagesOf(value, found);
    }
  }
  return found;
}

/** The node with every page it lists under `prefix`. */
function prefixed(node: Json, prefix: string): Json {
  const walk = (value: unknown, key?: string): unknown => {
    if (typeof value === 'string') return key === 'pages' || key === 'root' ? `${prefix}${value}` : value;
    if (Array.isArray(value)) return value.map((item) => walk(item, key));
    if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, walk(v, k)]));
    return value;
  };
  return walk(node) as Json;
}

function pageFile(dir: string, page: string): string | undefined {
  return ['.mdx', '.md'].map((extension) => `${page}${extension}`).find((file) => fs.existsSync(path.join(dir, file)));
}
