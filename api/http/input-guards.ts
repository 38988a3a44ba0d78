import { type AppError, invalidInput } from '../errors.ts';

interface Visit {
  value: unknown;
  key?: string;
  parent?: Visit;
  depth: number;
}

/** JSON nested deeper than this cannot be stored: serialising it recurses once a level (a stack overflow at about 10,000). */
export const MAX_NESTING = 64;

/** Where a client's text cannot be stored, and what in it cannot. */
export interface UnstorableText {
  /** The field's path (empty for the value itself). */
  path: string[];
  /** "a NUL character", "a lone UTF-16 surrogate (half of a character)" or "values nested more than 64 levels deep". */
  what: string;
}

/**
 * Text PostgreSQL cannot store: a NUL (text columns refuse it), a lone UTF-16 surrogate (JSON
 * columns refuse `\ud800`, so an answer to such a question could not be saved with its thread), or
 * JSON nested more than MAX_NESTING levels deep (kept in a thread's message parts, say). Every
 * entry point (REST, GraphQL, SSE) refuses such input up front with a 400 naming the field, rather
 * than failing a later write. Looks at object keys as well as strings; walks without recursion, so no
 * nesting depth a client sends can overflow the stack.
 */
export function findUnstorableText(value: unknown): UnstorableText | undefined {
  const pending: Visit[] = [{ value, depth: 0 }];
  for (let visit = pending.pop(); visit; visit = pending.pop()) {
    if (visit.key !== undefined) {
      const what = unstorableIn(visit.key);
      if (what) return { path: pathOf(visit), what };
    }
    if (typeof visit.value === 'string') {
      const what = unstorableIn(visit.value);
      if (what) return { path: pathOf(visit), what };
    } else if (visit.value && typeof visit.value === 'object') {
      if (visit.depth >= MAX_NESTING) return { path: pathOf(visit), what: `values nested more than ${MAX_NESTING} levels deep` };
      const entries = Object.entries(visit.value);
      for (let i = entries.length - 1; i >= 0; i--) pending.push({ value: entries[i]![1], key: entries[i]![0], parent: visit, depth: visit.depth + 1 });
    }
  }
  return undefined;
}

/**
 * Refuses client input holding text that cannot be stored (findUnstorableText) with the one 400 every
 * entry point answers: `domain contains a NUL character.`, naming the field. `within` is the path of
 * `value` itself (a body argument's name), empty for a body or an object keyed by field name.
 */
export function assertStorable(value: unknown, within: string[] = []): void {
  const found = findUnstorableText(value);
  if (found) throw unstorableRefusal(found, within);
}

/** The 400 for text that cannot be stored, naming where it is (`body` for the body as a whole). */
export function unstorableRefusal(found: UnstorableText, within: string[] = []): AppError {
  const field = [...within, ...found.path].join('.') || 'body';
  return invalidInput(field, `${field} contains ${found.what}.`);
}

/** A high surrogate not followed by a low one, or a low one not preceded by a high one (code units: no `u` flag). */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** What in this text cannot be stored, if anything. */
export function unstorableIn(text: string): string | undefined {
  if (text.includes('\u0000')) return 'a NUL character';
  if (LONE_SURROGATE.test(text)) return 'a lone UTF-16 surrogate (half of a character)';
  return undefined;
}

function pathOf(visit: Visit): string[] {
  const path: string[] = [];
  for (let at: Visit | undefined = visit; at?.key !== undefined; at = at.parent) path.unshift(at.key);
  return path;
}
