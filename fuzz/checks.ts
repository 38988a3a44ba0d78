import { isMcpRequest, rpcProblems } from './rpc-checks.ts';
import type { FindingKind, FuzzCase, Reply } from './types.ts';

/** HTTP-level refusals: on /graphql too they must be `{error, code}`, not a GraphQL `{"errors"}` body. */
const HTTP_LEVEL = new Set([405, 406, 411, 413, 414, 415, 417, 431, 501, 505]);

export interface Problem {
  kind: FindingKind;
  summary: string;
}

/** What is wrong with one answer, if anything. */
export function problemsOf(fuzzCase: FuzzCase, reply: Reply): Problem[] {
  const { request } = fuzzCase;
  if (reply.isUnsendable || request.leave === 'before-answer') return [];
  if (reply.isTimedOut) return [{ kind: 'hang', summary: `no ${reply.status ? 'end of the answer' : 'answer'} within ${Math.round(reply.ms / 1000)} s` }];
  if (reply.status === 0) return [{ kind: 'no-answer', summary: reply.failure ?? 'no answer' }];
  const problems: Problem[] = [];
  const code = errorCodeOf(reply.body);
  if (reply.status >= 500) problems.push({ kind: '5xx', summary: `${reply.status}${code ? ` ${code}` : ''}` });
  if (request.leave === 'mid-body' || request.leave === 'after-headers') return problems;
  if (reply.failure) problems.push({ kind: 'no-answer', summary: `${reply.status}, then ${reply.failure}` });
  if (isMcpRequest(request)) return request.method === 'HEAD' ? problems : [...problems, ...rpcProblems(reply)];
  if (reply.status >= 400 && request.method !== 'HEAD') {
    const refusal = errorBodyProblem(fuzzCase, reply, code);
    if (refusal) problems.push(refusal);
  }
  const unnamed = fieldProblem(fuzzCase, reply, code);
  if (unnamed) problems.push(unnamed);
  if (reply.status === 200 && fuzzCase.stream) {
    const unfinished = streamProblem(fuzzCase.stream, reply);
    if (unfinished) problems.push({ kind: 'stream', summary: unfinished });
  }
  return problems;
}

function errorBodyProblem(fuzzCase: FuzzCase, reply: Reply, code: string | undefined): Problem | undefined {
  if (code) return undefined;
  const json = parseJson(reply.body);
  const isGraphqlErrors = typeof json === 'object' && json !== null && Array.isArray((json as { errors?: unknown }).errors);
  if (fuzzCase.route === '/graphql' && isGraphqlErrors && !HTTP_LEVEL.has(reply.status)) return undefined;
  // A site's own not-found page is a page for people.
  if (fuzzCase.route.startsWith('GET /sites/') && reply.status === 404 && /text\/html/.test(reply.headers['content-type'] ?? '')) return undefined;
  const body =
    reply.body.trim() === '' ? 'an empty body' : isGraphqlErrors ? 'a GraphQL {"errors"} body' : `a ${reply.headers['content-type'] ?? 'typeless'} body`;
  return { kind: 'error-body', summary: `${reply.status} with ${body}` };
}

/**
 * A refusal of a case that made one field hostile which does not name that field (or one inside it,
 * or the one it is part of: a message holding too much text).
 */
function fieldProblem(fuzzCase: FuzzCase, reply: Reply, code: string | undefined): Problem | undefined {
  const expected = fuzzCase.expectField;
  if (code !== 'INVALID_INPUT' || expected === undefined) return undefined;
  const { field } = parseJson(reply.body) as { field?: unknown };
  if (typeof field !== 'string') return { kind: 'error-body', summary: `${reply.status} INVALID_INPUT without a field` };
  if (field === expected || field.startsWith(`${expected}.`) || expected.startsWith(`${field}.`)) return undefined;
  return { kind: 'error-body', summary: `${reply.status} INVALID_INPUT naming ${field}, not ${expected}` };
}

/** Whether the stream ended as its protocol ends an answer: `d:` (v4), `finish` then [DONE] (v5), `complete` (graphql-sse). */
function streamProblem(kind: NonNullable<FuzzCase['stream']>, reply: Reply): string | undefined {
  const body = reply.body;
  const type = reply.headers['content-type'] ?? '';
  if (reply.failure) return `the stream broke off: ${reply.failure}`;
  switch (kind) {
    case 'data-stream-v4':
    case 'agent-stream': {
      const lines = body.split('\n').filter(Boolean);
      const error = lines.find((line) => line.startsWith('3:'));
      if (error) return `an error part ${error.slice(0, 120)}`;
      if (!lines.at(-1)?.startsWith('d:')) return `no d: finish part at the end (${lines.length} lines)`;
      return undefined;
    }
    case 'ui-message-stream': {
      const error = /data: (\{"type":"error".*)/.exec(body);
      if (error) return `an error chunk ${error[1]!.slice(0, 120)}`;
      if (!body.includes('"type":"finish"') || !body.trimEnd().endsWith('data: [DONE]')) return 'no finish chunk and [DONE] at the end';
      return undefined;
    }
    case 'graphql-sse':
      if (!type.startsWith('text/event-stream')) return undefined;
      return /event: complete/.test(body) ? undefined : 'no complete event';
  }
}

function errorCodeOf(body: string): string | undefined {
  const json = parseJson(body) as { error?: unknown; code?: unknown } | undefined;
  return typeof json?.error === 'string' && typeof json.code === 'string' ? json.code : undefined;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
