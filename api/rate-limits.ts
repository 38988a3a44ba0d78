import type pg from 'pg';
import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
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
  /** Agent jobs created per project (Mintlify documents 100 per project per hour). */
  agentJobs: RateLimit;
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
  const limit = (name: string, points: number, seconds: number, says: string) => postgresLimit(pool, { name, points, seconds, says });
  return {
    agentJobs: limit('agent-jobs', 100, 3600, 'This project has created 100 agent jobs in the last hour'),
    assistant: keyAndClient(
      limit('assistant-key', limits.assistantPerKeyHour, 3600, `This key has asked ${limits.assistantPerKeyHour} questions in the last hour`),
      limit('assistant-client', limits.assistantPerIpMinute, 60, `You have asked ${limits.assistantPerIpMinute} questions in the last minute`),
    ),
    search: keyAndClient(
      limit('search-key', limits.searchPerKeyHour, 3600, `This key has searched ${limits.searchPerKeyHour} times in the last hour`),
      limit('search-client', limits.searchPerIpMinute, 60, `You have searched ${limits.searchPerIpMinute} times in the last minute`),
    ),
    mcp: {
      client: limit('mcp-client', limits.mcpPerClientHour, 3600, `You have made ${limits.mcpPerClientHour} MCP requests in the last hour`),
      toolCalls: mcpToolLimits(limit, 'mcp', limits.mcpToolCallsPerSiteHour),
      authedToolCalls: mcpToolLimits(limit, 'mcp-authed', Math.floor(limits.mcpToolCallsPerSiteHour / 2)),
    },
  };
}

function mcpToolLimits(limit: (name: string, points: number, seconds: number, says: string) => RateLimit, prefix: string, points: number) {
  return {
    search: limit(`${prefix}-search`, points, 3600, `This site's MCP server has answered ${points} searches in the last hour`),
    read: limit(`${prefix}-read`, points, 3600, `This site's MCP server has answered ${points} page reads in the last hour`),
  };
}

function keyAndClient(perKey: RateLimit, perClient: RateLimit): KeyAndClientLimit {
  return {
    async consume({ keyId, projectId, clientAddress }) {
      await Promise.all([perKey.consume(keyId), perClient.consume(`${projectId}:${clientAddress}`)]);
    },
  };
}

/**
 * rate-limiter-flexible over the `rate_limits` table (created by a migration): fixed windows per key,
 * counted atomically in PostgreSQL, so several web processes share each limit.
 */
function postgresLimit(pool: pg.Pool, limit: { name: string; points: number; seconds: number; says: string }): RateLimit {
  const limiter = new RateLimiterPostgres({
    storeClient: pool,
    storeType: 'pool',
    tableName: 'rate_limits',
    tableCreated: true,
    keyPrefix: limit.name,
    points: limit.points,
    duration: limit.seconds,
  });
  return {
    async consume(key) {
      try {
        await limiter.consume(key);
      } catch (rejection) {
        if (!(rejection instanceof RateLimiterRes)) throw rejection;
        const retryAfter = Math.max(1, Math.ceil(rejection.msBeforeNext / 1000));
        throw new AppError('RATE_LIMITED', `${limit.says}; try again in ${retryAfter} s.`, { headers: { 'Retry-After': String(retryAfter) } });
      }
    },
  };
}
