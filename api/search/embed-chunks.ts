import type { Db } from '../db/database.ts';
import type { Embedder } from './embedders/embedder.ts';

const BATCH = 512;

/** The text a chunk is embedded from: where it sits (page title and summary, heading) and what it says. */
export function chunkEmbeddingText(chunk: { title: string; description: string; heading: string; content: string }): string {
  return [chunk.title, chunk.description, chunk.heading === chunk.title ? '' : chunk.heading, chunk.content].filter(Boolean).join('. ');
}

/**
 * Computes and stores the vectors the embedder lacks for the searchable chunks a deployment serves (in
 * the languages the embedder understands; the others are searched by keyword only).
 * Chunks of unchanged pages keep their vectors from earlier deployments, so a redeployment embeds only
 * what changed. Returns how many chunks it embedded.
 */
export async function embedMissingChunks(db: Db, embedder: Embedder, deploymentId: string, signal?: AbortSignal): Promise<number> {
  const languages = embedder.languages ? [...embedder.languages] : null;
  const missing = await db.$queryRaw<{ id: string; title: string; description: string; heading: string; content: string }[]>`
    SELECT c.id, p.title, p.description, c.heading, c.content
    FROM pages p JOIN chunks c ON c.page_id = p.id
    WHERE p.id IN (
        -- Each distinct page once, however many routes (versions) serve it.
        SELECT dp.page_id FROM deployment_pages dp
        WHERE dp.deployment_id = ${deploymentId} AND dp.is_searchable
          AND (${languages}::text[] IS NULL OR lower(split_part(dp.language, '-', 1)) = ANY(${languages}::text[])))
      AND NOT EXISTS (SELECT 1 FROM chunk_embeddings e WHERE e.chunk_id = c.id AND e.embedder = ${embedder.id})
    ORDER BY c.id`;
  for (let i = 0; i < missing.length; i += BATCH) {
    signal?.throwIfAborted();
    const batch = missing.slice(i, i + BATCH);
    const vectors = await embedder.embed(batch.map(chunkEmbeddingText));
    await storeVectors(
      db,
      embedder.id,
      batch.map((chunk) => chunk.id),
      vectors,
    );
  }
  return missing.length;
}

export async function storeVectors(db: Db, embedderId: string, chunkIds: string[], vectors: Float32Array[]): Promise<void> {
  if (chunkIds.length === 0) return;
  const bytes = vectors.map((vector) => Buffer.from(vector.buffer, vector.byteOffset, vector.byteLength));
  await db.$executeRaw`
    INSERT INTO chunk_embeddings (chunk_id, embedder, vector)
    SELECT id, ${embedderId}, vector FROM unnest(${chunkIds}::text[], ${bytes}::bytea[]) AS t(id, vector)
    ON CONFLICT (chunk_id, embedder) DO NOTHING`;
}
