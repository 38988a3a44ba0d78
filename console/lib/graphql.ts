import { print } from '@0no-co/graphql.web';
import type { ResultOf, TadaDocumentNode, VariablesOf } from 'gql.tada';
import { createClient } from 'graphql-sse';
import { ConsoleError, consoleErrorOf } from './console-error.ts';

/** The console is a GraphQL client like any other: queries and mutations on /graphql, subscriptions on /graphql/stream. */
const ENDPOINT = '/graphql';
const STREAM_ENDPOINT = '/graphql/stream';

interface GraphQLErrorBody {
  message: string;
  extensions?: { code?: string; http?: { status?: number } };
}

/** An operation of console/lib/documents.ts, whatever its result and variables (each typed from the schema). */
// biome-ignore lint/suspicious/noExplicitAny: the bound of every operation; `unknown` would refuse their variables (a parameter type).
export type Operation = TadaDocumentNode<any, any>;

/** Runs one query or mutation with the key; its data, or a ConsoleError saying what went wrong. */
export async function graphql<Doc extends Operation>(key: string, document: Doc, variables: VariablesOf<Doc>): Promise<ResultOf<Doc>> {
  type Data = ResultOf<Doc>;
  const query = print(document);
  let response: Response;
  try {
    response = await fetch(ENDPOINT, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', accept: 'application/graphql-response+json, application/json' },
      body: JSON.stringify({ query, variables }),
    });
  } catch {
    throw new ConsoleError('Folio could not be reached. Check that it is running and try again.', 'NETWORK', 0);
  }
  let body: { data?: Data | null; errors?: GraphQLErrorBody[]; error?: string; code?: string };
  try {
    body = await response.json();
  } catch {
    throw consoleErrorOf(response.status, undefined, undefined);
  }
  const first = body.errors?.[0];
  if (first) {
    const status = first.extensions?.http?.status ?? (response.ok ? 400 : response.status);
    throw consoleErrorOf(status, first.extensions?.code, first.message);
  }
  if (!response.ok || !body.data) throw consoleErrorOf(response.status, body.code, body.error);
  return body.data;
}

export interface Subscription<Data> {
  next(data: Data): void;
  error(error: ConsoleError): void;
  complete?(): void;
}

/**
 * Follows a subscription over graphql-sse (a stream of its own per subscription, which any web process
 * can serve); reconnects `retries` times when the connection drops, which runs the subscription again
 * from its start (0 for one that does something, such as creating a job). Returns the function that stops it.
 */
export function subscribe<Doc extends Operation>(
  key: string,
  document: Doc,
  variables: VariablesOf<Doc>,
  sink: Subscription<ResultOf<Doc>>,
  { retries = 3 } = {},
): () => void {
  const client = createClient({ url: STREAM_ENDPOINT, headers: { authorization: `Bearer ${key}` }, retryAttempts: retries });
  const stop = client.subscribe<ResultOf<Doc>>(
    { query: print(document), variables },
    {
      next: (result) => {
        const first = result.errors?.[0] as GraphQLErrorBody | undefined;
        if (first) sink.error(consoleErrorOf(first.extensions?.http?.status ?? 400, first.extensions?.code, first.message));
        else if (result.data) sink.next(result.data);
      },
      error: (error) => sink.error(streamErrorOf(error)),
      complete: () => sink.complete?.(),
    },
  );
  return () => {
    stop();
    client.dispose();
  };
}

function streamErrorOf(error: unknown): ConsoleError {
  const status = (error as { response?: { status?: number } } | undefined)?.response?.status;
  if (typeof status === 'number') return consoleErrorOf(status, undefined, status === 404 ? 'Not found: it may have been removed.' : undefined);
  if (Array.isArray(error)) {
    const first = error[0] as GraphQLErrorBody | undefined;
    return consoleErrorOf(first?.extensions?.http?.status ?? 400, first?.extensions?.code, first?.message);
  }
  return new ConsoleError('The live connection to Folio was lost. Reload the page to follow it again.', 'NETWORK', 0);
}
