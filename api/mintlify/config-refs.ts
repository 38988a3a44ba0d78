import path from 'node:path';

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

/** A docs.json (or a file it references) that cannot be read as Mintlify reads it, and where when that is known. */
export class ConfigError extends Error {
  constructor(
    message: string,
    readonly at?: { file: string; line: number },
  ) {
    super(message);
  }
}

/** More references than this is a fan-out that would take the deployment's memory, not a real config. */
const MAX_REFS = 1_000;
const MAX_NESTING = 200;

/**
 * docs.json with every `$ref` replaced by the JSON file it names, as Mintlify resolves them: paths are
 * relative to the file that holds the reference and must stay inside the repository; a reference to
 * an object is merged under its sibling keys, one to anything else replaces them; references may nest,
 * and a circular one is an error.
 *
 * `onNode` sees every object and array as `readJson` gave it, with the file that holds it, in the order
 * of the resolved config (a reference's siblings, then the file it names): an editor of the files finds
 * there where a value is written, and edits it in place.
 */
export async function resolveRefs(
  file: string,
  readJson: (file: string) => Promise<Json>,
  onNode?: (node: JsonObject | Json[], file: string) => void,
): Promise<Json> {
  let refs = 0;
  const resolve = async (node: Json, from: string, chain: string[], depth: number): Promise<Json> => {
    if (depth > MAX_NESTING) throw new ConfigError(`${from} nests more than ${MAX_NESTING} levels deep`);
    if (onNode && (Array.isArray(node) || isObject(node))) onNode(node, from);
    if (Array.isArray(node)) {
      const items: Json[] = [];
      for (const item of node) items.push(await resolve(item, from, chain, depth + 1));
      return items;
    }
    if (!isObject(node)) return node;
    const { $ref, ...siblings } = node;
    const resolved: JsonObject = {};
    for (const [key, inner] of Object.entries(typeof $ref === 'string' ? siblings : node)) resolved[key] = await resolve(inner, from, chain, depth + 1);
    if (typeof $ref !== 'string') return resolved;

    const target = refTarget(from, $ref);
    if (chain.includes(target)) throw new ConfigError(`circular $ref: ${[...chain, target].join(' -> ')}`);
    if (++refs > MAX_REFS) throw new ConfigError(`${file} resolves more than ${MAX_REFS.toLocaleString('en')} $ref references`);
    const referenced = await resolve(await readJson(target), target, [...chain, target], depth + 1);
    return isObject(referenced) ? { ...referenced, ...resolved } : referenced;
  };
  return resolve(await readJson(file), file, [file], 0);
}

/** The repository path a `$ref` written in `from` names. */
function refTarget(from: string, ref: string): string {
  if (path.posix.isAbsolute(ref)) throw new ConfigError(`$ref "${ref}" in ${from} must be a relative path`);
  const target = path.posix.normalize(path.posix.join(path.posix.dirname(from), ref));
  if (target === '..' || target.startsWith('../')) throw new ConfigError(`$ref "${ref}" in ${from} points outside the repository`);
  return target;
}

export function isObject(value: Json | undefined): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
