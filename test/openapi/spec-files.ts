import fs from 'node:fs';
import path from 'node:path';
import { readTag } from '../../api/mintlify/mdx/jsx-tags.ts';
import { parsePage } from '../../api/mintlify/mdx/parse-page.ts';
import { loadSpec, type Spec } from '../../api/openapi/load-spec.ts';

export const REAL = 'test/fixtures/real';
export const CORPUS = 'test/fixtures/mintlify-docs';
export const FIXTURES = 'test/fixtures/openapi';

/** A document of the repository, loaded as a deployment would: its repository path relative to `root`. */
export async function specAt(root: string, file: string): Promise<Spec> {
  const load = await loadSpec(file, fs.readFileSync(path.join(root, file), 'utf8'));
  if ('error' in load) throw new Error(load.error);
  return load.spec;
}

/** What Folio's search reads of a generated page: its headings, and its sections' headings and text. */
export function searchView(mdx: string): { headings: string[]; text: string } {
  const page = parsePage('generated.mdx', mdx, () => undefined);
  if (page.isBroken) throw new Error(page.warnings.map((warning) => warning.message).join('; '));
  return { headings: page.sections.map((section) => section.heading), text: page.sections.map((section) => `${section.heading}\n${section.text}`).join('\n') };
}

/** Every file below `dir`, as paths relative to it. */
export function filesBelow(dir: string): string[] {
  return (fs.readdirSync(dir, { recursive: true }) as string[]).filter((file) => fs.statSync(path.join(dir, file)).isFile());
}

export interface ReadField {
  tag: string;
  /** `path`, `query`, `header`, `cookie`, `body`, or `name` for a ResponseField. */
  kind: string;
  name: string;
  attributes: Record<string, string>;
}

/** The ParamFields and ResponseFields of a page as Folio's tag reader sees them. */
export function fieldsOf(mdx: string): ReadField[] {
  const fields: ReadField[] = [];
  for (const found of mdx.matchAll(/<(ParamField|ResponseField)\b/g)) {
    const tag = readTag(mdx, found.index);
    if (!tag || tag === 'incomplete') throw new Error(`unreadable tag at ${found.index}: ${mdx.slice(found.index, found.index + 120)}`);
    const kind = ['path', 'query', 'header', 'cookie', 'body', 'name'].find((key) => tag.attributes[key] !== undefined) ?? '';
    fields.push({ tag: tag.name, kind, name: tag.attributes[kind] ?? '', attributes: tag.attributes });
  }
  return fields;
}
