import type { LanguageModelV4 } from '@ai-sdk/provider';
import { type LanguageModelUsage, RetryError, type StopCondition, stepCountIs, streamText, type ToolSet } from 'ai';

/** A message of the conversation the loop starts from; a system message is a note to the model. */
export interface TextMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface TokenUsage {
  inputTokens: number;
  outputTokens: number;
}

/** How a step ended, as the AI SDK names it. */
export type StepFinishReason = 'stop' | 'length' | 'content-filter' | 'tool-calls' | 'error' | 'other';

/** What the loop reports, in the order it happens. */
export type LoopPart =
  | { type: 'start-step' }
  | { type: 'text-delta'; text: string }
  | { type: 'tool-call'; toolCallId: string; toolName: string; input: unknown }
  /** A call's end: what the tool gave, or `{error}` saying why it could not run or failed (`isError`). */
  | { type: 'tool-result'; toolCallId: string; toolName: string; input: unknown; output: unknown; isError: boolean }
  | { type: 'finish-step'; finishReason: StepFinishReason; usage: TokenUsage }
  | { type: 'finish'; finishReason: StepFinishReason; totalUsage: TokenUsage };

export interface ToolLoopOptions<TOOLS extends ToolSet> {
  model: LanguageModelV4;
  system: string;
  messages: readonly TextMessage[];
  tools: TOOLS;
  maxSteps: number;
  /** Stops the loop once this tool has run (a call of it the model wrote wrongly does not stop it). */
  stopAfter?: keyof TOOLS & string;
  /** Retries of a model call that failed before it streamed, when the failure may pass (429, 5xx, network). */
  maxRetries: number;
  abortSignal?: AbortSignal;
}

/**
 * The model's tool loop, as the AI SDK's `streamText` runs it (tools, stop conditions, retries with the
 * service's retry-after), told as the parts the assistant and the agent both read. A call the model
 * wrote wrongly (an unknown tool, input that is not valid) or whose tool failed is told to the model and
 * reported as a tool result with `isError`. Ends early, without a `finish`, when `abortSignal` aborts; a
 * failed model call throws its error (the last attempt's, after retries). When the caller stops reading,
 * the model call under way is abandoned.
 */
export async function* runToolLoop<TOOLS extends ToolSet>(options: ToolLoopOptions<TOOLS>): AsyncGenerator<LoopPart> {
  const stopped = new AbortController();
  const stopAfter = options.stopAfter;
  const hasRun: StopCondition<TOOLS, never> = ({ steps }) => steps.at(-1)?.toolResults.some((result) => result.toolName === stopAfter) ?? false;
  const result = streamText({
    model: options.model,
    system: options.system,
    messages: options.messages.map((message) => ({ ...message })),
    // The notes of what the user reads or points at are system messages of their own (answer.ts).
    allowSystemInMessages: true,
    tools: options.tools,
    stopWhen: stopAfter ? [stepCountIs(options.maxSteps), hasRun] : stepCountIs(options.maxSteps),
    maxRetries: options.maxRetries,
    abortSignal: options.abortSignal ? AbortSignal.any([options.abortSignal, stopped.signal]) : stopped.signal,
    // Failures arrive as error parts below and are thrown to the caller, which logs them once.
    onError: () => undefined,
  });
  try {
    for await (const part of result.fullStream) {
      switch (part.type) {
        case 'start-step':
          yield { type: 'start-step' };
          break;
        case 'text-delta':
          if (part.text !== '') yield { type: 'text-delta', text: part.text };
          break;
        case 'tool-call':
          yield { type: 'tool-call', toolCallId: part.toolCallId, toolName: part.toolName, input: part.input };
          break;
        case 'tool-result':
          yield { type: 'tool-result', toolCallId: part.toolCallId, toolName: part.toolName, input: part.input, output: part.output, isError: false };
          break;
        case 'tool-error': {
          const error = part.error instanceof Error ? part.error.message : String(part.error);
          yield { type: 'tool-result', toolCallId: part.toolCallId, toolName: part.toolName, input: part.input, output: { error }, isError: true };
          break;
        }
        case 'finish-step':
          yield { type: 'finish-step', finishReason: finishReasonOf(part.finishReason), usage: usageOf(part.usage) };
          break;
        case 'finish':
          yield { type: 'finish', finishReason: finishReasonOf(part.finishReason), totalUsage: usageOf(part.totalUsage) };
          break;
        case 'error':
          throw RetryError.isInstance(part.error) && part.error.lastError !== undefined ? part.error.lastError : part.error;
        case 'abort':
          return;
      }
    }
  } finally {
    stopped.abort();
  }
}

/** The reasons the v4 protocol knows; an interrupted step (ai 7's own) is 'other' there. */
function finishReasonOf(reason: string): StepFinishReason {
  return reason === 'stop' || reason === 'length' || reason === 'content-filter' || reason === 'tool-calls' || reason === 'error' ? reason : 'other';
}

function usageOf(usage: LanguageModelUsage): TokenUsage {
  return { inputTokens: usage.inputTokens ?? 0, outputTokens: usage.outputTokens ?? 0 };
}
