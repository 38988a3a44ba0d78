import fs from 'node:fs';
import path from 'node:path';
import YAML from 'yaml';

/** A page's MDX (or Markdown) file as the repository has it. */
export interface PageSource {
  /** The whole file. */
  raw: string;
  frontmatter: Record<string, unknown>;
  /** The frontmatter's own text, to tell a title's literal `<` from markup. */
  frontmatterText: string;
  body: string;
}

const FRONTMATTER = /^\uFEFF?---[ \t]*\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/;

/** The page's source file, or undefined when it has none (a page generated from an OpenAPI operation). */
export function readPageSource(folder: string, sourcePath: string): PageSource | undefined {
  if (!/\.mdx?$/i.test(sourcePath)) return undefined;
  const file = path.join(folder, sourcePath);
  if (!fs.existsSync(file)) return undefined;
  const raw = fs.readFileSync(file, 'utf8');
  const match = FRONTMATTER.exec(raw);
  if (!match) return { raw, frontmatter: {}, frontmatterText: '', body: raw };
  let frontmatter: Record<string, unknown> = {};
  try {
    const parsed: unknown = YAML.parse(match[1]!);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) frontmatter = parsed as Record<string, unknown>;
  } catch {
    // A frontmatter that is not YAML is the deployment's to report; the page's body is still its prose.
  }
  return { raw, frontmatter, frontmatterText: match[1]!, body: raw.slice(match[0].length) };
}
