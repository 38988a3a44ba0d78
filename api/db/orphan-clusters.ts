import fs from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from '../logger.ts';
import { runningServer, runProgram } from './postgres-commands.ts';
import { DATA_DIR_MARKER, type Placement } from './postgres-placement.ts';

/**
 * Removes the clusters under `home/clusters` whose DATA_DIR is gone, 60 to 80 MB each, which nothing
 * else would ever remove (root only: see placeCluster). Runs at every start that places a cluster, after
 * placing its own. Never fails the start: what cannot be removed is logged and tried again next time.
 *
 * Safe beside other starts: a DATA_DIR exists before its cluster is placed, and a cluster folder whose
 * marker file is not written yet is left alone.
 */
export async function removeOrphanClusters(placement: Placement, home: string, log: Logger): Promise<void> {
  if (placement.runAs.uid === undefined) return; // not root: clusters live in their DATA_DIR
  const clusters = path.join(home, 'clusters');
  for (const name of await fs.readdir(clusters).catch(() => [])) {
    const clusterDir = path.join(clusters, name);
    if (clusterDir === placement.clusterDir) continue; // this process's own, whatever becomes of its DATA_DIR
    const dataDir = await goneDataDir(clusterDir);
    if (dataDir === undefined) continue;
    try {
      if (await removeCluster(placement, clusterDir)) {
        log.info(`removed the embedded PostgreSQL cluster ${clusterDir}: its DATA_DIR ${dataDir} no longer exists`);
      }
    } catch (error) {
      log.warn(`could not remove the embedded PostgreSQL cluster ${clusterDir} of the deleted DATA_DIR ${dataDir}: ${(error as Error).message}`);
    }
  }
}

/**
 * The DATA_DIR a cluster was made for, when it is gone: nothing at that path, and no DATA_DIR elsewhere
 * holds the marker's hard link (a moved one). Undefined while its DATA_DIR is there (or cannot be
 * told gone), and for a folder without a marker.
 */
async function goneDataDir(clusterDir: string): Promise<string | undefined> {
  const marker = path.join(clusterDir, DATA_DIR_MARKER);
  const [named, file] = await Promise.all([fs.readFile(marker, 'utf8').catch(() => undefined), fs.stat(marker).catch(() => undefined)]);
  if (named === undefined || file === undefined || file.nlink > 1) return undefined;
  const dataDir = named.trim();
  if (!path.isAbsolute(dataDir)) return undefined;
  // Only "no such file" means gone: a DATA_DIR that cannot be looked at may well exist.
  const isGone = await fs.lstat(dataDir).then(
    () => false,
    (error: NodeJS.ErrnoException) => error.code === 'ENOENT',
  );
  return isGone ? dataDir : undefined;
}

/** Stops the cluster's server and removes its folder; false when its DATA_DIR came back meanwhile. */
async function removeCluster(placement: Placement, clusterDir: string): Promise<boolean> {
  const pgdata = path.join(clusterDir, 'data');
  if ((await runningServer(pgdata)) !== undefined) {
    await runProgram({ ...placement, clusterDir }, 'pg_ctl', ['stop', '-D', pgdata, '-m', 'immediate', '-w', '-t', '60', '-s']);
    if ((await runningServer(pgdata)) !== undefined) throw new Error('its server did not stop');
  }
  // Looked at again: a folio may have made that DATA_DIR again meanwhile, and be about to use this cluster.
  if ((await goneDataDir(clusterDir)) === undefined) return false;
  // The marker goes last, so that a removal cut short is finished by a later start.
  for (const entry of await fs.readdir(clusterDir)) {
    if (entry !== DATA_DIR_MARKER) await fs.rm(path.join(clusterDir, entry), { recursive: true, force: true });
  }
  await fs.rm(clusterDir, { recursive: true, force: true });
  return true;
}
