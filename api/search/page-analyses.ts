import { BoundedMap } from '../bounded-map.ts';
import type { SearchStore } from './search-store.ts';
import type { Analyzer } from './analyzer.ts';
import { INDEX_BUILD } from './index-build.ts';
import { analyzeDocument, type AnalyzedDocument } from './keyword-index.ts';
import type { ChunkRow } from './partition.ts';

/** Analyses this process read or made, by analyzer and page: a redeployment parses only its changed pages'. */
const analysesHeld = new BoundedMap<string, AnalyzedDocument[]>(20_000);

/**
 * The chunks of a partition as the analyzer reads them, in the rows' order. A page's analysis depends
 * only on the page (pages are stored once per content) and the analyzer, so it is kept in
 * `page_analyses` and read back by the next deployment: only the pages that changed are analysed, which
 * is most of the work of building an index. The index built from kept analyses is the one a fresh
 * analysis gives, byte for byte.
 */
export async function analyzedChunks(store: SearchStore, rows: readonly ChunkRow[], analyzer: Analyzer): Promise<AnalyzedDocument[]> {
  const key = `${analyzer.language}/${INDEX_BUILD}`;
  const byPage = new Map<string, ChunkRow[]>();
  for (const row of rows) {
    const page = byPage.get(row.page_id) ?? [];
    page.push(row);
    byPage.set(row.page_id, page);
  }
  const held = [...byPage.keys()].filter((pageId) => analysesHeld.get(`${key}\u0000${pageId}`)?.length === byPage.get(pageId)!.length);
  // The kept rows say which pages are analysed; those this process holds are not read again.
  const { rows: kept } = await store.pool.query<{ page_id: string; data: Buffer | null }>(
    'SELECT page_id, CASE WHEN page_id = ANY($3) THEN NULL ELSE data END AS data FROM page_analyses WHERE analyzer = $1 AND page_id = ANY($2)',
    [key, [...byPage.keys()], held],
  );
  const analyses = new Map<string, AnalyzedDocument[]>();
  for (const { page_id, data } of kept) {
    const chunks = data ? (JSON.parse(data.toString('utf8')) as AnalyzedDocument[]) : analysesHeld.get(`${key}\u0000${page_id}`)!;
    if (chunks.length === byPage.get(page_id)!.length) analyses.set(page_id, analysesHeld.set(`${key}\u0000${page_id}`, chunks));
  }
  const fresh: { pageId: string; analyzer: string; data: Uint8Array<ArrayBuffer> }[] = [];
  for (const [pageId, pageRows] of byPage) {
    if (analyses.has(pageId)) continue;
    const chunks = pageRows.map((row) =>
      analyzeDocument(
        { title: row.title, heading: row.heading === row.title ? '' : row.heading, content: row.content, keywords: row.keywords, description: row.description },
        analyzer,
      ),
    );
    analyses.set(pageId, analysesHeld.set(`${key}\u0000${pageId}`, chunks));
    fresh.push({ pageId, analyzer: key, data: new Uint8Array(Buffer.from(JSON.stringify(chunks), 'utf8')) });
  }
  if (fresh.length > 0) await store.db.pageAnalysis.createMany({ data: fresh, skipDuplicates: true });
  const positions = new Map<string, number>();
  return rows.map((row) => {
    const at = positions.get(row.page_id) ?? 0;
    positions.set(row.page_id, at + 1);
    return analyses.get(row.page_id)![at]!;
  });
}
