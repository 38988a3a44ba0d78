import { formatDataStreamPart } from '@ai-sdk/ui-utils';
import type { SearchResult } from '../../../../widget/lib/search-client.ts';

/** A request the widget made. */
export interface Seen {
  url: string;
  body: any;
  headers: Headers;
  signal?: AbortSignal | null;
}

/** One scripted answer: the search step, then the text in pieces, then its sources. */
export interface ScriptedAnswer {
  query?: string;
  results?: SearchResult[];
  text: string[];
  sources?: { url: string; title: string }[];
  threadId?: string;
  /** The answer's message id, which each step starts with (`f:`), as Folio writes it. */
  messageId?: string;
  /** Milliseconds between stream parts. */
  delayMs?: number;
  /** An error part after the text. */
  error?: string;
}

type Reply = Response | (() => Response | Promise<Response>);

/**
 * Folio's routes as the widget sees them, in the browser: `fetch` replaced by a script of search
 * results and streamed answers, written in the AI SDK v4 data stream protocol by the AI SDK's own
 * formatter, and feedback recorded.
 */
export class FakeFolio {
  readonly seen: Seen[] = [];
  /** Search results per query (by default, the same results for every query). */
  results: (query: string) => SearchResult[] = () => [];
  /** Set to answer searches with a refusal instead. */
  searchReply?: Reply;
  assistantReply?: Reply;
  /** Set to answer feedback with a refusal instead of `{"recorded": true, "id": "f1"}`. */
  feedbackReply?: Reply;
  answers: ScriptedAnswer[] = [];
  searchDelayMs = 0;
  private realFetch = globalThis.fetch;

  install(): this {
    globalThis.fetch = (input, init) => this.fetch(String(input instanceof Request ? input.url : input), init ?? {});
    return this;
  }

  uninstall(): void {
    globalThis.fetch = this.realFetch;
  }

  /** The searches made as the reader typed (marked `X-Folio-Search: typing`). */
  searches(): Seen[] {
    return this.allSearches().filter((request) => request.headers.get('x-folio-search') === 'typing');
  }

  /** The searches the widget reported the reader settled on. */
  settledSearches(): Seen[] {
    return this.allSearches().filter((request) => request.headers.get('x-folio-search') === 'settled');
  }

  private allSearches(): Seen[] {
    return this.seen.filter((request) => request.url.includes('/v1/search/') && !request.url.endsWith('/click'));
  }

  /** The results the widget reported opened. */
  clicks(): Seen[] {
    return this.seen.filter((request) => request.url.endsWith('/click'));
  }

  questions(): Seen[] {
    return this.seen.filter((request) => request.url.includes('/assistant/'));
  }

  feedback(): Seen[] {
    return this.seen.filter((request) => request.url.includes('/v1/feedback/'));
  }

  private async fetch(url: string, init: RequestInit): Promise<Response> {
    const seen: Seen = { url, body: init.body ? JSON.parse(String(init.body)) : undefined, headers: new Headers(init.headers), signal: init.signal };
    this.seen.push(seen);
    if (url.endsWith('/click')) return Response.json({ recorded: true }, { status: 202 });
    if (url.includes('/v1/feedback/')) return this.feedbackReply ? reply(this.feedbackReply) : Response.json({ recorded: true, id: 'f1' });
    if (url.includes('/v1/search/')) {
      if (this.searchDelayMs) await abortableDelay(this.searchDelayMs, init.signal);
      if (this.searchReply) return reply(this.searchReply);
      return Response.json(this.results(seen.body.query));
    }
    if (url.includes('/assistant/')) {
      if (this.assistantReply) return reply(this.assistantReply);
      const answer = this.answers.shift();
      if (!answer) throw new Error('the fake Folio has no answer scripted');
      return answerResponse(answer, init.signal);
    }
    return this.realFetch(url, init);
  }
}

const reply = (scripted: Reply) => (typeof scripted === 'function' ? scripted() : scripted.clone());

function abortableDelay(ms: number, signal?: AbortSignal | null): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(new DOMException('aborted', 'AbortError'));
    });
  });
}

/** The stream Folio's /v1 route writes: step, search call and result, step, text, sources, finish. */
export function answerParts(answer: ScriptedAnswer): string[] {
  const threadId = answer.threadId ?? 'thread-1';
  const messageId = answer.messageId ?? 'message-1';
  const call = { toolCallId: 'call-1', toolName: 'search', args: { query: answer.query ?? 'question' } };
  return [
    formatDataStreamPart('start_step', { messageId }),
    formatDataStreamPart('tool_call', call),
    formatDataStreamPart('tool_result', { toolCallId: 'call-1', result: answer.results ?? [] }),
    formatDataStreamPart('finish_step', { finishReason: 'tool-calls', isContinued: false }),
    formatDataStreamPart('start_step', { messageId }),
    ...answer.text.map((text) => formatDataStreamPart('text', text)),
    ...(answer.sources ?? []).map((source, n) =>
      formatDataStreamPart('source', { sourceType: 'url', id: `source-${n + 1}`, url: source.url, title: source.title }),
    ),
    ...(answer.error ? [formatDataStreamPart('error', answer.error)] : []),
    formatDataStreamPart('finish_step', { finishReason: 'stop', isContinued: false }),
    formatDataStreamPart('data', [{ type: 'finish', threadId }]),
    formatDataStreamPart('finish_message', { finishReason: 'stop', usage: { promptTokens: 1, completionTokens: 1 } }),
  ];
}

function answerResponse(answer: ScriptedAnswer, signal?: AbortSignal | null): Response {
  const parts = answerParts(answer);
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      try {
        for (const part of parts) {
          if (answer.delayMs) await abortableDelay(answer.delayMs, signal);
          controller.enqueue(encoder.encode(part));
        }
        controller.close();
      } catch (error) {
        controller.error(error);
      }
    },
  });
  return new Response(body, {
    headers: { 'content-type': 'text/plain; charset=utf-8', 'x-vercel-ai-data-stream': 'v1', 'x-thread-id': answer.threadId ?? 'thread-1' },
  });
}

/** A search result as Folio returns it. */
export function result(path: string, title: string, content: string, section = 'Guides'): SearchResult {
  return { path, content, metadata: { title, description: '', section, version: '', language: 'en', score: 1 } };
}

export const RESULTS: SearchResult[] = [
  result('/custom-domain#configure-dns', 'Custom domain', 'Add a CNAME record pointing docs to cname.acme.dev. For an apex domain, add an A record.'),
  result('/quickstart#install-the-cli', 'Quickstart', 'Run npm i -g acme to install the Acme CLI and preview your custom domain locally.'),
  result('/custom-domain#verify', 'Custom domain', 'Verification of your domain takes up to 24 hours.'),
];

/**
 * An answer with what scrolls sideways in the 480 px panel, a code line of 145 characters and a table of
 * 24 columns, between a code line of 40, which fits there but not on a 360 px phone.
 */
export const WIDE_ANSWER: ScriptedAnswer = {
  text: [
    `Add the record:\n\n\`\`\`sh\nacme domains add docs.acme.com --verify --wait ${'--record=CNAME '.repeat(5)}--target=cname.acme.dev\n\`\`\`\n\n`,
    `Then check it:\n\n\`\`\`\nacme domains verify docs.acme.com --wait\n\`\`\`\n\n`,
    `${'| Region '.repeat(24)}|\n${'| --- '.repeat(24)}|\n${'| ok '.repeat(24)}|\n`,
  ],
};
