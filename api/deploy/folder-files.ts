import fs from 'node:fs/promises';
import path from 'node:path';
import { MINTIGNORE_FILE, mintIgnore } from '../mintlify/mint-ignore.ts';
import { fileText } from './file-text.ts';
import type { ProjectFiles } from './project-reader.ts';

/** Folders a docs repository has that are never its content (a commit would not hold node_modules). */
const SKIPPED = new Set(['.git', 'node_modules']);

/**
 * A docs project in a folder on disk, read as a deployment reads a commit: every file below the folder
 * by its repository path (`guides/setup.mdx`), listed once. Symbolic links are followed as a deployment
 * follows them (commit-symlinks.ts): within the folder only, and never into a folder that holds the link.
 */
export async function folderFiles(root: string): Promise<ProjectFiles & { paths: string[] }> {
  const paths: string[] = [];
  const realRoot = await fs.realpath(root);
  /** `within`: the real paths of the folders being walked, down to `dir`; a link back into one is a circle. */
  const walk = async (dir: string, within: readonly string[]) => {
    const real = await fs.realpath(dir);
    if (within.includes(real)) return;
    for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
      const at = path.join(dir, entry.name);
      const kind = entry.isSymbolicLink() ? await linkedKind(at, realRoot) : entry;
      if (kind?.isDirectory() && !SKIPPED.has(entry.name)) await walk(at, [...within, real]);
      else if (kind?.isFile()) paths.push(path.relative(root, at).split(path.sep).join('/'));
    }
  };
  await walk(root, []);
  // What the project's .mintignore excludes is not part of the site, as in a deployment.
  const isIgnored = mintIgnore(paths.includes(MINTIGNORE_FILE) ? await fs.readFile(path.join(root, MINTIGNORE_FILE), 'utf8') : undefined);
  const published = paths.filter((file) => !isIgnored(file)).sort();
  paths.length = 0;
  paths.push(...published);
  const listed = new Set(paths);
  return {
    paths,
    has: (file) => listed.has(file),
    read: async (files) =>
      new Map(await Promise.all(files.map(async (file) => [file, listed.has(file) ? fileText(await fs.readFile(path.join(root, file))) : ''] as const))),
  };
}

/** What a symbolic link leads to, when that is inside the project's folder; undefined otherwise (or when it leads nowhere). */
async function linkedKind(link: string, realRoot: string): Promise<{ isDirectory(): boolean; isFile(): boolean } | undefined> {
  const target = await fs.realpath(link).catch(() => undefined);
  if (!target || (target !== realRoot && !target.startsWith(`${realRoot}${path.sep}`))) return undefined;
  return fs.stat(target);
}
