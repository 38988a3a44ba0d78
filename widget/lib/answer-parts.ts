import type { UIMessage } from '@ai-sdk/ui-utils';

/** A `search` tool call of an answer: its query, and its results once they came. */
export interface SearchStep {
  query: string;
  results?: { path: string; title: string }[];
}

export interface Citation {
  url: string;
  title: string;
}

/** The searches an answer ran, from its tool invocations. */
export function searchSteps(message: UIMessage): SearchStep[] {
  const steps: SearchStep[] = [];
  for (const part of message.parts ?? []) {
    if (part.type !== 'tool-invocation' || part.toolInvocation.toolName !== 'search') continue;
    const invocation = part.toolInvocation;
    const args = invocation.args as { query?: unknown } | undefined;
    const query = typeof args?.query === 'string' ? args.query : '';
    if (invocation.state !== 'result') {
      steps.push({ query });
      continue;
    }
    const results = Array.isArray(invocation.result) ? (invocation.result as unknown[]) : [];
    steps.push({
      query,
      results: results.flatMap((result) => {
        const { path, metadata } = (result ?? {}) as { path?: unknown; metadata?: { title?: unknown } };
        return typeof path === 'string' ? [{ path, title: typeof metadata?.title === 'string' ? metadata.title : path }] : [];
      }),
    });
  }
  return steps;
}

/** The pages an answer cites (its source parts), each once. */
export function citations(message: UIMessage): Citation[] {
  const seen = new Map<string, Citation>();
  for (const part of message.parts ?? []) {
    if (part.type !== 'source') continue;
    const { url, title } = part.source;
    if (typeof url === 'string' && !seen.has(url)) seen.set(url, { url, title: title || url });
  }
  return [...seen.values()];
}

/** An answer as plain text, for the screen-reader announcement: Markdown links and marks reduced to their words. */
export function plainText(markdown: string): string {
  return markdown
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[`*_#>]+/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}
