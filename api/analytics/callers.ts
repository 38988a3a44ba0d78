import type { Caller } from './recorder.ts';

/** The header Folio's widget sends with its requests, so that they are told from API calls. */
export const CLIENT_HEADER = 'x-folio-client';

/**
 * Who made a search or asked a question: Folio's widget on a page of the rendered site (`site`: its
 * Referer is a page under `/sites/` of the host asked, or a site's own host name under SITE_DOMAIN), the
 * widget on another site (`widget`), else a program calling the API (`api`).
 */
export function callerOf(request: Request, siteDomain: string | undefined): Caller {
  if (request.headers.get(CLIENT_HEADER) !== 'widget') return 'api';
  const referer = URL.parse(request.headers.get('referer') ?? '');
  if (!referer) return 'widget';
  const host = new URL(request.url).host;
  if (referer.host === host && referer.pathname.startsWith('/sites/')) return 'site';
  if (siteDomain && referer.hostname.endsWith(`.${siteDomain}`)) return 'site';
  return 'widget';
}

/**
 * AI agents and crawlers by the names their user agents give (OpenAI's, Anthropic's, Perplexity's,
 * Google's, Apple's, Meta's, Mistral's and others' fetchers, and coding assistants'). Generic HTTP
 * clients (curl, a script) are not counted as AI: nothing says what is behind them.
 */
const AI_AGENTS =
  /GPTBot|ChatGPT-User|OAI-SearchBot|ClaudeBot|Claude-User|Claude-SearchBot|anthropic-ai|PerplexityBot|Perplexity-User|Google-Extended|GoogleOther|Gemini|CCBot|cohere-ai|Bytespider|Amazonbot|Applebot-Extended|meta-externalagent|Diffbot|YouBot|MistralAI-User|DuckAssistBot|Cursor|Windsurf|Copilot/i;

/** Whether a page was read by an AI agent rather than a person in a browser. */
export function isAiAgent(userAgent: string | null): boolean {
  return userAgent !== null && AI_AGENTS.test(userAgent);
}
