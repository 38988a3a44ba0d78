import { isRecord } from './spec-types.ts';

/** A document with more broken references than this gets one summary line for the rest. */
const MAX_REPORTED = 10;

/**
 * Drops every `$ref` the dereferencer could not follow, so one broken reference leaves one field
 * without a type instead of failing the whole document (Mintlify renders such documents too): a
 * reference outside the document (another file or a URL, which Mintlify does not support either, and
 * which would mean reading the disk or the network) and a local one whose target is missing. Each
 * becomes a warning naming where it is. The document is changed in place.
 */
export function dropUnresolvableRefs(document: Record<string, unknown>): string[] {
  const problems: string[] = [];
  const seen = new Set<unknown>();
  const visit = (node: unknown, where: string) => {
    if (typeof node !== 'object' || node === null || seen.has(node)) return;
    seen.add(node);
    if (Array.isArray(node)) {
      for (const [index, item] of node.entries()) visit(item, `${where}/${index}`);
      return;
    }
    const record = node as Record<string, unknown>;
    const ref = record.$ref;
    if (typeof ref === 'string') {
      const problem = !ref.startsWith('#')
        ? `${where}: the $ref "${ref}" points outside this document; Folio reads each OpenAPI document on its own, so it is left out`
        : hasPointer(document, ref)
          ? undefined
          : `${where}: the $ref "${ref}" names nothing in this document, so it is left out`;
      if (problem) {
        problems.push(problem);
        delete record.$ref;
      }
    }
    for (const [key, value] of Object.entries(record)) visit(value, `${where}/${escapePointer(key)}`);
  };
  visit(document, '#');
  if (problems.length <= MAX_REPORTED) return problems;
  return [...problems.slice(0, MAX_REPORTED), `and ${problems.length - MAX_REPORTED} more unresolvable $ref`];
}

/** Whether a local JSON pointer (`#/components/schemas/User`) names something in the document. */
function hasPointer(document: Record<string, unknown>, ref: string): boolean {
  let node: unknown = document;
  for (const token of ref.slice(1).split('/').slice(1)) {
    const key = unescapePointer(token);
    if (Array.isArray(node)) node = node[Number(key)];
    else if (isRecord(node) && Object.hasOwn(node, key)) node = node[key];
    else return false;
    if (node === undefined) return false;
  }
  return true;
}

function unescapePointer(token: string): string {
  let decoded = token;
  try {
    decoded = decodeURIComponent(token);
  } catch {
    // A stray `%` is a literal character of the key.
  }
  return decoded.replaceAll('~1', '/').replaceAll('~0', '~');
}

const escapePointer = (key: string) => key.replaceAll('~', '~0').replaceAll('/', '~1');
