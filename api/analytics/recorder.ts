import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import type { Logger } from '../logger.ts';

/** Who asked: the widget on another site, the rendered site, the API, or an MCP client. */
export type Caller = 'widget' | 'site' | 'api' | 'mcp';

export interface SearchRecord {
  projectId: string;
  query: string;
  language?: string;
  version?: string;
  paths: string[];
  latencyMs: number;
  caller: Caller;
  visitor?: string;
}

export interface ClickRecord {
  projectId: string;
  query: string;
  path: string;
  caller: Caller;
}

export type TurnOutcome = 'answered' | 'not_found' | 'aborted' | 'error';

export interface TurnRecord {
  projectId: string;
  threadId: string;
  messageId: string;
  question: string;
  outcome: TurnOutcome;
  citedPaths: string[];
  searchQueries: string[];
  firstTextMs: number | undefined;
  totalMs: number;
  model: string;
  caller: Caller;
  pageUrl?: string;
}

export interface ViewRecord {
  projectId: string;
  path: string;
  isAi: boolean;
  via: 'html' | 'markdown' | 'mcp';
  visitor?: string;
}

/** Rows kept before a write is made at once, whatever the time. */
const MAX_BUFFERED = 500;
/** How long a row waits for others to be written with. */
const FLUSH_MS = 500;
/** Rows dropped when the database keeps refusing them (it is down): analytics never grow memory without end. */
const MAX_PENDING = 50_000;

type Row = Record<string, unknown>;

/** How each kind of row is written: its table and columns, and their PostgreSQL array types for unnest. */
const TABLES = {
  search: {
    table: 'search_events',
    columns: {
      id: 'text',
      project_id: 'text',
      created_at: 'timestamptz',
      query: 'text',
      language: 'text',
      version: 'text',
      result_count: 'int',
      paths: 'text',
      latency_ms: 'float8',
      caller: 'text',
      visitor: 'text',
    },
  },
  click: { table: 'search_clicks', columns: { id: 'text', project_id: 'text', created_at: 'timestamptz', query: 'text', path: 'text', caller: 'text' } },
  turn: {
    table: 'assistant_turns',
    columns: {
      message_id: 'text',
      project_id: 'text',
      thread_id: 'text',
      created_at: 'timestamptz',
      question: 'text',
      outcome: 'text',
      cited_paths: 'text',
      search_queries: 'text',
      first_text_ms: 'float8',
      total_ms: 'float8',
      model: 'text',
      caller: 'text',
      page_url: 'text',
    },
  },
  view: {
    table: 'page_views',
    columns: { id: 'text', project_id: 'text', created_at: 'timestamptz', path: 'text', is_ai: 'boolean', via: 'text', visitor: 'text' },
  },
} as const;
type Kind = keyof typeof TABLES;
/** Columns holding lists: sent as JSON and unpacked in SQL (unnest cannot take an array of arrays of different lengths). */
const LIST_COLUMNS = new Set(['paths', 'cited_paths', 'search_queries']);

/**
 * Records what readers do without slowing it down: a search or an answer hands its row over and goes
 * on; rows are written in batches, one INSERT per table every half second (or sooner, when many wait),
 * beside the requests. A failure to write is logged and never reaches a search or an answer; rows wait
 * in this process for at most a few seconds, so a crash loses at most those (analytics, not records).
 */
export class AnalyticsRecorder {
  readonly #pending: Record<Kind, Row[]> = { search: [], click: [], turn: [], view: [] };
  #count = 0;
  #timer: NodeJS.Timeout | undefined;
  #flushing: Promise<void> = Promise.resolve();
  /** Rows on their way, still being made (their visitor hashed: record.ts); a flush waits for them. */
  readonly #arriving = new Set<Promise<void>>();
  #isClosed = false;
  #lastFailureLog = 0;

  constructor(
    private readonly pool: pg.Pool,
    private readonly log: Logger,
  ) {}

  search(record: SearchRecord): void {
    this.#add('search', {
      id: newId(),
      project_id: record.projectId,
      created_at: new Date(),
      query: record.query,
      language: record.language ?? null,
      version: record.version ?? null,
      result_count: record.paths.length,
      paths: record.paths,
      latency_ms: record.latencyMs,
      caller: record.caller,
      visitor: record.visitor ?? null,
    });
  }

  click(record: ClickRecord): void {
    this.#add('click', { id: newId(), project_id: record.projectId, created_at: new Date(), query: record.query, path: record.path, caller: record.caller });
  }

  turn(record: TurnRecord): void {
    this.#add('turn', {
      message_id: record.messageId,
      project_id: record.projectId,
      thread_id: record.threadId,
      created_at: new Date(),
      question: record.question,
      outcome: record.outcome,
      cited_paths: record.citedPaths,
      search_queries: record.searchQueries,
      first_text_ms: record.firstTextMs ?? null,
      total_ms: record.totalMs,
      model: record.model,
      caller: record.caller,
      page_url: record.pageUrl ?? null,
    });
  }

  view(record: ViewRecord): void {
    this.#add('view', {
      id: newId(),
      project_id: record.projectId,
      created_at: new Date(),
      path: record.path,
      is_ai: record.isAi,
      via: record.via,
      visitor: record.visitor ?? null,
    });
  }

  /** A row on its way: it is handed over when `row` settles, and a flush asked before then waits for it. */
  arriving(row: Promise<void>): void {
    this.#arriving.add(row);
    void row.finally(() => this.#arriving.delete(row));
  }

  /** Writes what waits now, and what is on its way (tests, and a process that stops). */
  flush(): Promise<void> {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = undefined;
    const arrivals = Promise.allSettled([...this.#arriving]);
    this.#flushing = this.#flushing.then(() => arrivals).then(() => this.#write());
    return this.#flushing;
  }

  async close(): Promise<void> {
    await Promise.allSettled([...this.#arriving]);
    this.#isClosed = true;
    await this.flush();
  }

  #add(kind: Kind, row: Row): void {
    if (this.#isClosed) return;
    if (this.#count >= MAX_PENDING) return;
    this.#pending[kind].push(row);
    this.#count++;
    if (this.#count >= MAX_BUFFERED) void this.flush();
    else this.#timer ??= setTimeout(() => void this.flush(), FLUSH_MS).unref();
  }

  async #write(): Promise<void> {
    for (const kind of Object.keys(TABLES) as Kind[]) {
      const rows = this.#pending[kind];
      if (rows.length === 0) continue;
      this.#pending[kind] = [];
      this.#count -= rows.length;
      try {
        await insertRows(this.pool, kind, rows);
      } catch (error) {
        // Logged at most once a minute: a database that is down would otherwise log every half second.
        if (Date.now() - this.#lastFailureLog > 60_000) {
          this.#lastFailureLog = Date.now();
          this.log.warn(`could not record ${rows.length} ${TABLES[kind].table} rows; they are dropped`, error);
        }
      }
    }
  }
}

/** One INSERT of many rows: each column as an array, unnested together. */
async function insertRows(pool: pg.Pool, kind: Kind, rows: Row[]): Promise<void> {
  const { table, columns } = TABLES[kind];
  const names = Object.keys(columns);
  const selects = names.map((name, index) => (LIST_COLUMNS.has(name) ? `ARRAY(SELECT jsonb_array_elements_text(c${index}))` : `c${index}`));
  const sources = names.map((name, index) => {
    const type = LIST_COLUMNS.has(name) ? 'jsonb' : (columns as Record<string, string>)[name];
    return `$${index + 1}::${type}[]`;
  });
  const values = names.map((name) => rows.map((row) => (LIST_COLUMNS.has(name) ? JSON.stringify(row[name]) : row[name])));
  await pool.query(
    `INSERT INTO ${table} (${names.join(', ')}) SELECT ${selects.join(', ')} FROM unnest(${sources.join(', ')}) AS t(${names.map((_, index) => `c${index}`).join(', ')}) ON CONFLICT DO NOTHING`,
    values,
  );
}

const newId = () => randomBytes(12).toString('hex');
