/** What one assistant request may hold (docs/assistant.md). Larger requests are a 400 naming the field. */
export const ASSISTANT_LIMITS = {
  /** `fp`, the caller's fingerprint. */
  maxFingerprintLength: 200,
  /** Messages in one request (the conversation the client sends). */
  maxMessages: 100,
  /** Characters of text in one message. */
  maxMessageLength: 20_000,
  /** Characters of text in the whole conversation sent. */
  maxConversationLength: 100_000,
  /** Parts of one message. */
  maxParts: 200,
  /** `retrievalPageSize`: search results given to the model per search. */
  minRetrievalPageSize: 1,
  maxRetrievalPageSize: 20,
  defaultRetrievalPageSize: 5,
  /** `filter.version`, `filter.language`, `threadId` and `currentPath`. */
  maxFieldLength: 200,
  /** Items of `context` (code or selected text the user points at), and characters in each. */
  maxContextItems: 10,
  maxContextLength: 10_000,
  /** Model steps per answer: searching (once or a few times), then answering. */
  maxSteps: 5,
  /** Earlier turns of a continued thread given to the model. */
  maxHistoryMessages: 20,
} as const;
