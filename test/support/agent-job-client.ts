import { processDataStream } from '@ai-sdk/ui-utils';
import { expect } from 'vitest';

/**
 * Creates an agent job over HTTP, as a client of `POST /v1/agent/{projectId}/job` does, reads its whole
 * stream with the AI SDK v4 client's parser, then reads the job's record.
 */
export async function runAgentJob(serverUrl: string, project: { projectId: string; adminKey: string }, body: Record<string, unknown>) {
  const headers = { authorization: `Bearer ${project.adminKey}` };
  const response = await fetch(`${serverUrl}/v1/agent/${project.projectId}/job`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(response.status, await response.clone().text()).toBe(200);
  const data: any[] = [];
  const toolCalls: { toolCallId: string; toolName: string; args: any }[] = [];
  const resultsById = new Map<string, any>();
  let text = '';
  await processDataStream({
    stream: response.body!,
    onDataPart: (items) => void data.push(...(items as any[])),
    onToolCallPart: (part) => void toolCalls.push(part),
    onToolResultPart: (part) => void resultsById.set(part.toolCallId, part.result),
    onTextPart: (part) => void (text += part),
  });
  const jobId = response.headers.get('x-session-id')!;
  // Tools of one step run side by side: their results, in the order of the calls.
  const toolResults = toolCalls.map((toolCall) => resultsById.get(toolCall.toolCallId));
  const job = await fetch(`${serverUrl}/v1/agent/${project.projectId}/job/${jobId}`, { headers }).then((res) => res.json());
  return { response, data, toolCalls, toolResults, text, jobId, job, outcome: data.find((item) => item.type === 'outcome') };
}
