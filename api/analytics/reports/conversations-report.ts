import type pg from 'pg';
import type { Db } from '../../db/database.ts';
import { notFound } from '../../errors.ts';
import { decodeKeysetCursor, encodeCursor, type ReportRange } from '../report-range.ts';

/** The pages an answer cites, from its stored message parts (the v4 client's `source` parts). */
function sourcesOf(parts: unknown): { title: string; url: string }[] {
  if (!Array.isArray(parts)) return [];
  return parts.flatMap((part) => {
    const source =
      (part as { type?: unknown; source?: { url?: unknown; title?: unknown } }).type === 'source'
        ? (part as { source: { url?: unknown; title?: unknown } }).source
        : undefined;
    return typeof source?.url === 'string' ? [{ title: typeof source.title === 'string' ? source.title : source.url, url: source.url }] : [];
  });
}

/**
 * `GET /v1/analytics/{projectId}/assistant`: each recorded turn, newest first, with the answer as its
 * thread keeps it; `unanswered` when the assistant found the docs do not cover the question.
 */
export async function conversations(db: Db, projectId: string, range: ReportRange, page: { limit: number; cursor?: string | null }, siteAddress: string) {
  const after = decodeKeysetCursor(page.cursor);
  const turns = await db.assistantTurn.findMany({
    where: {
      projectId,
      createdAt: { gte: range.from, lt: range.to },
      ...(after ? { OR: [{ createdAt: { lt: after.at } }, { createdAt: after.at, messageId: { lt: after.id } }] } : {}),
    },
    orderBy: [{ createdAt: 'desc' }, { messageId: 'desc' }],
    take: page.limit + 1,
  });
  const hasMore = turns.length > page.limit;
  const shown = turns.slice(0, page.limit);
  const messages = await db.message.findMany({
    where: { id: { in: shown.map((turn) => turn.messageId) } },
    select: { id: true, content: true, parts: true, createdAt: true },
  });
  const byId = new Map(messages.map((message) => [message.id, message]));
  const last = shown.at(-1);
  return {
    conversations: shown.map((turn) => {
      const message = byId.get(turn.messageId);
      return {
        id: turn.messageId,
        threadId: turn.threadId,
        timestamp: (message?.createdAt ?? turn.createdAt).toISOString(),
        query: turn.question,
        response: message?.content ?? '',
        responseType: 'answer' as const,
        sources: sourcesOf(message?.parts),
        resolutionStatus: turn.outcome === 'not_found' ? ('unanswered' as const) : ('answered' as const),
        queryCategory: null,
        pageUrl: turn.pageUrl
          ? /^https?:\/\//.test(turn.pageUrl)
            ? turn.pageUrl
            : `${siteAddress}${turn.pageUrl.startsWith('/') ? '' : '/'}${turn.pageUrl}`
          : null,
      };
    }),
    /** Where the list goes on after each turn (GraphQL connections' edges). */
    cursors: shown.map((turn) => encodeCursor({ at: turn.createdAt, id: turn.messageId })),
    nextCursor: hasMore && last ? encodeCursor({ at: last.createdAt, id: last.messageId }) : null,
    hasMore,
  };
}

/** `GET /v1/analytics/{projectId}/assistant/threads/{threadId}`: a thread of the site, its questions and answers in order. */
export async function conversationThread(db: Db, projectId: string, threadId: string) {
  const thread = await db.thread.findFirst({
    where: { id: threadId, projectId },
    select: {
      id: true,
      createdAt: true,
      messages: {
        where: { role: { in: ['user', 'assistant'] } },
        orderBy: { createdAt: 'asc' },
        select: { id: true, role: true, content: true, createdAt: true },
      },
    },
  });
  if (!thread) throw notFound(`No thread "${threadId}" on this project.`);
  return {
    threadId: thread.id,
    createdAt: thread.createdAt.toISOString(),
    messages: thread.messages.map((message) => ({ id: message.id, role: message.role, content: message.content, createdAt: message.createdAt.toISOString() })),
  };
}

/** `GET /v1/analytics/{projectId}/assistant/caller-stats`: questions by where they came from (the widget and the site are `web`, MCP is `other`). */
export async function callerStats(pool: pg.Pool, projectId: string, range: ReportRange) {
  const { rows } = await pool.query<{ caller: string; count: string }>(
    'SELECT caller, count(*) AS count FROM assistant_turns WHERE project_id = $1 AND created_at >= $2 AND created_at < $3 GROUP BY caller',
    [projectId, range.from, range.to],
  );
  const stats = { web: 0, api: 0, other: 0, total: 0 };
  for (const row of rows) {
    const count = Number(row.count);
    const kind = row.caller === 'widget' || row.caller === 'site' ? 'web' : row.caller === 'api' ? 'api' : 'other';
    stats[kind] += count;
    stats.total += count;
  }
  return stats;
}
