import { readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * Creates a folder and its missing parents, one level at a time. (Node's recursive mkdir spins forever
 * on paths such as /proc/x, where mkdir answers "no such file" for a parent that exists.)
 */
export async function makeDirectory(dir: string): Promise<void> {
  const absolute = path.resolve(dir);
  const missing: string[] = [];
  for (let at = absolute; ; at = path.dirname(at)) {
    const stat = await fs.stat(at).catch(() => undefined);
    if (stat?.isDirectory()) break;
    if (stat) throw Object.assign(new Error(`${at} is a file, not a folder; choose another DATA_DIR`), { code: 'ENOTDIR' });
    if (at === path.dirname(at)) break;
    missing.unshift(at);
  }
  for (const folder of missing) {
    await fs.mkdir(folder).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'EEXIST') throw Object.assign(new Error(`cannot create ${folder}; choose another DATA_DIR`), { code: error.code });
    });
  }
}

/**
 * Runs `task` holding an exclusive lock file, so that processes sharing a data directory take turns
 * (creating, starting and stopping the embedded PostgreSQL). A lock left by a process that died is
 * taken over.
 */
export async function withFileLock<T>(file: string, task: () => Promise<T>, timeoutMs = 180_000): Promise<T> {
  const started = Date.now();
  for (;;) {
    try {
      await fs.writeFile(file, String(process.pid), { flag: 'wx' });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number(await fs.readFile(file, 'utf8').catch(() => ''));
      if (holder > 0 && !isAlive(holder)) {
        await fs.rm(file, { force: true });
        continue;
      }
      if (Date.now() - started > timeoutMs) throw new Error(`${file} has been held by process ${holder} for too long`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  try {
    return await task();
  } finally {
    await fs.rm(file, { force: true });
  }
}

/**
 * Whether a process of that id runs (one of another user's counts). A zombie (exited, and not yet reaped
 * by a parent that may never reap it, as in a container without an init) does not.
 */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  return !isZombie(pid);
}

/** On Linux, /proc/PID/stat's third field is the state: Z for a zombie, X for dead. Elsewhere: unknown, so no. */
function isZombie(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const state = stat[stat.lastIndexOf(')') + 2];
    return state === 'Z' || state === 'X';
  } catch {
    return false;
  }
}
