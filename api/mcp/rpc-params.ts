import { CallToolRequestSchema, InitializeRequestSchema, ListToolsRequestSchema, PingRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { lookupTable } from '../lookup-table.ts';

/** JSON-RPC's code for a request whose params do not fit its method. */
export const INVALID_PARAMS = -32602;

/** The requests a site's MCP server answers, with the shape their params must have. */
const REQUESTS = lookupTable({
  initialize: InitializeRequestSchema,
  ping: PingRequestSchema,
  'tools/list': ListToolsRequestSchema,
  'tools/call': CallToolRequestSchema,
});

export interface InvalidParams {
  id: unknown;
  /** The path to the first field at fault: `params.name`. */
  field: string;
  message: string;
}

/**
 * The first request of a message (or batch) whose params do not fit its method, and the field at
 * fault. The SDK would parse them only in its handler and answer a JSON-RPC internal error (-32603)
 * holding its parser's issues; a client's mistake is "invalid params" (-32602), naming the field.
 */
export function invalidParamsOf(body: unknown): InvalidParams | undefined {
  for (const message of Array.isArray(body) ? body : [body]) {
    const request = message as { method?: unknown; id?: unknown } | null;
    if (typeof request?.method !== 'string' || request.id === undefined) continue;
    const parsed = REQUESTS[request.method]?.safeParse(request);
    if (!parsed || parsed.success) continue;
    const issue = parsed.error.issues[0]!;
    const field = issue.path.join('.') || 'params';
    return { id: request.id, field, message: `Invalid params: ${field}: ${issue.message}.` };
  }
  return undefined;
}
