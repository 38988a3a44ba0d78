import { counted } from '../counted.ts';
import { createHash } from 'node:crypto';
import type pg from 'pg';
import type { Embedder } from '../search/embedders/embedder.ts';
import { groupIntoTopics } from './gap-topics.ts';
import { type ReportRange, wholeDaysAround } from './report-range.ts';
import { bind, rolledUpTermsOf, wholeDaysOf } from './reports/range-sql.ts';

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
  /** What readers met, in words: "3 questions not answered, 2 searches whose results nobody opened". */
  summary: string;
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
  const signals = (await signalsOf(pool, projectId, range)).sort(canonically).slice(0, MAX_GROUPED);
  const topics = await groupIntoTopics(
    signals.map((signal) => signal.text),
    embedder,
  );
  return topics.map((members) => gapOf(members.map((index) => signals[index]!))).sort((a, b) => b.count - a.count || byCodeUnits(a.title, b.title));
}

const KIND_ORDER: SignalKind[] = ['unanswered', 'thumbsDown', 'noResults', 'noClick'];

/**
 * The most frequent first, then by text and kind: an order that depends on what was recorded only (not on
 * the order rows were written or read, nor on the process's locale), so that the same signals make the
 * same topics.
 */
function canonically(a: Signal, b: Signal): number {
  return b.count - a.count || byCodeUnits(a.text, b.text) || KIND_ORDER.indexOf(a.kind) - KIND_ORDER.indexOf(b.kind);
}

const byCodeUnits = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

function gapOf(members: Signal[]): ContentGap {
  const sum = (kind: SignalKind) => members.filter((member) => member.kind === kind).reduce((total, member) => total + member.count, 0);
  const count = members.reduce((total, member) => total + member.count, 0);
  const recent = members.reduce((total, member) => total + member.recent, 0);
  const pages = new Map<string, number>();
  for (const member of members) for (const page of member.pages) pages.set(page, (pages.get(page) ?? 0) + member.count);
  const examples = [...new Set(members.map((member) => member.text))].slice(0, MAX_EXAMPLES);
  const firstHalf = count - recent;
  const counts = Object.fromEntries(KIND_ORDER.map((kind) => [kind, sum(kind)])) as Record<SignalKind, number>;
  return {
    id: createHash('sha256').update(members[0]!.text).digest('base64url').slice(0, 12),
    title: members[0]!.text,
    count,
    unanswered: counts.unanswered,
    thumbsDown: counts.thumbsDown,
    searchesWithoutResults: counts.noResults,
    searchesWithoutClicks: counts.noClick,
    summary: summaryOf(counts),
    examples,
    pagesReachedInstead: [...pages]
      .sort((a, b) => b[1] - a[1] || byCodeUnits(a[0], b[0]))
      .slice(0, MAX_PAGES)
      .map(([path, pageCount]) => ({ path, count: pageCount })),
    trend: { firstHalf, secondHalf: recent, direction: recent > firstHalf * 1.25 ? 'rising' : recent * 1.25 < firstHalf ? 'falling' : 'steady' },
    lastSeenAt: new Date(Math.max(...members.map((member) => member.lastAt.getTime()))).toISOString(),
  };
}

/** Each kind of signal as a reader of the report says it, in the singular and the plural. */
const KIND_WORDS: Record<SignalKind, [string, string]> = {
  unanswered: ['question not answered', 'questions not answered'],
  thumbsDown: ['answer thumbed down', 'answers thumbed down'],
  noResults: ['search without results', 'searches without results'],
  noClick: ['search whose results nobody opened', 'searches whose results nobody opened'],
};

/** The kinds a gap is made of, the others left out: "4 searches whose results nobody opened". */
function summaryOf(counts: Record<SignalKind, number>): string {
  return KIND_ORDER.filter((kind) => counts[kind] > 0)
    .map((kind) => counted(counts[kind], ...KIND_WORDS[kind]))
    .join(', ');
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
       GROUP BY lower(btrim(t.question)) ORDER BY count(*) DESC, lower(btrim(t.question)) LIMIT $5`,
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
