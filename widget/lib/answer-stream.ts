import { processDataStream, type JSONValue, type UIMessage } from '@ai-sdk/ui-utils';

/**
 * Reads an answer in the AI SDK v4 data stream protocol with the AI SDK's own parser
 * (`processDataStream`), building the message as `useChat` shows it: steps, the `search` tool call and
 * its results, text, and source parts. As `useChat` does, the message takes the id a step starts with
 * (`f:`'s `messageId`, Folio's id of the answer, which feedback names); `id` is its id until then.
 * `onUpdate` gets a new message object after every part.
 */
export async function readAnswer(
  stream: ReadableStream<Uint8Array>,
  id: string,
  onUpdate: (message: UIMessage) => void,
  onData: (data: JSONValue[]) => void,
): Promise<UIMessage> {
  let message: UIMessage = { id, role: 'assistant', content: '', parts: [], createdAt: new Date() };
  const update = (change: Partial<UIMessage>) => {
    message = { ...message, ...change };
    onUpdate(message);
  };
  const parts = () => message.parts;
  await processDataStream({
    stream,
    onStartStepPart: ({ messageId }) => update({ id: messageId, parts: [...parts(), { type: 'step-start' }] }),
    onToolCallPart: ({ toolCallId, toolName, args }) =>
      update({ parts: [...parts(), { type: 'tool-invocation', toolInvocation: { state: 'call', toolCallId, toolName, args } }] }),
    onToolResultPart: ({ toolCallId, result }) =>
      update({
        parts: parts().map((part) =>
          part.type === 'tool-invocation' && part.toolInvocation.toolCallId === toolCallId
            ? { ...part, toolInvocation: { ...part.toolInvocation, state: 'result', result } }
            : part,
        ),
      }),
    onTextPart: (text) => {
      const last = parts().at(-1);
      const textParts =
        last?.type === 'text' ? [...parts().slice(0, -1), { type: 'text' as const, text: last.text + text }] : [...parts(), { type: 'text' as const, text }];
      update({ content: message.content + text, parts: textParts });
    },
    onSourcePart: (source) => update({ parts: [...parts(), { type: 'source', source }] }),
    onDataPart: (data) => onData(data),
    onErrorPart: (error) => {
      throw new Error(error);
    },
  });
  return message;
}
