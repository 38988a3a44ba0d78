import { statSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { ProjectFiles } from '../deploy/project-reader.ts';

/** What the agent's file tools may touch: documentation files only, of a bounded size. */
export const WORKSPACE_LIMITS = {
  maxFileBytes: 1_000_000,
  maxListed: 2_000,
  maxChangedFiles: 200,
  extensions: ['.mdx', '.md', '.json', '.yaml', '.yml', '.txt', '.css', '.js', '.svg'],
} as const;

/** A file operation the agent asked for and may not do; its message is what the model sees. */
export class WorkspaceRefusal extends Error {}

/**
 * The agent's view of a working copy: paths relative to its docs root (the repository's root, or the
 * project's docs folder), never outside it. A path
 * that leaves the root (`..`, an absolute path), enters `.git` or a hidden folder, or crosses a symbolic
 * link is refused, as is a file over the size limit or of a kind that is not documentation.
 */
export class Workspace {
  readonly #changed = new Set<string>();

  constructor(readonly root: string) {}

  /** The absolute path of a repository path, after every check. */
  async resolve(repoPath: string, options: { mustExist: boolean }): Promise<string> {
    if (typeof repoPath !== 'string' || repoPath.trim() === '')
      throw new WorkspaceRefusal('Give a path relative to the docs root (the folder that holds docs.json), such as "guides/setup.mdx".');
    if (repoPath.includes('\0') || repoPath.includes('\\')) throw new WorkspaceRefusal(`"${repoPath}" is not a valid path.`);
    const normalised = path.posix.normalize(repoPath.replace(/^\.\//, ''));
    if (path.posix.isAbsolute(normalised) || normalised === '..' || normalised.startsWith('../')) {
      throw new WorkspaceRefusal(`"${repoPath}" is outside the repository; paths are relative to its root.`);
    }
    const parts = normalised.split('/').filter((part) => part !== '.' && part !== '');
    if (parts.some((part) => part.startsWith('.'))) throw new WorkspaceRefusal(`"${repoPath}" is in .git or a hidden folder, which the agent may not touch.`);
    let at = this.root;
    for (const [index, part] of parts.entries()) {
      at = path.join(at, part);
      const stat = await fs.lstat(at).catch(() => undefined);
      if (!stat) {
        if (options.mustExist) throw new WorkspaceRefusal(`"${repoPath}" does not exist.`);
        return path.join(this.root, ...parts);
      }
      if (stat.isSymbolicLink()) throw new WorkspaceRefusal(`"${parts.slice(0, index + 1).join('/')}" is a symbolic link, which the agent may not follow.`);
    }
    return at;
  }

  async read(repoPath: string): Promise<string> {
    const file = await this.resolve(repoPath, { mustExist: true });
    const stat = await fs.stat(file);
    if (stat.isDirectory()) throw new WorkspaceRefusal(`"${repoPath}" is a folder; list it instead.`);
    if (stat.size > WORKSPACE_LIMITS.maxFileBytes) throw new WorkspaceRefusal(`"${repoPath}" is larger than ${WORKSPACE_LIMITS.maxFileBytes} bytes.`);
    return fs.readFile(file, 'utf8');
  }

  async exists(repoPath: string): Promise<boolean> {
    return this.resolve(repoPath, { mustExist: true }).then(
      () => true,
      () => false,
    );
  }

  /** Writes a file (creating folders), refusing kinds of files and sizes the agent may not write. */
  async write(repoPath: string, content: string): Promise<void> {
    const extension = path.extname(repoPath).toLowerCase();
    if (!WORKSPACE_LIMITS.extensions.some((allowed) => allowed === extension)) {
      throw new WorkspaceRefusal(`"${repoPath}" is not a documentation file; the agent writes ${WORKSPACE_LIMITS.extensions.join(', ')} files.`);
    }
    if (Buffer.byteLength(content) > WORKSPACE_LIMITS.maxFileBytes)
      throw new WorkspaceRefusal(`The content is larger than ${WORKSPACE_LIMITS.maxFileBytes} bytes.`);
    if (content.includes('\0')) throw new WorkspaceRefusal('The content has a NUL character.');
    const file = await this.resolve(repoPath, { mustExist: false });
    this.#noteChange(repoPath);
    await fs.mkdir(path.dirname(file), { recursive: true });
    await fs.writeFile(file, content);
  }

  async remove(repoPath: string): Promise<void> {
    const file = await this.resolve(repoPath, { mustExist: true });
    if ((await fs.stat(file)).isDirectory()) throw new WorkspaceRefusal(`"${repoPath}" is a folder; delete its pages one by one.`);
    this.#noteChange(repoPath);
    await fs.rm(file);
  }

  /** Repository paths of the files below a folder (hidden ones left out), sorted. */
  async list(folder = ''): Promise<string[]> {
    const start = folder ? await this.resolve(folder, { mustExist: true }) : this.root;
    const found: string[] = [];
    const walk = async (dir: string) => {
      for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
        if (entry.name.startsWith('.') || entry.name === 'node_modules' || found.length >= WORKSPACE_LIMITS.maxListed) continue;
        const at = path.join(dir, entry.name);
        if (entry.isDirectory()) await walk(at);
        else if (entry.isFile()) found.push(path.relative(this.root, at).split(path.sep).join('/'));
      }
    };
    await walk(start);
    return found.sort();
  }

  /** The files written or deleted so far. */
  changedFiles(): ReadonlySet<string> {
    return this.#changed;
  }

  /** The working copy as the project reader reads it. */
  projectFiles(): ProjectFiles {
    return {
      has: (file) => fsSyncExists(path.join(this.root, file)),
      read: async (files) =>
        new Map(await Promise.all(files.map(async (file) => [file, await fs.readFile(path.join(this.root, file), 'utf8').catch(() => '')] as const))),
    };
  }

  #noteChange(repoPath: string): void {
    this.#changed.add(path.posix.normalize(repoPath.replace(/^\.\//, '')));
    if (this.#changed.size > WORKSPACE_LIMITS.maxChangedFiles) {
      throw new WorkspaceRefusal(`A job may change at most ${WORKSPACE_LIMITS.maxChangedFiles} files.`);
    }
  }
}

function fsSyncExists(file: string): boolean {
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
}
