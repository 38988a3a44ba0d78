import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../../api/config.ts';
import { clusterDirOf } from '../../api/db/postgres-placement.ts';

const home = () => loadConfig({ EMBEDDED_POSTGRES_HOME: process.env.EMBEDDED_POSTGRES_HOME }).embeddedPostgresHome;

/** The data directory of a DATA_DIR's embedded cluster (inside DATA_DIR, or for root, under EMBEDDED_POSTGRES_HOME). */
export function pgdataOf(dataDir: string): string {
  return path.join(clusterDirOf(dataDir, home()), 'data');
}

/** Removes a DATA_DIR whose server has stopped, and its cluster wherever that lives. */
export function removeDataDir(dataDir: string): void {
  fs.rmSync(clusterDirOf(dataDir, home()), { recursive: true, force: true });
  fs.rmSync(dataDir, { recursive: true, force: true });
}
