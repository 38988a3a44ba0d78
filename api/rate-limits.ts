import type pg from 'pg';
import type { Config } from './config.ts';
import { AppError } from './errors.ts';

/** A limit on how often something may happen per key, shared by every process on the database. */
export interface RateLimit {
  /** Counts one use; a 429 with Retry-After (and what the limit is) when the key is over it. */
  consume(key: string): Promise<void>;
}

/**
 * A use counted twice: against the key's hourly limit and against the limit of one client address of
 * one site per minute (so one visitor cannot spend a site's whole allowance).
 */
export interface KeyAndClientLimit {
  /** Counts one use; the first limit exceeded answers 429. */
  consume(use: { keyId: string; projectId: string; clientAddress: string }): Promise<void>;
}

/** The documented limits (docs/api.md, Rate limits). */
export interface RateLimits {
  /** Agent jobs created per project, however created (Mintlify documents 100 per project per hour). */
  agentJobs: RateLimit;
  /** Follow-up messages to agent jobs per project (Mintlify documents 100 per project per hour). */
  agentMessages: RateLimit;
  /** Assistant messages per key (Mintlify documents 10,000 per hour) and per client address. */
  assistant: KeyAndClientLimit;
  /** Searches per key and per client address. */
  search: KeyAndClientLimit;
  /** A site's MCP server (ai/model-context-protocol.mdx, Rate limits): requests per client, tool calls per site. */
  mcp: {
    client: RateLimit;
    toolCalls: Record<'search' | 'read', RateLimit>;
    authedToolCalls: Record<'search' | 'read', RateLimit>;
  };
}

export function createRateLimits(pool: pg.Pool, limits: Config['rateLimits']): RateLimits {
  const windows = new FixedWindows(pool);
  const limit = (name: string, points: number, seconds: number, says: string): LimitWindow => ({ name, points, seconds, says });
  const single = (window: LimitWindow): RateLimit => ({ consume: (key) => windows.consume([{ window, key }]) });
  const keyAndClient = (perKey: LimitWindow, perClient: LimitWindow): KeyAndClientLimit => ({
    consume: ({ keyId, projectId, clientAddress }) =>
      windows.consume([
        { window: perKey, key: keyId },
        { window: perClient, key: `${projectId}:${clientAddress}` },
      ]),
  });
  const mcpToolLimits = (prefix: string, points: number) => ({
    search: single(limit(`${prefix}-search`, points, 3600, `This site's MCP server has answered ${points} searches in the last hour`)),
    read: single(limit(`${prefix}-read`, points, 3600, `This site's MCP server has answered ${points} page reads in the last hour`)),
  });
  return {
    agentJobs: single(limit('agent-jobs', 100, 3600, 'This project has created 100 agent jobs in the last hour')),
    agentMessages: single(limit('agent-messages', 100, 3600, 'This project has sent 100 follow-up messages to agent jobs in the last hour')),
    assistant: keyAndClient(
      limit('assistant-key', limits.assistantPerKeyHour, 3600, `This key has asked ${limits.assistantPerKeyHour} questions in the last hour`),
      limit('assistant-client', limits.assistantPerIpMinute, 60, `You have asked ${limits.assistantPerIpMinute} questions in the last minute`),
    ),
    search: keyAndClient(
      limit('search-key', limits.searchPerKeyHour, 3600, `This key has searched ${limits.searchPerKeyHour} times in the last hour`),
      limit('search-client', limits.searchPerIpMinute, 60, `You have searched ${limits.searchPerIpMinute} times in the last minute`),
    ),
    mcp: {
      client: single(limit('mcp-client', limits.mcpPerClientHour, 3600, `You have made ${limits.mcpPerClientHour} MCP requests in the last hour`)),
      toolCalls: mcpToolLimits('mcp', limits.mcpToolCallsPerSiteHour),
      authedToolCalls: mcpToolLimits('mcp-authed', Math.floor(limits.mcpToolCallsPerSiteHour / 2)),
    },
  };
}

/** A limit: `points` uses per key in each window of `seconds`; `says` is what the 429 tells the client. */
interface LimitWindow {
  name: string;
  points: number;
  seconds: number;
  says: string;
}

/** Windows that ended this long ago are deleted (a returning key starts a new one anyway). */
const KEEP_ENDED_MS = 3_600_000;
const CLEAR_EVERY_MS = 300_000;

/**
 * Fixed windows per key in the `rate_limits` table (created by a migration, unlogged), counted
 * atomically in PostgreSQL so that several web processes share each limit. A request's uses (the key's
 * and the client address's) are counted in one statement: one round trip before its work starts.
 */
class FixedWindows {
  #lastCleared = Date.now();

  constructor(private readonly pool: pg.Pool) {}

  /** Counts one use of each window for its key; the first window over its limit answers 429 with Retry-After. */
  async consume(uses: { window: LimitWindow; key: string }[]): Promise<void> {
    const now = Date.now();
    const keys = uses.map(({ window, key }) => `${window.name}:${key}`);
    const { rows } = await this.pool.query<{ key: string; points: number; expire: string }>({
      name: 'folio-rate-limits-consume',
      text: `INSERT INTO rate_limits (key, points, expire)
               SELECT use.key, 1, $2::bigint + use.seconds * 1000 FROM unnest($1::text[], $3::int[]) AS use(key, seconds)
             ON CONFLICT (key) DO UPDATE SET
               points = CASE WHEN rate_limits.expire IS NULL OR rate_limits.expire <= $2 THEN 1 ELSE rate_limits.points + 1 END,
               expire = CASE WHEN rate_limits.expire IS NULL OR rate_limits.expire <= $2 THEN EXCLUDED.expire ELSE rate_limits.expire END
             RETURNING key, points, expire`,
      values: [keys, now, uses.map(({ window }) => window.seconds)],
    });
    this.#clearEnded(now);
    const counted = new Map(rows.map((row) => [row.key, row]));
    uses.forEach(({ window }, index) => {
      const row = counted.get(keys[index]!)!;
      if (row.points <= window.points) return;
      const retryAfter = Math.max(1, Math.ceil((Number(row.expire) - now) / 1000));
      throw new AppError('RATE_LIMITED', `${window.says}; try again in ${retryAfter} s.`, { headers: { 'Retry-After': String(retryAfter) } });
    });
  }

  /** Every few minutes, deletes the windows that ended an hour ago, off the request's path. */
  #clearEnded(now: number): void {
    if (now - this.#lastCleared < CLEAR_EVERY_MS) return;
    this.#lastCleared = now;
    this.pool.query('DELETE FROM rate_limits WHERE expire < $1', [now - KEEP_ENDED_MS]).catch(() => undefined);
  }
}
