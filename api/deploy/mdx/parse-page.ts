import path from 'node:path';
import YAML from 'yaml';
import { inlineText, type TagEvent } from './inline-text.ts';
import { readTag } from './jsx-tags.ts';

export interface Section {
  /** 0 for the text before the first heading. */
  level: number;
  heading: string;
  /** The heading's URL fragment ('' for the top of the page). */
  anchor: string;
  text: string;
}

export interface ParseWarning {
  file: string;
  line: number;
  message: string;
}

export interface ParsedPage {
  title: string;
  description: string;
  keywords: string[];
  /** Frontmatter `hidden: true` or `noindex: true`: served, but kept out of search. */
  isHidden: boolean;
  sections: Section[];
  /** Repository paths of the snippets this page includes (its content depends on them). */
  snippets: string[];
  warnings: ParseWarning[];
  /** A fatal problem (see warnings): the page cannot be indexed. */
  isBroken: boolean;
}

/** Reads a file of the repository by its path, or undefined when there is none. */
export type ReadFile = (repoPath: string) => string | undefined;

interface SourceLine {
  text: string;
  file: string;
  line: number;
}

export const MAX_SNIPPET_DEPTH = 5;
const SECTION_LEVELS = 3;
const MAX_TAG_LINES = 40;

/** Parses one MDX or Markdown page of a Mintlify project into plain-text sections. */
export function parsePage(file: string, source: string, readFile: ReadFile): ParsedPage {
  const warnings: ParseWarning[] = [];
  const snippets = new Set<string>();
  const { data, body, bodyLine, error } = splitFrontmatter(source);
  if (error) warnings.push({ file, line: error.line, message: `invalid frontmatter: ${error.message}` });

  const lines = expandSnippets(file, body, bodyLine, readFile, snippets, warnings, 0);
  const { sections, isBalanced } = toSections(lines, warnings);
  const firstHeading = sections.find((s) => s.level === 1)?.heading;
  const title = stringField(data.title) || stringField(data.sidebarTitle) || firstHeading || titleFromPath(file);
  if (sections[0]) sections[0].heading = title;

  return {
    title,
    description: stringField(data.description),
    keywords: Array.isArray(data.keywords) ? data.keywords.filter((k): k is string => typeof k === 'string') : [],
    isHidden: data.hidden === true || data.noindex === true,
    sections: sections.filter((s) => s.text.trim() !== '' || s.level > 0),
    snippets: [...snippets],
    warnings,
    isBroken: Boolean(error) || !isBalanced,
  };
}

function splitFrontmatter(source: string): {
  data: Record<string, unknown>;
  body: string;
  bodyLine: number;
  error?: { line: number; message: string };
} {
  const text = source.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  const match = /^---[ \t]*\n([\s\S]*?)\n---[ \t]*(?:\n|$)/.exec(text);
  if (!match) return { data: {}, body: text, bodyLine: 1 };
  const bodyLine = match[0].split('\n').length - (match[0].endsWith('\n') ? 1 : 0) + 1;
  const document = YAML.parseDocument(match[1]!, { prettyErrors: false });
  const rest = text.slice(match[0].length);
  if (document.errors.length > 0) {
    const problem = document.errors[0]!;
    const line = 1 + (problem.linePos?.[0]?.line ?? 1);
    return { data: {}, body: rest, bodyLine, error: { line, message: problem.message.split('\n')[0]! } };
  }
  const data = document.toJS() as unknown;
  return { data: data && typeof data === 'object' ? (data as Record<string, unknown>) : {}, body: rest, bodyLine };
}

/**
 * The page's lines with each imported snippet's lines spliced in where the page uses it (`<Name />` on
 * a line of its own, or legacy `<Snippet file="x.mdx" />`), recursively. Import and export statements
 * are dropped.
 */
function expandSnippets(
  file: string,
  body: string,
  firstLine: number,
  readFile: ReadFile,
  used: Set<string>,
  warnings: ParseWarning[],
  depth: number,
): SourceLine[] {
  const raw = body.split('\n');
  const imports = new Map<string, string>();
  const out: SourceLine[] = [];
  let fence: string | undefined;
  let exportDepth = 0;
  for (let index = 0; index < raw.length; index++) {
    const text = raw[index]!;
    const line = firstLine + index;
    const fenceMatch = /^\s*(`{3,}|~{3,})/.exec(text);
    if (fence) {
      if (fenceMatch && fenceMatch[1]!.startsWith(fence) && /^\s*[`~]+\s*$/.test(text)) fence = undefined;
      out.push({ text, file, line });
      continue;
    }
    if (fenceMatch) {
      fence = fenceMatch[1];
      out.push({ text, file, line });
      continue;
    }
    if (exportDepth > 0 || /^export\s/.test(text)) {
      exportDepth = Math.max(0, exportDepth + count(text, '{') + count(text, '(') + count(text, '[') - count(text, '}') - count(text, ')') - count(text, ']'));
      continue;
    }
    const importMatch = /^import\s+(.+?)\s+from\s+['"]([^'"]+)['"];?\s*$/.exec(text);
    if (importMatch) {
      const name = importMatch[1]!.trim();
      if (/^[A-Za-z_]\w*$/.test(name) && /\.mdx?$/.test(importMatch[2]!)) imports.set(name, resolveSnippetPath(file, importMatch[2]!));
      continue;
    }
    if (/^import\s/.test(text)) continue;

    const usage = /^\s*<([A-Z][\w]*)\b[^>]*\/>\s*$/.exec(text);
    const snippetPath = usage
      ? usage[1] === 'Snippet'
        ? snippetFileAttribute(text)
        : imports.get(usage[1]!)
      : undefined;
    if (snippetPath === undefined) {
      out.push({ text, file, line });
      continue;
    }
    const snippet = readFile(snippetPath);
    if (snippet === undefined || depth >= MAX_SNIPPET_DEPTH || used.has(`${snippetPath}@${depth}`)) {
      warnings.push({ file, line, message: snippet === undefined ? `snippet ${snippetPath} not found` : `snippet ${snippetPath} nests too deeply` });
      continue;
    }
    used.add(snippetPath);
    const { body: snippetBody, bodyLine } = splitFrontmatter(snippet);
    out.push(...expandSnippets(snippetPath, snippetBody, bodyLine, readFile, used, warnings, depth + 1));
  }
  return out;
}

function toSections(lines: SourceLine[], warnings: ParseWarning[]): { sections: Section[]; isBalanced: boolean } {
  const sections: Section[] = [{ level: 0, heading: '', anchor: '', text: '' }];
  const anchors = new Map<string, number>();
  const open: { name: string; file: string; line: number }[] = [];
  let isBalanced = true;
  let fence: { marker: string; file: string; line: number } | undefined;
  let inComment = false;
  const push = (text: string) => {
    if (text !== '') sections[sections.length - 1]!.text += `${text}\n`;
  };

  for (let index = 0; index < lines.length; index++) {
    const { file, line } = lines[index]!;
    let text = lines[index]!.text;
    const fenceMatch = /^\s*(`{3,}|~{3,})/.exec(text);
    if (fence) {
      if (fenceMatch && fenceMatch[1]!.startsWith(fence.marker) && /^\s*[`~]+\s*$/.test(text)) {
        fence = undefined;
      } else {
        push(text.trimEnd());
      }
      continue;
    }
    if (fenceMatch) {
      fence = { marker: fenceMatch[1]!, file, line };
      continue;
    }
    if (inComment || text.includes('<!--') || text.includes('{/*')) {
      const cleaned = stripComments(text, inComment);
      inComment = cleaned.isOpen;
      text = cleaned.text;
    }
    const heading = /^\s{0,3}(#{1,6})\s+(.*?)\s*#*\s*$/.exec(text);
    if (heading && heading[1]!.length <= SECTION_LEVELS && open.length === 0) {
      const title = inlineText(heading[2]!, () => undefined);
      sections.push({ level: heading[1]!.length, heading: title, anchor: uniqueAnchor(slugify(title), anchors), text: '' });
      continue;
    }
    // A tag whose attributes run over several lines is read as one line.
    for (let joined = 0; joined < MAX_TAG_LINES && endsInsideTag(text) && index + 1 < lines.length; joined++) {
      index++;
      text += ` ${lines[index]!.text.trim()}`;
    }
    const onTag = (tag: TagEvent) => {
      if (!/^[A-Z]/.test(tag.name)) return;
      if (tag.isSelfClosing) return;
      if (!tag.isClosing) {
        open.push({ name: tag.name, file, line });
        return;
      }
      const top = open.at(-1);
      if (top?.name === tag.name) {
        open.pop();
      } else {
        isBalanced = false;
        warnings.push({
          file,
          line,
          message: top ? `</${tag.name}> closes <${top.name}> opened at line ${top.line}` : `</${tag.name}> has no opening tag`,
        });
      }
    };
    push(inlineText(heading ? heading[2]! : text, onTag));
  }
  if (fence) {
    warnings.push({ file: fence.file, line: fence.line, message: `code block opened with ${fence.marker} is never closed` });
  }
  for (const tag of open) {
    isBalanced = false;
    warnings.push({ file: tag.file, line: tag.line, message: `<${tag.name}> is never closed` });
  }
  for (const section of sections) section.text = section.text.replace(/\n{3,}/g, '\n\n').trim();
  return { sections, isBalanced };
}

/** Whether a tag opened on this line is still open at its end (its attributes continue below). */
function endsInsideTag(text: string): boolean {
  for (let i = text.indexOf('<'); i >= 0; i = text.indexOf('<', i + 1)) {
    const tag = readTag(text, i);
    if (tag === 'incomplete') return true;
    if (tag) i = tag.end - 1;
  }
  return false;
}

/** Removes HTML and JSX comments, which may span lines; leaves them alone inside inline code. */
function stripComments(text: string, isOpen: boolean): { text: string; isOpen: boolean } {
  let out = '';
  let rest = text;
  let inside = isOpen;
  while (rest.length > 0) {
    if (inside) {
      const close = /-->|\*\/\}/.exec(rest);
      if (!close) return { text: out, isOpen: true };
      rest = rest.slice(close.index + close[0].length);
      inside = false;
      continue;
    }
    const open = /<!--|\{\/\*/g;
    let match: RegExpExecArray | null;
    while ((match = open.exec(rest)) && count(out + rest.slice(0, match.index), '`') % 2 === 1) {
      // inside an inline code span: not a comment
    }
    if (!match) return { text: out + rest, isOpen: false };
    out += rest.slice(0, match.index);
    rest = rest.slice(match.index + match[0].length);
    inside = true;
  }
  return { text: out, isOpen: inside };
}

/** A heading's anchor as Mintlify makes it: lowercase words joined by hyphens, punctuation dropped. */
export function slugify(heading: string): string {
  return heading
    .toLowerCase()
    .trim()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s+/g, '-')
    .replace(/-+/g, '-');
}

function uniqueAnchor(anchor: string, seen: Map<string, number>): string {
  const count = seen.get(anchor) ?? 0;
  seen.set(anchor, count + 1);
  return count === 0 ? anchor : `${anchor}-${count}`;
}

/** The repository paths a file may include as snippets (its imports of .mdx/.md files, legacy `<Snippet file>`). */
export function snippetReferences(file: string, text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(/^import\s+[A-Za-z_]\w*\s+from\s+['"]([^'"]+\.mdx?)['"]/gm)) found.push(resolveSnippetPath(file, match[1]!));
  for (const match of text.matchAll(/<Snippet\s[^>]*file=["']([^"']+)["']/g)) found.push(path.posix.join('snippets', match[1]!));
  return found;
}

function resolveSnippetPath(from: string, specifier: string): string {
  const resolved = specifier.startsWith('/') ? specifier.slice(1) : path.posix.join(path.posix.dirname(from), specifier);
  return path.posix.normalize(resolved);
}

function snippetFileAttribute(text: string): string | undefined {
  const file = /file=["']([^"']+)["']/.exec(text)?.[1];
  return file ? path.posix.join('snippets', file) : undefined;
}

function titleFromPath(file: string): string {
  const base = path.posix.basename(file).replace(/\.(mdx|md)$/, '');
  return base.replace(/[-_]+/g, ' ').replace(/^\w/, (c) => c.toUpperCase());
}

function stringField(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

function count(text: string, char: string): number {
  let n = 0;
  for (const c of text) if (c === char) n++;
  return n;
}
