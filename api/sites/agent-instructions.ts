import { isObject, type JsonObject } from '../mintlify/config-refs.ts';

/** Instructions longer than this are cut: they are added to every page an agent reads. */
const MAX_INSTRUCTIONS_CHARS = 4000;

/**
 * docs.json `markdown.instructions` (ai/markdown-export.mdx, Custom agent instructions) as lines: a
 * string, or a list of strings that Mintlify joins with line breaks; [] when there are none.
 */
export function agentInstructionsOf(config: JsonObject): string[] {
  const markdown = config.markdown;
  const instructions = isObject(markdown) ? markdown.instructions : undefined;
  const parts = typeof instructions === 'string' ? [instructions] : Array.isArray(instructions) ? instructions.filter((item) => typeof item === 'string') : [];
  return parts
    .join('\n')
    .slice(0, MAX_INSTRUCTIONS_CHARS)
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
}
