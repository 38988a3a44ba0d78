import type pg from 'pg';
import type { Db } from '../../db/database.ts';
import { invalidInput } from '../../errors.ts';
import { FEEDBACK_SOURCES, FEEDBACK_STATUSES } from '../feedback.ts';
import { decodeKeysetCursor, encodeCursor, type ReportRange } from '../report-range.ts';

/** The sources the reports filter by: Mintlify's list also names `agent`, feedback Folio never records, so it finds none. */
export const REPORT_SOURCES = [...FEEDBACK_SOURCES, 'agent'] as const;

export interface FeedbackFilter {
  source?: (typeof REPORT_SOURCES)[number] | null;
  /** Comma-separated statuses (`pending,resolved`). */
  status?: string | null;
}

/** `status` as a list of known statuses, or a 400 naming it. */
function statusesOf(status: string | null | undefined): string[] | undefined {
  if (!status) return undefined;
  const statuses = status
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
  const unknown = statuses.find((item) => !(FEEDBACK_STATUSES as readonly string[]).includes(item));
  if (unknown !== undefined) throw invalidInput('status', `status must list statuses among ${FEEDBACK_STATUSES.join(', ')}; "${unknown}" is none.`);
  return statuses;
}

const whereOf = (projectId: string, range: ReportRange, filter: FeedbackFilter) => {
  const statuses = statusesOf(filter.status);
  return {
    projectId,
    createdAt: { gte: range.from, lt: range.to },
    ...(filter.source ? { source: filter.source } : {}),
    ...(statuses ? { status: { in: statuses } } : {}),
  };
};

/** `GET /v1/analytics/{projectId}/feedback`: the entries, newest first, a page at a time. */
export async function feedbackEntries(db: Db, projectId: string, range: ReportRange, filter: FeedbackFilter, page: { limit: number; cursor?: string | null }) {
  const after = decodeKeysetCursor(page.cursor);
  const rows = await db.feedback.findMany({
    where: {
      ...whereOf(projectId, range, filter),
      ...(after ? { OR: [{ createdAt: { lt: after.at } }, { createdAt: after.at, id: { lt: after.id } }] } : {}),
    },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: page.limit + 1,
  });
  const hasMore = rows.length > page.limit;
  const shown = rows.slice(0, page.limit);
  const last = shown.at(-1);
  return {
    feedback: shown.map((row) => ({
      id: row.id,
      path: row.path,
      comment: row.comment,
      createdAt: row.createdAt.toISOString(),
      source: row.source,
      status: row.status,
      helpful: row.helpful,
      contact: row.contact,
      code: row.code,
      filename: row.filename,
      lang: row.language,
    })),
    /** Where the list goes on after each entry (GraphQL connections' edges). */
    cursors: shown.map((row) => encodeCursor({ at: row.createdAt, id: row.id })),
    nextCursor: hasMore && last ? encodeCursor({ at: last.createdAt, id: last.id }) : null,
    hasMore,
  };
}

/** `GET /v1/analytics/{projectId}/feedback/by-page`: counts per page, the most commented on first. */
export async function feedbackByPage(pool: pg.Pool, projectId: string, range: ReportRange, filter: FeedbackFilter, limit: number) {
  const statuses = statusesOf(filter.status);
  const { rows } = await pool.query<{ path: string; thumbs_up: string; thumbs_down: string; code: string; total: string }>(
    `SELECT path,
            count(*) FILTER (WHERE source = 'contextual' AND helpful) AS thumbs_up,
            count(*) FILTER (WHERE source = 'contextual' AND NOT helpful) AS thumbs_down,
            count(*) FILTER (WHERE source = 'code_snippet') AS code,
            count(*) AS total
     FROM feedback
     WHERE project_id = $1 AND created_at >= $2 AND created_at < $3
       -- Feedback on an answer asked away from any page has no page to count under.
       AND path <> '' AND ($4::text IS NULL OR source = $4) AND ($5::text[] IS NULL OR status = ANY($5))
     GROUP BY path ORDER BY total DESC, path LIMIT $6`,
    [projectId, range.from, range.to, filter.source ?? null, statuses ?? null, limit + 1],
  );
  return {
    feedback: rows.slice(0, limit).map((row) => ({
      path: row.path,
      thumbsUp: Number(row.thumbs_up),
      thumbsDown: Number(row.thumbs_down),
      code: Number(row.code),
      total: Number(row.total),
    })),
    hasMore: rows.length > limit,
  };
}
