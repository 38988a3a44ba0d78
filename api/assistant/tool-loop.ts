import type {
  JSONValue,
  LanguageModelV4,
  LanguageModelV4FunctionTool,
  LanguageModelV4Message,
  LanguageModelV4Prompt,
  LanguageModelV4StreamPart,
  LanguageModelV4ToolResultOutput,
  LanguageModelV4Usage,
} from '@ai-sdk/provider';
import { asSchema, type FlexibleSchema, type Schema } from 'ai';
import { callWithRetries } from './model-retries.ts';
import { readAhead } from './read-ahead.ts';

/** A tool the model may call: what it is for, the input it takes, and what it does. */
export interface LoopTool<INPUT = unknown> {
  description: string;
  /** A zod schema, or one the AI SDK made (zodSchema): made once, it is turned into JSON Schema once. */
  inputSchema: FlexibleSchema<INPUT>;
  execute(input: INPUT, call: { toolCallId: string; abortSignal?: AbortSignal }): Promise<unknown>;
}

/** A tool whose `execute` takes the input its schema describes. */
export function loopTool<INPUT>(tool: LoopTool<INPUT>): LoopTool<INPUT> {
  return tool;
}

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

export interface ToolLoopOptions {
  model: LanguageModelV4;
  system: string;
  messages: readonly TextMessage[];
  tools: Record<string, LoopTool>;
  maxSteps: number;
  /** Stops the loop once this tool has run (a call of it the model wrote wrongly does not stop it). */
  stopAfter?: string;
  /** Retries of a model call that failed before it streamed, when the failure may pass (429, 5xx, network). */
  maxRetries: number;
  abortSignal?: AbortSignal;
}

/**
 * The model's tool loop, read straight from its stream (the AI SDK's language-model interface, which the
 * OpenAI provider and the offline model speak): each step streams the model's text and tool calls,
 * runs the tools it called, and gives the model their results for the next step, until a step calls
 * no tool, calls `stopAfter`, or `maxSteps` were taken. A tool starts as soon as its call is read, while
 * the rest of the step still streams; its call and result are passed on once the next model call is made.
 * The AI SDK's `streamText` does the same through about a dozen chained web streams per step, costing
 * an answer's first text several milliseconds (docs/performance.md#assistant).
 * Ends early, without a `finish`, when `abortSignal` aborts; a failed model call throws.
 */
export function runToolLoop(options: ToolLoopOptions): AsyncGenerator<LoopPart> {
  return readAhead(loopSteps(options));
}

async function* loopSteps(options: ToolLoopOptions): AsyncGenerator<LoopPart> {
  const { model, tools, abortSignal } = options;
  const prompt: LanguageModelV4Prompt = [{ role: 'system', content: options.system }, ...options.messages.map(promptMessage)];
  const schemas = new Map(Object.entries(tools).map(([name, tool]) => [name, asSchema(tool.inputSchema)]));
  const toolDefinitions = await definitionsOf(tools, schemas);
  const callModel = () => {
    const call = callWithRetries(options.maxRetries, abortSignal, () =>
      model.doStream({ prompt: [...prompt], tools: toolDefinitions, toolChoice: { type: 'auto' }, abortSignal }),
    ).then(({ stream }) => stream);
    call.catch(() => undefined); // awaited when its step starts
    return call;
  };
  const total: TokenUsage = { inputTokens: 0, outputTokens: 0 };
  // Each model call is made before the parts that come ahead of its step are passed on: passing a part
  // on takes a client's stream a fraction of a millisecond, which the request need not wait for.
  let next: Promise<ReadableStream<LanguageModelV4StreamPart>> | undefined = abortSignal?.aborted ? undefined : callModel();
  try {
    for (let step = 1; next; step++) {
      yield { type: 'start-step' };
      const stream = await next;
      next = undefined;
      const calls: ToolCallRun[] = [];
      const callParts: LoopPart[] = [];
      let text = '';
      let finishReason: StepFinishReason = 'other';
      let usage: TokenUsage = { inputTokens: 0, outputTokens: 0 };
      for await (const part of stream) {
        if (part.type === 'text-delta') {
          if (part.delta === '') continue;
          text += part.delta;
          yield { type: 'text-delta', text: part.delta };
        } else if (part.type === 'tool-call') {
          const call = parseToolCall(tools, part.toolCallId, part.toolName, part.input);
          calls.push(startTool(tools, schemas, call, abortSignal));
          callParts.push({ type: 'tool-call', toolCallId: call.toolCallId, toolName: call.toolName, input: call.input });
        } else if (part.type === 'finish') {
          finishReason = finishReasonOf(part.finishReason.unified);
          usage = usageOf(part.usage);
        } else if (part.type === 'error') {
          throw part.error;
        }
      }
      const ended = await Promise.all(calls.map(async (call): Promise<EndedCall> => ({ ...call, outcome: await call.outcome })));
      total.inputTokens += usage.inputTokens;
      total.outputTokens += usage.outputTokens;
      const stopped = ended.some((call) => call.toolName === options.stopAfter && !('error' in call.outcome));
      const isLast = ended.length === 0 || step >= options.maxSteps || stopped;
      if (!isLast && !abortSignal?.aborted) {
        prompt.push(...stepMessages(text, ended));
        next = callModel();
        // Its request is written within this turn of the event loop; the step's tool calls and results
        // are passed on after it, as above (a call so reaches the client once its tool has run).
        await new Promise((resolve) => setImmediate(resolve));
      }
      yield* callParts;
      for (const { toolCallId, toolName, input, outcome } of ended) {
        const isError = 'error' in outcome;
        yield { type: 'tool-result', toolCallId, toolName, input, output: isError ? { error: outcome.error } : outcome.output, isError };
      }
      yield { type: 'finish-step', finishReason, usage };
      if (isLast && !abortSignal?.aborted) yield { type: 'finish', finishReason, totalUsage: total };
    }
  } finally {
    // The caller stopped reading: the call made for the next step is not read either.
    if (next)
      void next.then(
        (stream) => stream.cancel(),
        () => undefined,
      );
  }
}

interface ToolCall {
  toolCallId: string;
  toolName: string;
  /** The input as the tool takes it, or as the model wrote it when it is not valid. */
  input: unknown;
  /** Why the call cannot run: an unknown tool, or input that is not valid. */
  invalid?: string;
}

type ToolOutcome = { output: unknown } | { error: string };

interface ToolCallRun extends ToolCall {
  outcome: Promise<ToolOutcome>;
}

interface EndedCall extends ToolCall {
  outcome: ToolOutcome;
}

function parseToolCall(tools: Record<string, LoopTool>, toolCallId: string, toolName: string, written: string): ToolCall {
  const tool = Object.hasOwn(tools, toolName) ? tools[toolName] : undefined;
  let input: unknown = written;
  try {
    input = written.trim() === '' ? {} : JSON.parse(written);
  } catch {
    return { toolCallId, toolName, input, invalid: `The input of ${toolName} is not JSON.` };
  }
  if (!tool) return { toolCallId, toolName, input, invalid: `There is no tool named ${toolName}; the tools are ${Object.keys(tools).join(', ')}.` };
  return { toolCallId, toolName, input };
}

/** Runs a tool call in the background; its outcome is what the model is told. */
function startTool(tools: Record<string, LoopTool>, schemas: Map<string, Schema>, call: ToolCall, abortSignal: AbortSignal | undefined): ToolCallRun {
  const run = async (): Promise<ToolOutcome> => {
    if (call.invalid) return { error: call.invalid };
    const validated = (await schemas.get(call.toolName)!.validate?.(call.input)) ?? { success: true as const, value: call.input };
    if (!validated.success) return { error: `The input of ${call.toolName} is not valid: ${validated.error.message.replace(/\s+/g, ' ')}` };
    try {
      return { output: await tools[call.toolName]!.execute(validated.value, { toolCallId: call.toolCallId, abortSignal }) };
    } catch (error) {
      if (abortSignal?.aborted) throw error;
      return { error: error instanceof Error ? error.message : String(error) };
    }
  };
  const outcome = run();
  outcome.catch(() => undefined); // awaited once the step's stream has ended
  return { ...call, outcome };
}

/** The step as the next step's prompt holds it: what the model said and called, and what its tools gave. */
function stepMessages(text: string, calls: EndedCall[]): LanguageModelV4Message[] {
  const outputOf = ({ outcome }: EndedCall): LanguageModelV4ToolResultOutput =>
    'error' in outcome ? { type: 'error-text', value: outcome.error } : { type: 'json', value: (outcome.output ?? null) as JSONValue };
  return [
    {
      role: 'assistant',
      content: [
        ...(text ? [{ type: 'text' as const, text }] : []),
        ...calls.map((call) => ({ type: 'tool-call' as const, toolCallId: call.toolCallId, toolName: call.toolName, input: call.input })),
      ],
    },
    {
      role: 'tool',
      content: calls.map((call) => ({ type: 'tool-result' as const, toolCallId: call.toolCallId, toolName: call.toolName, output: outputOf(call) })),
    },
  ];
}

function promptMessage(message: TextMessage): LanguageModelV4Message {
  if (message.role === 'system') return { role: 'system', content: message.content };
  return { role: message.role, content: [{ type: 'text', text: message.content }] };
}

async function definitionsOf(tools: Record<string, LoopTool>, schemas: Map<string, Schema>): Promise<LanguageModelV4FunctionTool[]> {
  return Promise.all(
    Object.entries(tools).map(async ([name, tool]) => ({
      type: 'function' as const,
      name,
      description: tool.description,
      inputSchema: await schemas.get(name)!.jsonSchema,
    })),
  );
}

function finishReasonOf(reason: string): StepFinishReason {
  return reason === 'stop' || reason === 'length' || reason === 'content-filter' || reason === 'tool-calls' || reason === 'error' ? reason : 'other';
}

function usageOf(usage: LanguageModelV4Usage): TokenUsage {
  return { inputTokens: usage.inputTokens.total ?? 0, outputTokens: usage.outputTokens.total ?? 0 };
}
