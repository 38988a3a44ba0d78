import { createHash } from 'node:crypto';
import type pg from 'pg';
import { loadAnalyzer } from '../search/analyzer.ts';
import { dotAt, type Embedder } from '../search/embedders/embedder.ts';
import { type ReportRange, wholeDaysAround } from './report-range.ts';
import { bind, rolledUpTermsOf, wholeDaysOf } from './reports/range-sql.ts';

/**
 * How alike two groups of texts must be, on average over their pairs, to be one topic: a pair's likeness
 * is the mean of its meaning (the cosine of the embeddings of its content words) and its words (the share
 * of the shorter text's stemmed terms the other has). Two questions that share their content words, or
 * say nearly the same with others, are one topic; two that share only a word like "account" are not.
 */
const SAME_TOPIC = 0.4;
/** Distinct texts read per kind of signal, the most frequent first: a gap is what many readers met. */
const MAX_TEXTS = 1000;
/** Texts grouped, the most frequent first (grouping compares every pair: 400 is a few hundred milliseconds). */
const MAX_GROUPED = 400;
const MAX_EXAMPLES = 5;
const MAX_PAGES = 5;

type SignalKind = 'unanswered' | 'thumbsDown' | 'noResults' | 'noClick';

/** What readers met and could not use, grouped by its text: a question, or a search term. */
interface Signal {
  kind: SignalKind;
  text: string;
  count: number;
  /** How many of them came in the second half of the range. */
  recent: number;
  lastAt: Date;
  /** Pages the readers reached instead (cited by the answer, or returned by the search). */
  pages: string[];
}

/** A topic readers ask or search about that the docs do not serve well. */
export interface ContentGap {
  /** Stable while the topic's most frequent text leads it. */
  id: string;
  title: string;
  count: number;
  unanswered: number;
  thumbsDown: number;
  searchesWithoutResults: number;
  searchesWithoutClicks: number;
  examples: string[];
  pagesReachedInstead: { path: string; count: number }[];
  trend: { firstHalf: number; secondHalf: number; direction: 'rising' | 'falling' | 'steady' };
  lastSeenAt: string;
}

/**
 * The content gaps of a range: the questions the assistant could not answer, the answers readers
 * thumbed down, the searches with no result and the searches whose results nobody opened (from the
 * widget and the site, which report what is opened), grouped into topics by their words and their
 * meaning (the site's embedder), and ordered by how many readers met each.
 */
export async function contentGaps(pool: pg.Pool, embedder: Embedder, projectId: string, range: ReportRange): Promise<ContentGap[]> {
  const signals = (await signalsOf(pool, projectId, range)).sort((a, b) => b.count - a.count || a.text.localeCompare(b.text)).slice(0, MAX_GROUPED);
  if (signals.length === 0) return [];
  const analyzer = await loadAnalyzer('en');
  const terms = signals.map((signal) => new Set(analyzer.terms(signal.text)));
  const words = signals.map(
    (signal) =>
      analyzer
        .queryTerms(signal.text)
        .map((term) => term.word || term.term)
        .join(' ') || signal.text,
  );
  const vectors = await embedder.embed(words);
  const dimensions = vectors[0]!.length;
  const likeness = (i: number, j: number) => (dotAt(vectors[i]!, 0, vectors[j]!, 0, dimensions) + sharedTerms(terms[i]!, terms[j]!)) / 2;
  return averageLinkage(signals.length, likeness, SAME_TOPIC)
    .map((members) => gapOf(members.sort((a, b) => a - b).map((index) => signals[index]!)))
    .sort((a, b) => b.count - a.count || a.title.localeCompare(b.title));
}

/** The share of the smaller set's terms the other has. */
function sharedTerms(a: Set<string>, b: Set<string>): number {
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  if (small.size === 0) return 0;
  let shared = 0;
  for (const term of small) if (large.has(term)) shared++;
  return shared / small.size;
}

/**
 * Agglomerative clustering with average linkage: every item starts alone, and the two groups most alike
 * on average over their pairs merge, until no two groups are alike enough (Lance and Williams' update
 * keeps each merge's cost to one pass over the groups). Returns the groups, as item indexes.
 */
export function averageLinkage(count: number, likeness: (i: number, j: number) => number, threshold: number): number[][] {
  const groups: (number[] | undefined)[] = Array.from({ length: count }, (_, index) => [index]);
  const alike = Array.from({ length: count }, () => new Float64Array(count));
  for (let i = 0; i < count; i++) for (let j = i + 1; j < count; j++) alike[i]![j] = alike[j]![i] = likeness(i, j);
  for (;;) {
    let best = threshold;
    let a = -1;
    let b = -1;
    for (let i = 0; i < count; i++) {
      if (!groups[i]) continue;
      const row = alike[i]!;
      for (let j = i + 1; j < count; j++) {
        if (groups[j] && row[j]! >= best) {
          best = row[j]!;
          a = i;
          b = j;
        }
      }
    }
    if (a < 0) break;
    const sizeA = groups[a]!.length;
    const sizeB = groups[b]!.length;
    for (let k = 0; k < count; k++) {
      if (!groups[k] || k === a || k === b) continue;
      alike[a]![k] = alike[k]![a] = (sizeA * alike[a]![k]! + sizeB * alike[b]![k]!) / (sizeA + sizeB);
    }
    groups[a] = [...groups[a]!, ...groups[b]!];
    groups[b] = undefined;
  }
  return groups.filter((group): group is number[] => group !== undefined);
}

function gapOf(members: Signal[]): ContentGap {
  const sum = (kind: SignalKind) => members.filter((member) => member.kind === kind).reduce((total, member) => total + member.count, 0);
  const count = members.reduce((total, member) => total + member.count, 0);
  const recent = members.reduce((total, member) => total + member.recent, 0);
  const pages = new Map<string, number>();
  for (const member of members) for (const page of member.pages) pages.set(page, (pages.get(page) ?? 0) + member.count);
  const examples = [...new Set(members.map((member) => member.text))].slice(0, MAX_EXAMPLES);
  const firstHalf = count - recent;
  return {
    id: createHash('sha256').update(members[0]!.text).digest('base64url').slice(0, 12),
    title: members[0]!.text,
    count,
    unanswered: sum('unanswered'),
    thumbsDown: sum('thumbsDown'),
    searchesWithoutResults: sum('noResults'),
    searchesWithoutClicks: sum('noClick'),
    examples,
    pagesReachedInstead: [...pages]
      .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
      .slice(0, MAX_PAGES)
      .map(([path, pageCount]) => ({ path, count: pageCount })),
    trend: { firstHalf, secondHalf: recent, direction: recent > firstHalf * 1.25 ? 'rising' : recent * 1.25 < firstHalf ? 'falling' : 'steady' },
    lastSeenAt: new Date(Math.max(...members.map((member) => member.lastAt.getTime()))).toISOString(),
  };
}

/**
 * The signals of a range, each kind grouped by its text (case and spaces aside). Searches are read from
 * their daily and weekly roll-ups, so the range is taken as whole UTC days (a time within a day counts the
 * day whole), and "the second half" is counted by day or week.
 */
async function signalsOf(pool: pg.Pool, projectId: string, asked: ReportRange): Promise<Signal[]> {
  const range = wholeDaysAround(asked);
  const middle = new Date((range.from.getTime() + range.to.getTime()) / 2);
  const grouped = (rows: { text: string; count: string; recent: string | null; last_at: Date; pages: string[] | null }[], kind: SignalKind): Signal[] =>
    rows.map((row) => ({ kind, text: row.text, count: Number(row.count), recent: Number(row.recent ?? 0), lastAt: row.last_at, pages: row.pages ?? [] }));
  const turns = (condition: string) =>
    pool.query(
      `SELECT min(btrim(t.question)) AS text, count(*) AS count, count(*) FILTER (WHERE t.created_at >= $4) AS recent, max(t.created_at) AS last_at,
              array_remove(array_agg(DISTINCT p.path), NULL) AS pages
       FROM assistant_turns t LEFT JOIN LATERAL unnest(t.cited_paths) AS p(path) ON true
       WHERE t.project_id = $1 AND t.created_at >= $2 AND t.created_at < $3 AND ${condition}
       GROUP BY lower(btrim(t.question)) ORDER BY count(*) DESC LIMIT $5`,
      [projectId, range.from, range.to, middle, MAX_TEXTS],
    );
  const searches = (count: 'empty_hits' | 'listed_hits', unclicked: boolean) => {
    const params: unknown[] = [projectId];
    const rolledUp = rolledUpTermsOf(params, range);
    const recentFrom = bind(params, middle.toISOString().slice(0, 10));
    const condition = unclicked
      ? `NOT EXISTS (SELECT 1 FROM search_clicks_daily c WHERE c.project_id = $1 AND c.term = terms.term AND ${wholeDaysOf(params, range, 'c.day')})`
      : 'true';
    return pool.query(
      `WITH terms AS (
         SELECT term, min(shown) AS text, sum(${count}) AS count, sum(${count}) FILTER (WHERE period >= ${recentFrom}) AS recent, max(last_at) AS last_at,
                array_remove(array_agg(DISTINCT first_path), NULL) AS pages
         FROM (${rolledUp}) AS rolled_up GROUP BY term HAVING sum(${count}) > 0
       )
       SELECT text, count, recent, last_at, pages FROM terms WHERE ${condition} ORDER BY count DESC, term LIMIT ${bind(params, MAX_TEXTS)}`,
      params,
    );
  };
  const [unanswered, thumbsDown, noResults, noClick] = await Promise.all([
    turns("t.outcome = 'not_found'"),
    turns(
      "t.outcome <> 'not_found' AND EXISTS (SELECT 1 FROM feedback f WHERE f.project_id = t.project_id AND f.message_id = t.message_id AND f.source = 'thumbs_only' AND NOT f.helpful)",
    ),
    // A search with no result offered no page: what it would have been is unknown.
    searches('empty_hits', false),
    // Only the widget and the site report which result was opened: an API search without one says nothing.
    searches('listed_hits', true),
  ]);
  return [
    ...grouped(unanswered.rows, 'unanswered'),
    ...grouped(thumbsDown.rows, 'thumbsDown'),
    ...grouped(
      noResults.rows.map((row) => ({ ...row, pages: [] })),
      'noResults',
    ),
    ...grouped(noClick.rows, 'noClick'),
  ];
}
