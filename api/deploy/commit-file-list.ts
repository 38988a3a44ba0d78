import type { Pool } from 'pg';
import type { FilesChanged } from './files-changed.ts';

/**
 * A deployment's commit file list (path -> Git blob id) as the next deployment diffs against it. Read and
 * written as JSON text, not through Prisma: a versioned site's list holds tens of thousands of paths, and
 * Prisma walks a Json value key by key both ways.
 */
export async function readFileList(pool: Pool, deploymentId: string): Promise<Record<string, string>> {
  const { rows } = await pool.query<{ files: string | null }>('SELECT files::text AS files FROM deployments WHERE id = $1', [deploymentId]);
  return rows[0]?.files ? (JSON.parse(rows[0].files) as Record<string, string>) : {};
}

/**
 * Stores a deployment's file list: the previous deployment's with the changes applied, in the database
 * (a one-page change sends one path), or the whole list when there is no previous one.
 */
export async function storeFileList(
  pool: Pool,
  deploymentId: string,
  tree: Map<string, string>,
  previous: { id: string; changed: FilesChanged } | undefined,
): Promise<void> {
  if (!previous) {
    await pool.query('UPDATE deployments SET files = $2::jsonb WHERE id = $1', [deploymentId, JSON.stringify(Object.fromEntries(tree))]);
    return;
  }
  const { added, modified, removed } = previous.changed;
  const changes = Object.fromEntries([...added, ...modified].map((file) => [file, tree.get(file)!]));
  await pool.query(
    `UPDATE deployments SET files = (coalesce((SELECT files FROM deployments WHERE id = $2), '{}'::jsonb) - $4::text[]) || $3::jsonb WHERE id = $1`,
    [deploymentId, previous.id, JSON.stringify(changes), removed],
  );
}
