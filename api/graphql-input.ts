import type { Plugin } from 'graphql-yoga';
import { invalidInput } from './errors.ts';
import { findNul } from './input-guards.ts';

/** Refuses GraphQL requests with a NUL anywhere in the query or variables (400, INVALID_INPUT). */
export function useRejectNul(): Plugin {
  return {
    onParams({ params, setResult }) {
      const at = params.query?.includes('\u0000') ? ['query'] : findNul(params.variables ?? {});
      if (at) {
        const field = at.length === 0 ? 'variables' : at.join('.');
        setResult({ errors: [invalidInput(field, `${field} contains a NUL character.`)] });
      }
    },
  };
}
