/**
 * What an answer is made of, in the order it happens: the events of the `assistantMessage`
 * subscription, which the v1 (AI SDK v4 data stream) and v2 (UI message stream) routes write in their
 * own formats.
 */
export type AssistantEvent =
  | { type: 'started'; threadId: string; messageId: string }
  | { type: 'step-started'; messageId: string }
  | { type: 'tool-call'; toolCallId: string; toolName: string; args: unknown }
  | { type: 'tool-result'; toolCallId: string; toolName: string; result: unknown }
  | { type: 'text-delta'; text: string }
  | { type: 'source'; id: string; url: string; title: string }
  | { type: 'step-finished'; finishReason: FinishReason; usage: Usage; isContinued: boolean }
  | { type: 'finished'; threadId: string; messageId: string; finishReason: FinishReason; usage: Usage };

/** The AI SDK v4 finish reasons. */
export type FinishReason = 'stop' | 'length' | 'content-filter' | 'tool-calls' | 'error' | 'other' | 'unknown';

export interface Usage {
  promptTokens: number;
  completionTokens: number;
}

export type AssistantEventType = AssistantEvent['type'];
