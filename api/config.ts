import path from 'node:path';
import { findChromium } from './browser/find-chromium.ts';
import { normalisedOrigin } from './http/origins.ts';

/** Every setting Folio reads, resolved once from the environment. docs/configuration.md lists them. */
export interface Config {
  readonly host: string;
  readonly port: number;
  /** A PostgreSQL URL; undefined means the embedded server under `dataDir`. */
  readonly databaseUrl: string | undefined;
  readonly dataDir: string;
  /** Port for the embedded PostgreSQL; undefined picks a free one on first start and keeps it. */
  readonly embeddedPostgresPort: number | undefined;
  /** Running as root: where the embedded PostgreSQL's binaries and clusters live, owned by its user. */
  readonly embeddedPostgresHome: string;
  /** Largest request body accepted, in bytes (413 above it). */
  readonly maxBodyBytes: number;
  readonly logLevel: LogLevel;
  /** Token sent to GitHub when fetching its https repositories (private repositories). */
  readonly githubToken: string | undefined;
  /** The OpenAI-compatible endpoint and model for embeddings; undefined means the offline model. */
  readonly embeddingModel: ModelEndpoint | undefined;
  /** The OpenAI-compatible endpoint and chat model for answers (and agent jobs); undefined means the offline model. */
  readonly answerModel: ModelEndpoint | undefined;
  /** Agent jobs each worker process runs at once (jobs on one branch of a project still take turns). */
  readonly agentConcurrency: number;
  /**
   * How often an idle worker looks for jobs nobody announced: retries after their delay, jobs whose
   * worker died, and every job while its connection listening for new ones is down. New jobs wake
   * workers at once.
   */
  readonly jobPollSeconds: number;
  /** The memory each web process's search indexes may take before the least recently used are dropped. */
  readonly searchMemoryBytes: number;
  /**
   * The memory a deployment's page building may take (DEPLOY_MEMORY_MB): it sets how many worker threads
   * build pages and how many pages are held at once (api/deploy/page-pool.ts).
   */
  readonly deployMemoryBytes: number;
  /** Origins browsers may call the API from (CORS): any, or a list. */
  readonly corsOrigins: '*' | readonly string[];
  /** GitHub's web address (GitHub Enterprise: your server's); the token is sent to repositories under it only. */
  readonly githubUrl: string;
  /** GitHub's REST API (api.github.com, or GitHub Enterprise's /api/v3). */
  readonly githubApiUrl: string;
  /** The address users reach Folio at, for links Folio gives out (local pull requests, screenshots). */
  readonly publicUrl: string;
  /** Requests each assistant key may make (per hour) and each client address (per minute). */
  readonly rateLimits: {
    assistantPerKeyHour: number;
    assistantPerIpMinute: number;
    searchPerKeyHour: number;
    searchPerIpMinute: number;
    /** MCP requests per client address per hour, and tool calls per site per hour (each tool; half on /authed/mcp, as Mintlify's). */
    mcpPerClientHour: number;
    mcpToolCallsPerSiteHour: number;
  };
  /** How long recorded searches, answers, feedback and views are kept (api/analytics/). */
  readonly analyticsRetentionDays: number;
  /** Previews nobody deployed or read for this long are removed (api/previews/). */
  readonly previewTtlDays: number;
  /** Proxies in front of Folio whose X-Forwarded-For to trust (the client's address is the one they saw). */
  readonly trustedProxies: number;
  /** With it, `{subdomain}.{siteDomain}` serves that site at `/` (sites are always at `/sites/{subdomain}/`). */
  readonly siteDomain: string | undefined;
  /** The headless Chromium that takes deployments' screenshots, or why there is none. */
  readonly chromium: { path: string } | { missing: string };
}

export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

/** A model at an OpenAI-compatible endpoint. */
export interface ModelEndpoint {
  /** undefined: OpenAI's own API. */
  readonly baseURL: string | undefined;
  readonly apiKey: string;
  readonly model: string;
}
const LOG_LEVELS: readonly LogLevel[] = ['debug', 'info', 'warn', 'error'];

/** Every invalid setting at once, one line each, so a user fixes them all in one go. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.map((problem) => `folio: invalid setting: ${problem} (docs/configuration.md)`).join('\n'));
  }
}

type Env = Record<string, string | undefined>;

/** Reads the environment; throws a ConfigError listing every problem at once. */
export function loadConfig(env: Env, cwd = process.cwd()): Config {
  const problems: string[] = [];
  const integer = (name: string, fallback: number | undefined, min: number, max: number) => {
    const raw = env[name];
    if (raw === undefined || raw === '') return fallback;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < min || value > max) {
      problems.push(`${name} must be a whole number from ${min} to ${max}, got "${raw}"`);
      return fallback;
    }
    return value;
  };

  const databaseUrl = env.DATABASE_URL || undefined;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    problems.push(`DATABASE_URL must start with postgres:// or postgresql://, got "${databaseUrl}"`);
  }
  if (env.GITHUB_URL && !/^https?:\/\/[^/]+/.test(env.GITHUB_URL)) {
    problems.push(`GITHUB_URL must be an http(s) address such as https://github.com, got "${env.GITHUB_URL}"`);
  }
  const embeddingModel = modelEndpoint(env, 'EMBEDDING', 'text-embedding-3-small', problems);
  const answerModel = modelEndpoint(env, 'ANSWER', 'gpt-4o-mini', problems);
  const corsOrigins = parseOrigins(env.CORS_ORIGINS, problems);
  const githubUrl = (env.GITHUB_URL || 'https://github.com').replace(/\/+$/, '');
  const siteDomain = env.SITE_DOMAIN ? env.SITE_DOMAIN.trim().toLowerCase().replace(/\.$/, '') : undefined;
  if (siteDomain && !/^(?=.{1,200}$)([a-z0-9]([a-z0-9-]*[a-z0-9])?\.)*[a-z0-9]([a-z0-9-]*[a-z0-9])?$/.test(siteDomain)) {
    problems.push(`SITE_DOMAIN must be a host name such as docs.example.com, got "${env.SITE_DOMAIN}"`);
  }
  for (const name of ['GITHUB_API_URL', 'PUBLIC_URL']) {
    if (env[name] && !/^https?:\/\/[^/]/.test(env[name]!)) problems.push(`${name} must be an http(s) address, got "${env[name]}"`);
  }
  const port = integer('PORT', 3000, 0, 65535)!;
  const logLevel = (env.LOG_LEVEL || 'info') as LogLevel;
  if (!LOG_LEVELS.includes(logLevel)) {
    problems.push(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${env.LOG_LEVEL}"`);
  }

  const config: Config = {
    host: env.HOST || '127.0.0.1',
    port,
    databaseUrl,
    dataDir: path.resolve(cwd, env.DATA_DIR || '.data'),
    embeddedPostgresPort: integer('EMBEDDED_POSTGRES_PORT', undefined, 1, 65535),
    embeddedPostgresHome: path.resolve(cwd, env.EMBEDDED_POSTGRES_HOME || '/var/lib/folio'),
    maxBodyBytes: integer('MAX_BODY_BYTES', 1024 * 1024, 1024, 64 * 1024 * 1024)!,
    logLevel,
    githubToken: env.GITHUB_TOKEN || undefined,
    searchMemoryBytes: integer('SEARCH_MEMORY_MB', 1024, 16, 1024 * 1024)! * 1024 * 1024,
    // 1,536 MB leaves a 2 GB container room for the rest of the process's work beside a deployment.
    deployMemoryBytes: integer('DEPLOY_MEMORY_MB', 1536, 256, 1024 * 1024)! * 1024 * 1024,
    corsOrigins,
    githubUrl,
    githubApiUrl: (env.GITHUB_API_URL || (githubUrl === 'https://github.com' ? 'https://api.github.com' : `${githubUrl}/api/v3`)).replace(/\/+$/, ''),
    rateLimits: {
      assistantPerKeyHour: integer('ASSISTANT_MESSAGES_PER_HOUR', 10_000, 1, 100_000_000)!,
      assistantPerIpMinute: integer('ASSISTANT_MESSAGES_PER_MINUTE_PER_CLIENT', 20, 1, 1_000_000)!,
      searchPerKeyHour: integer('SEARCHES_PER_HOUR', 10_000, 1, 100_000_000)!,
      searchPerIpMinute: integer('SEARCHES_PER_MINUTE_PER_CLIENT', 300, 1, 1_000_000)!,
      mcpPerClientHour: integer('MCP_REQUESTS_PER_HOUR_PER_CLIENT', 5_000, 1, 100_000_000)!,
      mcpToolCallsPerSiteHour: integer('MCP_TOOL_CALLS_PER_HOUR', 10_000, 2, 100_000_000)!,
    },
    trustedProxies: integer('TRUSTED_PROXIES', 0, 0, 10)!,
    analyticsRetentionDays: integer('ANALYTICS_RETENTION_DAYS', 90, 1, 3650)!,
    previewTtlDays: integer('PREVIEW_TTL_DAYS', 30, 1, 3650)!,
    // A job mostly waits on the model and on git (about 1 CPU-second for a four-step job on the test corpus,
    // 1,100 pages): 8 at once kept two cores under half busy, with room for a deployment beside them.
    agentConcurrency: integer('AGENT_CONCURRENCY', 8, 1, 100)!,
    jobPollSeconds: integer('JOB_POLL_SECONDS', 5, 1, 3600)!,
    publicUrl: (env.PUBLIC_URL || defaultPublicUrl(env.HOST || '127.0.0.1', port)).replace(/\/+$/, ''),
    embeddingModel,
    answerModel,
    siteDomain,
    chromium: chromiumOf(env),
  };
  if (problems.length > 0) throw new ConfigError(problems);
  return Object.freeze(config);
}

/**
 * The endpoint of one kind of model (EMBEDDING or ANSWER): its own `<KIND>_API_KEY` and
 * `<KIND>_BASE_URL`, else the shared OPENAI_API_KEY and OPENAI_BASE_URL, and `<KIND>_MODEL` (default
 * `fallback`). No key, or the model `offline`, means the offline model; so answers can use a model server
 * while embeddings stay offline, or the reverse.
 */
function modelEndpoint(env: Env, kind: 'EMBEDDING' | 'ANSWER', fallback: string, problems: string[]): ModelEndpoint | undefined {
  const apiKey = env[`${kind}_API_KEY`] || env.OPENAI_API_KEY || undefined;
  const baseURL = env[`${kind}_BASE_URL`] || env.OPENAI_BASE_URL || undefined;
  const model = env[`${kind}_MODEL`] || fallback;
  for (const name of [`${kind}_BASE_URL`, 'OPENAI_BASE_URL']) {
    const url = env[name];
    if (url && !/^https?:\/\/[^/]/.test(url)) problems.push(`${name} must be an http(s) URL such as http://127.0.0.1:8080/v1, got "${url}"`);
  }
  if (model === 'offline') return undefined;
  if (!apiKey) {
    if (baseURL)
      problems.push(
        `${env[`${kind}_BASE_URL`] ? `${kind}_BASE_URL` : 'OPENAI_BASE_URL'} is set but no API key is: set ${kind}_API_KEY or OPENAI_API_KEY (any non-empty value for a local server)`,
      );
    else if (env[`${kind}_MODEL`]) problems.push(`${kind}_MODEL is set but no API key is: set ${kind}_API_KEY or OPENAI_API_KEY, or use ${kind}_MODEL=offline`);
    return undefined;
  }
  return { baseURL, apiKey, model };
}

/** CHROMIUM_PATH, else a Chromium on the PATH; without one, why (the screenshot job logs it). */
function chromiumOf(env: Env): Config['chromium'] {
  const found = findChromium(env);
  if (found) return { path: found };
  return {
    missing: env.CHROMIUM_PATH
      ? `CHROMIUM_PATH (${env.CHROMIUM_PATH}) is not an executable file`
      : 'no Chromium on the PATH (install chromium, or set CHROMIUM_PATH)',
  };
}

/** Where this process listens, as a browser on the same machine reaches it. */
function defaultPublicUrl(host: string, port: number): string {
  const reachable = host === '0.0.0.0' ? '127.0.0.1' : host === '::' ? '[::1]' : host.includes(':') ? `[${host}]` : host;
  return `http://${reachable}:${port}`;
}

/** CORS_ORIGINS: `*` (the default) or origins separated by commas, each `scheme://host[:port]`. */
function parseOrigins(raw: string | undefined, problems: string[]): '*' | readonly string[] {
  if (raw === undefined || raw.trim() === '' || raw.trim() === '*') return '*';
  const origins = raw
    .split(',')
    .map((origin) => origin.trim())
    .filter(Boolean);
  for (const origin of origins) {
    if (normalisedOrigin(origin) !== origin)
      problems.push(`CORS_ORIGINS must be * or origins such as https://docs.example.com separated by commas, got "${origin}"`);
  }
  return Object.freeze(origins);
}
