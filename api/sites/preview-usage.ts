import type { Db } from '../db/database.ts';

/**
 * Records that a preview was read, at most once an hour (a write per page view would be wasted): a
 * preview unused for PREVIEW_TTL_DAYS is removed (preview-prune-job.ts). Never fails the request.
 */
export function markPreviewUsed(db: Db, previewId: string): void {
  db.$executeRaw`UPDATE previews SET used_at = now() WHERE id = ${previewId} AND used_at < now() - interval '1 hour'`.catch(() => undefined);
}
