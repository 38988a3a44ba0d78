import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Db } from '../db/database.ts';
import type { ApiKeyKind } from '../db/generated/prisma/client.ts';

/**
 * API keys look like `folio_admin_k3v9q2x7mb_<43 random characters>`. The first three parts are the
 * visible, unique prefix (it tells admin from assistant keys and is what `folio key revoke` takes); only a
 * SHA-256 hash of the whole key is stored. 256 bits of randomness make a fast hash sufficient.
 */
const KEY_PATTERN = /^(folio_(admin|assistant)_[a-z0-9]{10})_([A-Za-z0-9_-]{43})$/;
const PREFIX_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

export interface NewApiKey {
  id: string;
  prefix: string;
  /** The whole key: shown once, never stored. */
  key: string;
  kind: ApiKeyKind;
}

export interface KeyHolder {
  keyId: string;
  projectId: string;
  kind: ApiKeyKind;
  /** Origins a browser may use the key from; empty: anywhere. */
  allowedOrigins: string[];
}

/**
 * Creates a key. `allowedOrigins` limits an assistant key to browsers on those origins (for a key in a
 * public page); `isPublished` keeps the whole key, for the one key a site's own pages publish.
 */
export async function createApiKey(
  db: Db,
  projectId: string,
  kind: ApiKeyKind,
  options: { allowedOrigins?: string[]; isPublished?: boolean } = {},
): Promise<NewApiKey> {
  const prefix = `folio_${kind}_${randomPrefixPart()}`;
  const key = `${prefix}_${randomBytes(32).toString('base64url')}`;
  const row = await db.apiKey.create({
    data: { projectId, kind, prefix, secretHash: hashKey(key), allowedOrigins: options.allowedOrigins ?? [], publishedKey: options.isPublished ? key : null },
  });
  return { id: row.id, prefix, key, kind };
}

/** The key's holder, or undefined for a malformed, unknown or revoked key. Compares hashes in constant time. */
export async function verifyApiKey(db: Db, presented: string): Promise<KeyHolder | undefined> {
  const match = KEY_PATTERN.exec(presented);
  if (!match) return undefined;
  const row = await db.apiKey.findUnique({
    where: { prefix: match[1] },
    select: { id: true, projectId: true, kind: true, secretHash: true, revokedAt: true, lastUsedAt: true, allowedOrigins: true },
  });
  if (!row || row.revokedAt) return undefined;
  const expected = Buffer.from(row.secretHash, 'hex');
  const actual = Buffer.from(hashKey(presented), 'hex');
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return undefined;
  if (!row.lastUsedAt || Date.now() - row.lastUsedAt.getTime() > LAST_USED_RESOLUTION_MS) {
    // Best effort and not awaited: recording use must never slow down or fail the request.
    db.apiKey.update({ where: { id: row.id }, data: { lastUsedAt: new Date() } }).catch(() => undefined);
  }
  return { keyId: row.id, projectId: row.projectId, kind: row.kind, allowedOrigins: row.allowedOrigins };
}

/** Revokes the key with this prefix. Revoking twice keeps the first time. */
export async function revokeApiKey(db: Db, prefix: string): Promise<'revoked' | 'already-revoked' | 'unknown'> {
  const revoked = await db.apiKey.updateMany({ where: { prefix, revokedAt: null }, data: { revokedAt: new Date() } });
  if (revoked.count > 0) return 'revoked';
  return (await db.apiKey.count({ where: { prefix } })) > 0 ? 'already-revoked' : 'unknown';
}

/** `lastUsedAt` is refreshed at most once a minute per key, so it costs no write on most requests. */
export const LAST_USED_RESOLUTION_MS = 60_000;

export function hashKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

function randomPrefixPart(): string {
  const bytes = randomBytes(10);
  return Array.from(bytes, (byte) => PREFIX_ALPHABET[byte % PREFIX_ALPHABET.length]).join('');
}
