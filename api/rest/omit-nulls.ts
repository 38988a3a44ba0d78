import type { Plugin } from 'graphql-yoga';
import { routeOfRequest } from './request-route.ts';

/**
 * REST answers leave out fields that are null (an update's `endedAt` while it runs, an unset
 * `screenshot`). Mintlify's OpenAPI documents type those fields as plain strings and require none of
 * them, so clients validating against them accept a missing field but reject a null. GraphQL keeps nulls,
 * and so do the routes whose document requires nullable fields (`keepsNulls`: analytics).
 */
export function useOmitNullsInRest(): Plugin {
  return {
    onExecute({ args }) {
      const request = (args.contextValue as { request?: Request }).request;
      const route = request && routeOfRequest(request)?.route;
      if (!route || (route.kind === 'json' && route.keepsNulls)) return;
      return {
        onExecuteDone({ result, setResult }) {
          if ('data' in result && result.data) setResult({ ...result, data: omitNulls(result.data) as typeof result.data });
        },
      };
    },
  };
}

export function omitNulls(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(omitNulls);
  if (value === null || typeof value !== 'object') return value;
  const kept: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    if (inner !== null) kept[key] = omitNulls(inner);
  }
  return kept;
}
