import { spawn } from 'node:child_process';
import { withLinksFollowed } from './commit-symlinks.ts';
import { fileText } from './file-text.ts';
import fs from 'node:fs/promises';
import path from 'node:path';
import { makeDirectory } from '../db/data-dir.ts';
import type { ProjectFiles } from './project-reader.ts';

/** The mode Git records a symbolic link with. */
const SYMLINK_MODE = '120000';

/** Why a repository could not be read; each has a summary that tells the user what to do. */
export class GitError extends Error {
  constructor(
    readonly kind: 'unreachable' | 'missing-branch' | 'git-missing',
    message: string,
  ) {
    super(message);
  }
}

export interface Repository {
  /** Local path, file:// URL or https URL. */
  url: string;
  branch: string;
  /** GitHub's address and token (GITHUB_URL, GITHUB_TOKEN): the token goes to repositories under it only. */
  github?: { url: string; token?: string };
}

/**
 * A bare mirror of one project's repository under DATA_DIR/repos: a cache (any worker can rebuild it),
 * fetched incrementally, read with ls-tree and cat-file without a working copy.
 */
export class GitMirror {
  constructor(readonly dir: string) {}

  /**
   * Fetches the branch and returns the commit it points at. A transfer slower than 1 KB/s for a minute
   * is abandoned (a server that accepts and never answers would otherwise hold the deployment), and
   * `signal` stops it at once.
   */
  async fetch(repository: Repository, signal?: AbortSignal): Promise<string> {
    await makeDirectory(path.dirname(this.dir));
    if (!(await exists(path.join(this.dir, 'HEAD')))) await git(['init', '--bare', '--quiet', this.dir]);
    const ref = `refs/heads/${repository.branch}`;
    const auth = authHeader(repository);
    try {
      await git(
        [
          ...auth,
          ...STALL_LIMITS,
          '-c',
          'safe.directory=*',
          '-C',
          this.dir,
          'fetch',
          '--quiet',
          '--no-tags',
          '--prune',
          '--force',
          repository.url,
          `+${ref}:${ref}`,
        ],
        signal,
      );
    } catch (error) {
      if (signal?.aborted) throw error;
      throw classifyFetchError(error as Error & { stderr?: string }, repository);
    }
    return (await git(['-C', this.dir, 'rev-parse', '--verify', `${ref}^{commit}`])).trim();
  }

  async commit(sha: string): Promise<{ message: string; author: string }> {
    const output = await git(['-C', this.dir, 'log', '-1', '--format=%an <%ae>%x00%B', sha]);
    const [author, message] = output.split('\u0000') as [string, string];
    return { author, message: message.trim() };
  }

  /** Every file of the commit: path -> blob id, its symbolic links followed as a checkout has them (commit-symlinks.ts). */
  async tree(sha: string): Promise<Map<string, string>> {
    const output = await git(['-C', this.dir, 'ls-tree', '-r', '-z', '--full-tree', sha]);
    const files = new Map<string, string>();
    const links = new Map<string, string>();
    for (const entry of output.split('\u0000')) {
      const match = /^(\d+) blob ([0-9a-f]+)\t([\s\S]+)$/.exec(entry);
      if (match) (match[1] === SYMLINK_MODE ? links : files).set(match[3]!, match[2]!);
    }
    if (links.size === 0) return files;
    const targets = await this.readBlobs(links.values());
    return withLinksFollowed(files, new Map([...links].map(([link, blob]) => [link, targets.get(blob) ?? ''])));
  }

  /** The contents of these blobs as text (fileText), in one `git cat-file --batch` run. */
  async readBlobs(ids: Iterable<string>): Promise<Map<string, string>> {
    const bytes = await this.readBlobBytes(ids);
    return new Map([...bytes].map(([id, content]) => [id, fileText(content)]));
  }

  /** The contents of these blobs as they are (images too), in one `git cat-file --batch` run. */
  async readBlobBytes(ids: Iterable<string>): Promise<Map<string, Buffer>> {
    const wanted = [...new Set(ids)];
    const contents = new Map<string, Buffer>();
    if (wanted.length === 0) return contents;
    const output = await new Promise<Buffer>((resolve, reject) => {
      const child = spawn('git', ['-C', this.dir, 'cat-file', '--batch'], { env: gitEnv() });
      const chunks: Buffer[] = [];
      child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
      child.on('error', reject);
      child.on('close', (code) => (code === 0 ? resolve(Buffer.concat(chunks)) : reject(new Error(`git cat-file exited ${code}`))));
      child.stdin.end(`${wanted.join('\n')}\n`);
    });
    let offset = 0;
    while (offset < output.length) {
      const headerEnd = output.indexOf(10, offset);
      const [id, type, size] = output.subarray(offset, headerEnd).toString().split(' ') as [string, string, string];
      if (type === 'missing') {
        offset = headerEnd + 1;
        continue;
      }
      const start = headerEnd + 1;
      const end = start + Number(size);
      contents.set(id, output.subarray(start, end));
      offset = end + 1;
    }
    return contents;
  }
}

/** A commit's files, for the project reader. */
export function commitFiles(mirror: GitMirror, tree: Map<string, string>): ProjectFiles {
  return {
    has: (file) => tree.has(file),
    async read(files) {
      const blobs = await mirror.readBlobs([...new Set(files.map((file) => tree.get(file)).filter((id): id is string => id !== undefined))]);
      return new Map(files.map((file) => [file, blobs.get(tree.get(file) ?? '') ?? '']));
    },
  };
}

/** git's options that send the GitHub token with requests to repositories under GITHUB_URL (and nowhere else). */
export function authHeader(repository: Pick<Repository, 'url' | 'github'>): string[] {
  const github = repository.github;
  if (!github?.token || !repository.url.startsWith(`${github.url}/`)) return [];
  const basic = Buffer.from(`x-access-token:${github.token}`).toString('base64');
  return ['-c', `http.${github.url}/.extraheader=AUTHORIZATION: basic ${basic}`];
}

function classifyFetchError(error: Error & { stderr?: string; code?: unknown }, repository: Repository): GitError {
  const detail = (error.stderr ?? error.message).trim().split('\n').filter(Boolean).at(-1) ?? '';
  if ((error as { code?: unknown }).code === 'ENOENT') {
    return new GitError('git-missing', 'git is not installed on the worker; install git and deploy again.');
  }
  if (/couldn't find remote ref/i.test(detail)) {
    return new GitError(
      'missing-branch',
      `The branch "${repository.branch}" does not exist in ${repository.url}; push it, or change the project's deployment branch.`,
    );
  }
  return new GitError(
    'unreachable',
    `Could not read the repository ${repository.url} (${detail}); check that it exists and that this server can reach it${
      repository.github && repository.url.startsWith(`${repository.github.url}/`) ? ' (private GitHub repositories need GITHUB_TOKEN)' : ''
    }.`,
  );
}

/** git's own stall detection for HTTP transfers. */
export const STALL_LIMITS = ['-c', 'http.lowSpeedLimit=1000', '-c', 'http.lowSpeedTime=60'];

/**
 * Runs git in a process group of its own, so that `signal` stops it together with the helpers it
 * starts (git-remote-http), not just the git process. Rejects with `stderr` attached on failure.
 */
export function git(args: string[], signal?: AbortSignal): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn('git', args, { env: gitEnv(), detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    const stop = () => {
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        // already gone
      }
    };
    const stdout: Buffer[] = [];
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => stdout.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', (error) => reject(Object.assign(error, { stderr })));
    child.on('close', (code, killedBy) => {
      signal?.removeEventListener('abort', stop);
      if (code === 0) return resolve(Buffer.concat(stdout).toString('utf8'));
      reject(Object.assign(new Error(`git failed (${killedBy ?? `exit ${code}`}): ${stderr.trim()}`), { stderr }));
    });
    if (signal?.aborted) stop();
    else signal?.addEventListener('abort', stop, { once: true });
  });
}

function gitEnv(): NodeJS.ProcessEnv {
  return { ...process.env, GIT_TERMINAL_PROMPT: '0', LC_ALL: 'C', GIT_CONFIG_NOSYSTEM: '1' };
}

async function exists(file: string): Promise<boolean> {
  return fs.access(file).then(
    () => true,
    () => false,
  );
}

/**
 * Whether the repository has the branch: true or false as the repository says, undefined when it
 * cannot be asked (unreachable, git missing), which proves nothing either way.
 */
export async function remoteBranchExists(repository: Repository, signal?: AbortSignal): Promise<boolean | undefined> {
  try {
    await git([...authHeader(repository), ...STALL_LIMITS, 'ls-remote', '--exit-code', '--heads', repository.url, `refs/heads/${repository.branch}`], signal);
    return true;
  } catch (error) {
    // ls-remote --exit-code exits with 2 when the repository answered without the ref.
    return /\(exit 2\)/.test((error as Error).message) ? false : undefined;
  }
}
