import type { Db } from '../db/database.ts';

/** How often one process records that a preview is in use. */
const MARK_EVERY_MS = 3600_000;
const marked = new Map<string, number>();

/**
 * Records that a preview was read or asked (a page, a search, an answer, MCP), at most once an hour per
 * process and once an hour in the database: a preview unused for PREVIEW_TTL_DAYS is removed
 * (api/previews/prune-previews.ts). Never waits, never fails the request.
 */
export function markPreviewUsed(db: Db, previewId: string): void {
  const now = Date.now();
  if (now - (marked.get(previewId) ?? 0) < MARK_EVERY_MS) return;
  marked.set(previewId, now);
  if (marked.size > 10_000) marked.delete(marked.keys().next().value!);
  db.$executeRaw`UPDATE previews SET used_at = now() WHERE id = ${previewId} AND used_at < now() - interval '1 hour'`.catch(() => undefined);
}
