import { createApiKey } from '../auth/keys.ts';
import type { Db } from '../db/database.ts';
import { SELF_ORIGIN } from '../http/origins.ts';

/**
 * The assistant key a site's own pages (its demo page, its rendered docs) publish: it works only from
 * pages of the address Folio is reached at, is rate limited like any other, and is made on first use.
 * It is public by design, so Folio keeps it whole; revoking it makes the next page get a new one.
 */
export async function siteKeyOf(db: Db, projectId: string): Promise<string> {
  const existing = await db.apiKey.findFirst({
    where: { projectId, kind: 'assistant', publishedKey: { not: null }, revokedAt: null },
    orderBy: { createdAt: 'asc' },
    select: { publishedKey: true },
  });
  if (existing?.publishedKey) return existing.publishedKey;
  const created = await createApiKey(db, projectId, 'assistant', { allowedOrigins: [SELF_ORIGIN], isPublished: true });
  return created.key;
}
