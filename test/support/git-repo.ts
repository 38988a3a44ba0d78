import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const git = (dir: string, ...args: string[]) =>
  execFileSync('git', ['-C', dir, '-c', 'user.name=Ada Writer', '-c', 'user.email=ada@example.com', ...args], { encoding: 'utf8' }).trim();

/** A real Git repository in a temporary folder, on branch `main`, with `files` committed. */
export function makeRepo(files: Record<string, string> | { copyFrom: string }): { dir: string; sha: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-repo-'));
  if ('copyFrom' in files) fs.cpSync(files.copyFrom as string, dir, { recursive: true });
  else writeFiles(dir, files as Record<string, string>);
  git(dir, 'init', '-q', '-b', 'main');
  git(dir, 'add', '-A');
  git(dir, 'commit', '-q', '-m', 'Initial docs');
  return { dir, sha: git(dir, 'rev-parse', 'HEAD') };
}

/** Commits changes: a string writes the file, null removes it. Returns the new commit. */
export function commit(dir: string, changes: Record<string, string | null>, message = 'Update docs'): string {
  for (const [file, content] of Object.entries(changes)) {
    const target = path.join(dir, file);
    if (content === null) fs.rmSync(target);
    else writeFiles(dir, { [file]: content });
  }
  git(dir, 'add', '-A');
  git(dir, 'commit', '-q', '-m', message);
  return git(dir, 'rev-parse', 'HEAD');
}

function writeFiles(dir: string, files: Record<string, string>) {
  for (const [file, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), content);
  }
}

export const CORPUS = new URL('../fixtures/mintlify-docs', import.meta.url).pathname;
