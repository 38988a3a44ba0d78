import { GraphQLError, Kind, type FragmentDefinitionNode, type SelectionSetNode, type ValidationRule } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { invalidInput, type AppError } from '../errors.ts';
import { findUnstorableText, unstorableIn, unstorableRefusal } from '../http/input-guards.ts';

/**
 * What one GraphQL document may ask for. Tokens bound the parser's work (and its recursion), depth
 * bounds nesting, and aliases bound how often one field runs in one request (aliases are the only way
 * to run a field many times: repeated selections of one field are merged). GraphiQL's introspection
 * query stays well within them (under 500 tokens, no aliases).
 */
export const GRAPHQL_LIMITS = { maxTokens: 2_000, maxDepth: 20, maxAliases: 20 } as const;

/**
 * Guards every GraphQL request (on /graphql, /graphql/stream and behind the /v1 routes): a NUL or a
 * lone surrogate in the query or variables is a 400 naming where, and documents over GRAPHQL_LIMITS are refused before
 * they run.
 */
export function useGraphQLInputGuards(): Plugin {
  return {
    onParams({ params, setResult }) {
      const refusal = unstorableTextRefusal(params);
      if (refusal) setResult({ errors: [refusal] });
    },
    onParse({ parseFn, setParseFn }) {
      setParseFn((source, options) => {
        try {
          return parseFn(source, { ...options, maxTokens: GRAPHQL_LIMITS.maxTokens });
        } catch (error) {
          if (error instanceof RangeError) throw new GraphQLError(`The query is nested too deeply to read.`);
          throw error;
        }
      });
    },
    onValidate({ addValidationRule }) {
      addValidationRule(storableStrings);
      addValidationRule(depthLimit);
      addValidationRule(aliasLimit);
    },
  };
}

/** The 400 for text PostgreSQL cannot store (a NUL, a lone surrogate) in a request's query or variables. */
export function unstorableTextRefusal(params: { query?: unknown; variables?: unknown }): AppError | undefined {
  const inQuery = typeof params.query === 'string' ? unstorableIn(params.query) : undefined;
  const found = inQuery ? { path: ['query'], what: inQuery } : findUnstorableText({ variables: params.variables });
  return found && unstorableRefusal(found);
}

/** A string literal written with an escape (`\u0000`, `\ud800`): the text is clean, the value is not. */
const storableStrings: ValidationRule = (context) => ({
  StringValue(node) {
    const what = unstorableIn(node.value);
    if (what) context.reportError(invalidInput('query', `A string in the query contains ${what}.`));
  },
});

const aliasLimit: ValidationRule = (context) => {
  let aliases = 0;
  return {
    Field(node) {
      if (node.alias && ++aliases === GRAPHQL_LIMITS.maxAliases + 1) {
        context.reportError(new GraphQLError(`The query uses more than ${GRAPHQL_LIMITS.maxAliases} aliases; send several requests instead.`));
      }
    },
  };
};

const depthLimit: ValidationRule = (context) => {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const definition of context.getDocument().definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
  }
  const fragmentDepths = new Map<string, number>();
  const cap = GRAPHQL_LIMITS.maxDepth + 1;

  /** How many fields deep a selection set goes (counting no further than the cap). */
  const depthOf = (set: SelectionSetNode, level: number): number => {
    if (level >= cap) return cap;
    let deepest = level;
    for (const selection of set.selections) {
      if (selection.kind === Kind.FIELD) {
        deepest = Math.max(deepest, selection.selectionSet ? depthOf(selection.selectionSet, level + 1) : level + 1);
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        deepest = Math.max(deepest, depthOf(selection.selectionSet, level));
      } else {
        deepest = Math.max(deepest, Math.min(cap, level + fragmentDepth(selection.name.value)));
      }
      if (deepest >= cap) return cap;
    }
    return deepest;
  };

  /** A fragment's own depth, computed once however often it is spread (0 while in progress: a cycle). */
  const fragmentDepth = (name: string): number => {
    const known = fragmentDepths.get(name);
    if (known !== undefined) return known;
    const fragment = fragments.get(name);
    if (!fragment) return 0;
    fragmentDepths.set(name, 0);
    const depth = depthOf(fragment.selectionSet, 0);
    fragmentDepths.set(name, depth);
    return depth;
  };

  return {
    OperationDefinition(node) {
      if (depthOf(node.selectionSet, 0) > GRAPHQL_LIMITS.maxDepth) {
        context.reportError(new GraphQLError(`The query nests fields more than ${GRAPHQL_LIMITS.maxDepth} levels deep.`, { nodes: node }));
      }
    },
  };
};

/**
 * 400 for a GET /graphql whose `variables` or `extensions` parameter is not JSON (yoga would let the
 * JSON parser's error through as a 500).
 */
export function assertReadableGetParams(request: Request, url: URL): void {
  if (request.method !== 'GET') return;
  for (const name of ['variables', 'extensions']) {
    const value = url.searchParams.get(name);
    if (value === null) continue;
    try {
      JSON.parse(value);
    } catch {
      throw invalidInput(name, `The ${name} parameter is not valid JSON.`);
    }
  }
}
