import { type DocumentNode, getOperationAST, GraphQLError, type ExecutionResult } from 'graphql';
import type { YogaServer } from 'graphql-yoga';
import type { RequestAuth } from '../auth/request-auth.ts';
import { type AppError, appErrorOf, invalidInput } from '../errors.ts';
import type { GraphQLContext } from '../schema/context.ts';
import { unstorableTextRefusal } from './graphql-input.ts';
import { endWhenKeyRevoked } from './revocation.ts';

export type OperationResult = ExecutionResult | AsyncGenerator<ExecutionResult>;

export interface OperationParams {
  query: string;
  variables?: Record<string, unknown>;
  operationName?: string;
}

/**
 * Runs one GraphQL operation outside yoga's /graphql endpoint (graphql-sse and the streaming routes)
 * through yoga's envelop: the same context, auth, input guards and error masking as /graphql. A
 * subscription's results end when its key is revoked.
 */
export async function executeOperation(
  yoga: YogaServer<Record<string, unknown>, GraphQLContext>,
  request: Request,
  serverContext: object,
  params: OperationParams,
  authOf: (request: Request) => RequestAuth,
): Promise<OperationResult> {
  const unstorable = unstorableTextRefusal(params);
  if (unstorable) return { errors: [unstorable] };
  const enveloped = yoga.getEnveloped({ ...serverContext, request, params });
  let document: DocumentNode;
  try {
    document = enveloped.parse(params.query);
  } catch (error) {
    return { errors: [error instanceof GraphQLError ? error : new GraphQLError(String(error))] };
  }
  const errors: readonly GraphQLError[] = enveloped.validate(enveloped.schema, document);
  if (errors.length > 0) return { data: null, errors };
  // envelop's type for the built context, a spread over an index signature, loses GraphQLContext's keys; createApp's context builds one.
  const contextValue = (await enveloped.contextFactory()) as unknown as GraphQLContext;
  const operation = getOperationAST(document, params.operationName);
  const isSubscription = operation?.operation === 'subscription';
  // A subscription's resolvers stop their work when the client leaves or its key is revoked.
  const done = new AbortController();
  contextValue.signal = AbortSignal.any([contextValue.signal, done.signal]);
  const result = await (isSubscription ? enveloped.subscribe : enveloped.execute)({
    schema: enveloped.schema,
    document,
    contextValue,
    variableValues: params.variables,
    operationName: params.operationName,
  });
  if (Symbol.asyncIterator in (result as object)) {
    return endWhenKeyRevoked(result as AsyncIterable<ExecutionResult>, authOf(request), done);
  }
  done.abort();
  return result as ExecutionResult;
}

/**
 * Why an operation was refused before it produced anything (errors and no data): the AppError it
 * raised (a bad key, an unknown id, invalid input), else a 400 for a query or variables that do not fit
 * the schema. Undefined when it ran.
 */
export function refusalOf(result: ExecutionResult): AppError | undefined {
  if (!result.errors?.length || result.data != null) return undefined;
  return result.errors.map(appErrorOf).find((error) => error !== undefined) ?? invalidInput('query', result.errors[0]!.message);
}
