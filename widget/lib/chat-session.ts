import type { JSONValue, UIMessage } from '@ai-sdk/ui-utils';
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { apiErrorOf, ApiError, errorMessage } from './api-error.ts';
import { readAnswer } from './answer-stream.ts';
import { authHeaders, filterOf, type ServerSettings } from './server.ts';
import { loadThread, randomHex, readerId, saveThread } from './thread-store.ts';

export type ChatStatus = 'idle' | 'streaming' | 'error';

/** Search results given to the model per search. */
const RETRIEVAL_PAGE_SIZE = 5;

/** How an answer's id starts until the stream gives Folio's (answer-stream.ts). */
const PROVISIONAL_ID = 'answer-';

/** Whether an answer carries Folio's id, so feedback can name it (not one that failed before its first step, nor one stored by an older widget). */
export const hasServerId = (message: UIMessage): boolean => !message.id.startsWith(PROVISIONAL_ID);

/**
 * One conversation with the assistant, kept in this browser across page loads. Answers are streamed
 * from `POST /v1/assistant/{domain}/message` (the AI SDK v4 data stream, read by the AI SDK's parser:
 * answer-stream.ts). Folio keeps the thread's earlier turns, so a question is sent with the thread id
 * and only the new message.
 */
export class ChatSession implements ReactiveController {
  messages: UIMessage[] = [];
  threadId: string | null = null;
  status: ChatStatus = 'idle';
  error = '';
  private abort?: AbortController;
  private loadedFor = '';

  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly settings: () => ServerSettings | undefined,
    private readonly onEvent: (event: 'answer-start' | 'answer-end', message?: UIMessage) => void,
  ) {
    host.addController(this);
  }

  hostConnected(): void {
    this.load();
  }

  hostDisconnected(): void {
    this.stop();
  }

  /** Reads the stored thread of the current site (again when the element's site changes). */
  load(): void {
    const { baseUrl, domain } = this.settings() ?? {};
    if (!baseUrl || !domain) return;
    if (this.loadedFor === `${baseUrl} ${domain}`) return;
    this.loadedFor = `${baseUrl} ${domain}`;
    ({ threadId: this.threadId, messages: this.messages } = loadThread(baseUrl, domain));
    this.host.requestUpdate();
  }

  get isStreaming(): boolean {
    return this.status === 'streaming';
  }

  async ask(text: string): Promise<void> {
    const question = text.trim();
    if (!question || this.isStreaming) return;
    const message: UIMessage = {
      id: `user-${randomHex(8)}`,
      role: 'user',
      content: question,
      parts: [{ type: 'text', text: question }],
      createdAt: new Date(),
    };
    this.messages = [...this.messages, message];
    await this.send(message);
  }

  /** Asks the last question again, in place of its answer. */
  async retry(): Promise<void> {
    const lastQuestion = this.messages.findLastIndex((message) => message.role === 'user');
    if (lastQuestion < 0 || this.isStreaming) return;
    this.messages = this.messages.slice(0, lastQuestion + 1);
    await this.send(this.messages[lastQuestion]!);
  }

  stop(): void {
    this.abort?.abort();
  }

  /** Forgets the conversation (Folio keeps the thread; a new one starts with the next question). */
  reset(): void {
    this.stop();
    this.messages = [];
    this.threadId = null;
    this.status = 'idle';
    this.error = '';
    this.persist();
    this.host.requestUpdate();
  }

  private async send(question: UIMessage): Promise<void> {
    const settings = this.settings()!;
    const abort = new AbortController();
    this.abort = abort;
    this.status = 'streaming';
    this.error = '';
    this.host.requestUpdate();
    this.onEvent('answer-start');
    const filter = filterOf(settings);
    let answer: UIMessage | undefined;
    try {
      const response = await fetch(`${settings.baseUrl}/v1/assistant/${encodeURIComponent(settings.domain)}/message`, {
        method: 'POST',
        headers: { ...authHeaders(settings), 'content-type': 'application/json' },
        body: JSON.stringify({
          fp: readerId(settings.baseUrl, settings.domain),
          messages: [question],
          threadId: this.threadId,
          retrievalPageSize: RETRIEVAL_PAGE_SIZE,
          ...(filter ? { filter } : {}),
        }),
        signal: abort.signal,
      });
      if (!response.ok || !response.body) throw await apiErrorOf(response);
      this.threadId = response.headers.get('x-thread-id') ?? this.threadId;
      await readAnswer(
        response.body,
        `${PROVISIONAL_ID}${randomHex(8)}`,
        (message) => {
          answer = message;
          this.showAnswer(question, message);
        },
        (data) => (this.threadId = threadIdOf(data) ?? this.threadId),
      );
      this.status = 'idle';
    } catch (error) {
      if (abort.signal.aborted) {
        this.status = 'idle';
      } else {
        this.status = 'error';
        this.error = errorMessage(error);
        // A thread Folio no longer has (or that another reader started) cannot be continued.
        if (error instanceof ApiError && error.status === 404 && this.threadId) this.threadId = null;
      }
    } finally {
      if (this.abort === abort) this.abort = undefined;
    }
    this.persist();
    this.host.requestUpdate();
    this.onEvent('answer-end', answer);
  }

  /** Puts the answer (so far) after its question. */
  private showAnswer(question: UIMessage, answer: UIMessage): void {
    const at = this.messages.indexOf(question);
    this.messages = [...this.messages.slice(0, at + 1), answer];
    this.host.requestUpdate();
  }

  private persist(): void {
    const { baseUrl, domain } = this.settings()!;
    saveThread(baseUrl, domain, { threadId: this.threadId, messages: this.messages });
  }
}

/** The thread id from the stream's `{"type":"finish","threadId"}` data part. */
function threadIdOf(data: JSONValue[] | undefined): string | undefined {
  for (const item of data ?? []) {
    if (item && typeof item === 'object' && !Array.isArray(item) && typeof item.threadId === 'string') return item.threadId;
  }
  return undefined;
}
