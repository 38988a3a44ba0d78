import type { UIMessage } from '@ai-sdk/ui-utils';
import { readStored, storeKey, writeStored } from './local-store.ts';

/** A conversation as this browser keeps it across page loads. */
export interface StoredThread {
  threadId: string | null;
  messages: UIMessage[];
}

/** The newest messages kept (a thread's earlier turns stay on the server, which is what answers use). */
const MAX_KEPT_MESSAGES = 40;

const isThread = (value: unknown): value is StoredThread =>
  typeof value === 'object' &&
  value !== null &&
  Array.isArray((value as StoredThread).messages) &&
  (value as StoredThread).messages.every((message) => typeof message?.id === 'string' && typeof message.content === 'string') &&
  ((value as StoredThread).threadId === null || typeof (value as StoredThread).threadId === 'string');

export function loadThread(baseUrl: string, domain: string): StoredThread {
  const stored = readStored(storeKey('thread', baseUrl, domain), isThread);
  return stored ? { threadId: stored.threadId, messages: stored.messages.map(revive) } : { threadId: null, messages: [] };
}

export function saveThread(baseUrl: string, domain: string, thread: StoredThread): void {
  const isEmpty = thread.threadId === null && thread.messages.length === 0;
  writeStored(storeKey('thread', baseUrl, domain), isEmpty ? undefined : { threadId: thread.threadId, messages: thread.messages.slice(-MAX_KEPT_MESSAGES) });
}

/** JSON turns dates into strings; the AI SDK's messages carry a Date. */
const revive = (message: UIMessage): UIMessage => ({ ...message, createdAt: message.createdAt ? new Date(message.createdAt) : undefined });

/** A random id for the reader (`fp`): a thread continues only with the fp that started it. */
export function readerId(baseUrl: string, domain: string): string {
  const key = storeKey('reader', baseUrl, domain);
  const isId = (value: unknown): value is string => typeof value === 'string' && /^reader-[0-9a-f]{32}$/.test(value);
  const known = readStored(key, isId);
  if (known) return known;
  const id = `reader-${randomHex(16)}`;
  writeStored(key, id);
  return id;
}

/** Random hex (crypto.randomUUID needs a secure context; getRandomValues does not). */
export const randomHex = (bytes: number): string =>
  Array.from(crypto.getRandomValues(new Uint8Array(bytes)), (byte) => byte.toString(16).padStart(2, '0')).join('');
