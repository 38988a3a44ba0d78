import fs from 'node:fs/promises';
import { authHeader, git, GitError, GitMirror, STALL_LIMITS, type Repository } from '../deploy/git.ts';

/** Who the agent's commits are by. */
const AUTHOR = ['-c', 'user.name=Folio agent', '-c', 'user.email=agent@folio.invalid'];

/** A push that did not land, with git's reason. */
export class PushFailure extends Error {}

/**
 * A checkout of the job's branch in a folder of its own: the branch as it is in the repository, or, when
 * it does not exist yet, a new branch from the deployment branch. Made from the project's mirror
 * (DATA_DIR/repos), so it costs no second download.
 */
export class WorkingCopy {
  private constructor(
    readonly dir: string,
    /** The deployment branch's commit the work is compared with. */
    readonly baseSha: string,
    readonly isNewBranch: boolean,
  ) {}

  static async prepare(input: { mirrorDir: string; repository: Repository; branch: string; dir: string; signal?: AbortSignal }): Promise<WorkingCopy> {
    const mirror = new GitMirror(input.mirrorDir);
    const baseSha = await mirror.fetch(input.repository, input.signal);
    const existing = await mirror.fetch({ ...input.repository, branch: input.branch }, input.signal).catch((error: unknown) => {
      if (error instanceof GitError && error.kind === 'missing-branch') return undefined;
      throw error;
    });
    await fs.rm(input.dir, { recursive: true, force: true });
    await git(['clone', '--quiet', '--shared', '--no-checkout', input.mirrorDir, input.dir], input.signal);
    await git(['-C', input.dir, 'checkout', '--quiet', '-B', input.branch, existing ?? baseSha], input.signal);
    return new WorkingCopy(input.dir, baseSha, existing === undefined);
  }

  async hasUncommittedChanges(): Promise<boolean> {
    return (await git(['-C', this.dir, 'status', '--porcelain'])).trim() !== '';
  }

  /** Commits every change; returns false when there was nothing to commit. */
  async commit(message: string): Promise<boolean> {
    if (!(await this.hasUncommittedChanges())) return false;
    await git(['-C', this.dir, 'add', '--all']);
    await git([...AUTHOR, '-C', this.dir, 'commit', '--quiet', '--no-verify', '-m', message]);
    return true;
  }

  async headSha(): Promise<string> {
    return (await git(['-C', this.dir, 'rev-parse', 'HEAD'])).trim();
  }

  /** Whether the branch holds commits the deployment branch does not (this job's, or an earlier attempt's). */
  async isAheadOfBase(): Promise<boolean> {
    return (await git(['-C', this.dir, 'rev-list', '--count', `${this.baseSha}..HEAD`])).trim() !== '0';
  }

  /** The branch's changes against the deployment branch, as a unified diff, and the files they touch. */
  async diff(): Promise<{ text: string; files: string[] }> {
    const text = await git(['-C', this.dir, 'diff', '--no-color', '--no-ext-diff', `${this.baseSha}...HEAD`]);
    const names = await git(['-C', this.dir, 'diff', '--name-only', `${this.baseSha}...HEAD`]);
    return { text, files: names.split('\n').filter(Boolean) };
  }

  /**
   * Pushes the branch to the project's repository, to `refs/heads/<branch>` only; the deployment branch is
   * refused here whatever the caller checked before.
   */
  async push(repository: Repository, branch: string, signal?: AbortSignal): Promise<void> {
    if (branch === repository.branch) throw new PushFailure(`refusing to push to the deployment branch "${branch}"`);
    try {
      await git(
        [...authHeader(repository), ...STALL_LIMITS, '-C', this.dir, 'push', '--quiet', '--no-verify', repository.url, `HEAD:refs/heads/${branch}`],
        signal,
      );
    } catch (error) {
      if (signal?.aborted) throw error;
      const detail = ((error as { stderr?: string }).stderr ?? (error as Error).message).trim().split('\n').filter(Boolean).at(-1) ?? '';
      throw new PushFailure(detail);
    }
  }

  async remove(): Promise<void> {
    await fs.rm(this.dir, { recursive: true, force: true });
  }
}
