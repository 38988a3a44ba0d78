import { slugify, uniqueAnchor } from './anchors.ts';
import path from 'node:path';
import YAML from 'yaml';
import { inlineText, type TagEvent } from './inline-text.ts';
import { readTag } from './jsx-tags.ts';
import { isMintlifyComponent } from '../components.ts';
import { bracketBalance, collectModules, definedNames, importedFiles, isScriptFile, mdxStatements, type PageCode } from './page-code.ts';

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
  /** Frontmatter `hidden: true`: a hidden page, out of search unless docs.json says `seo.indexing: "all"`. */
  isHidden: boolean;
  /** False for frontmatter `searchable: false` or `noindex: true`: never in search, whatever docs.json says. */
  isSearchable: boolean;
  sections: Section[];
  /** Repository paths of the snippets this page includes (its content depends on them). */
  snippets: string[];
  warnings: ParseWarning[];
  /** The page's own code: its import and export statements and those of its snippets, and the modules they import. */
  code: PageCode;
  /** Components the page uses that neither Mintlify documents nor its code defines, with how often: shown as their children. */
  unknownComponents: Record<string, number>;
  /** A fatal problem (see warnings): the page cannot be indexed. */
  isBroken: boolean;
  /** The page's body with its snippets spliced in (imports and exports dropped): what the site renders. */
  markdown: string;
  /** Frontmatter `sidebarTitle`, else ''. */
  sidebarTitle: string;
  /** Frontmatter `mode` (`wide`, `custom`, `center`, `frame`): how the site lays the page out; '' for the default. */
  mode: string;
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
/** A tag's attributes may run over this many lines (a card's icon can be a whole SVG drawing). */
const MAX_TAG_LINES = 2_000;
/** …and this many characters, joined (a logo drawn as an SVG path in a card's icon runs to tens of KB). */
const MAX_TAG_CHARS = 64_000;
/** Pages are read in one piece; a larger one should be split. */
const MAX_PAGE_CHARS = 1_000_000;
/** What a page may grow to with its snippets spliced in (snippets used many times multiply). */
const MAX_EXPANDED_LINES = 50_000;
/** Markup on longer lines is not interpreted (its reading is not linear); their text is kept. */
const MAX_MARKUP_LINE = 10_000;
/** YAML aliases that may be expanded in frontmatter (an alias bomb would exhaust memory). */
const MAX_YAML_ALIASES = 100;

/** Parses one MDX or Markdown page of a Mintlify project into plain-text sections. */
export function parsePage(file: string, source: string, readFile: ReadFile): ParsedPage {
  const warnings: ParseWarning[] = [];
  const snippets = new Set<string>();
  if (source.length > MAX_PAGE_CHARS) {
    return brokenPage(file, `the page is longer than ${MAX_PAGE_CHARS.toLocaleString('en')} characters; split it into several pages`);
  }
  const { data, body, bodyLine, error } = splitFrontmatter(withoutNul(source));
  if (error) warnings.push({ file, line: error.line, message: `invalid frontmatter: ${error.message}` });

  const statements: PageCode['statements'] = [];
  const lines = expandSnippets(file, body, bodyLine, { readFile, used: snippets, warnings, chain: [file], produced: { lines: 0 }, statements });
  const { modules, missing } = collectModules(statements, readFile);
  for (const module of Object.keys(modules)) snippets.add(module);
  for (const { from, file: target } of missing) {
    snippets.add(target);
    warnings.push({ file: from, line: 1, message: `imports ${target}, which does not exist; what it defines is left out` });
  }
  const defined = definedNames(statements);
  const unknownComponents: Record<string, number> = {};
  const onComponent = (name: string) => {
    if (!isMintlifyComponent(name) && name !== 'Snippet' && !defined.has(name.split('.')[0]!)) unknownComponents[name] = (unknownComponents[name] ?? 0) + 1;
  };
  const { sections, isBalanced } = toSections(lines, warnings, onComponent);
  const firstHeading = sections.find((s) => s.level === 1)?.heading;
  const title = stringField(data.title) || stringField(data.sidebarTitle) || firstHeading || titleFromPath(file);
  if (sections[0]) sections[0].heading = title;

  return {
    title,
    description: stringField(data.description),
    keywords: Array.isArray(data.keywords) ? data.keywords.filter((k): k is string => typeof k === 'string') : [],
    isHidden: data.hidden === true,
    isSearchable: data.searchable !== false && data.noindex !== true,
    sections: sections.filter((s) => s.text.trim() !== '' || s.level > 0),
    snippets: [...snippets],
    warnings,
    code: { statements, modules },
    unknownComponents,
    isBroken: !isBalanced,
    markdown: lines.map((line) => line.text).join('\n'),
    sidebarTitle: stringField(data.sidebarTitle),
    mode: PAGE_MODES.has(stringField(data.mode)) ? stringField(data.mode) : '',
  };
}

/** The page layouts Mintlify's frontmatter `mode` names (its organize/pages documentation). */
const PAGE_MODES = new Set(['wide', 'custom', 'center', 'frame']);

/** A page that cannot be indexed, with the reason as its one warning. */
export function brokenPage(file: string, message: string): ParsedPage {
  return {
    title: titleFromPath(file),
    description: '',
    keywords: [],
    isHidden: false,
    isSearchable: true,
    sections: [],
    snippets: [],
    warnings: [{ file, line: 1, message }],
    code: { statements: [], modules: {} },
    unknownComponents: {},
    isBroken: true,
    markdown: '',
    sidebarTitle: '',
    mode: '',
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
  // Frontmatter that is not valid YAML is read as plain `key: value` lines, as it was most likely meant: the page still shows.
  const leniently = (line: number, message: string) => ({
    data: plainFrontmatter(match[1]!),
    body: rest,
    bodyLine,
    error: { line, message: `${message}; read as plain "key: value" lines` },
  });
  if (document.errors.length > 0) {
    const problem = document.errors[0]!;
    return leniently(1 + (problem.linePos?.[0]?.line ?? 1), problem.message.split('\n')[0]!);
  }
  let data: unknown;
  try {
    data = document.toJS({ maxAliasCount: MAX_YAML_ALIASES });
  } catch (problem) {
    return leniently(2, (problem as Error).message.split('\n')[0]!);
  }
  return { data: data && typeof data === 'object' ? (data as Record<string, unknown>) : {}, body: rest, bodyLine };
}

/**
 * Frontmatter read without YAML: a line starting with `key:` begins a field, lines after it that do not
 * continue it; quotes around a value are dropped, `true` and `false` are booleans. Aliases and nesting
 * are not read (what broke the YAML is most often an unindented continuation line of a quoted value).
 */
function plainFrontmatter(text: string): Record<string, unknown> {
  const fields: Record<string, unknown> = Object.create(null);
  let key: string | undefined;
  for (const line of text.split('\n')) {
    const field = /^([A-Za-z][\w-]*)\s*:\s*(.*)$/.exec(line);
    if (field) {
      key = field[1]!;
      fields[key] = field[2]!.trim();
    } else if (key && line.trim() !== '') {
      fields[key] = `${fields[key]} ${line.trim()}`.trim();
    }
  }
  for (const [name, value] of Object.entries(fields)) {
    const text = String(value);
    fields[name] = text === 'true' ? true : text === 'false' ? false : text.replace(/^(["'])([\s\S]*)\1$/, '$2');
  }
  return fields;
}

/** PostgreSQL text cannot hold NUL; a stray one in a file becomes U+FFFD rather than fail the deployment. */
function withoutNul(text: string): string {
  return text.includes('\u0000') ? text.replaceAll('\u0000', '\uFFFD') : text;
}

interface Expansion {
  readFile: ReadFile;
  /** Every snippet the page refers to, found or not (its content hash depends on them all). */
  used: Set<string>;
  warnings: ParseWarning[];
  /** The page and the snippets being expanded into it, outermost first (a repeat is a cycle). */
  chain: string[];
  /** Lines produced so far, across every level. */
  produced: { lines: number };
  /** The import and export statements met, by the file that holds them. */
  statements: PageCode['statements'];
}

/**
 * The page's lines with each imported snippet's lines spliced in where the page uses it (`<Name />` on
 * a line of its own, or legacy `<Snippet file="x.mdx" />`), recursively. Import and export statements
 * are dropped.
 */
function expandSnippets(file: string, body: string, firstLine: number, expansion: Expansion): SourceLine[] {
  const { readFile, used, warnings, chain, produced } = expansion;
  const raw = body.split('\n');
  produced.lines += raw.length;
  const imports = new Map<string, string>();
  const out: SourceLine[] = [];
  const code: string[] = [];
  let fence: string | undefined;
  let statementDepth = 0;
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
    if (statementDepth > 0 || /^(export|import)\s/.test(text)) {
      // A default import of an MDX snippet is spliced where it is used; every other statement is the page's code.
      const snippetImport = statementDepth === 0 ? /^import\s+([A-Za-z_]\w*)\s+from\s+['"]([^'"]+\.mdx?)['"];?\s*$/.exec(text) : null;
      if (snippetImport) imports.set(snippetImport[1]!, resolveSnippetPath(file, snippetImport[2]!));
      else code.push(text);
      statementDepth = Math.max(0, statementDepth + bracketBalance(text));
      continue;
    }

    const usage = /^\s*<([A-Z][\w]*)\b[^>]*\/>\s*$/.exec(text);
    const snippetPath = usage ? (usage[1] === 'Snippet' ? snippetFileAttribute(text, readFile) : imports.get(usage[1]!)) : undefined;
    if (snippetPath === undefined) {
      out.push({ text, file, line });
      continue;
    }
    used.add(snippetPath);
    const snippet = readFile(snippetPath);
    const problem =
      snippet === undefined
        ? 'not found'
        : chain.includes(snippetPath)
          ? 'includes itself'
          : chain.length > MAX_SNIPPET_DEPTH
            ? 'nests too deeply'
            : produced.lines + count(snippet, '\n') + 1 > MAX_EXPANDED_LINES
              ? `would make the page longer than ${MAX_EXPANDED_LINES.toLocaleString('en')} lines`
              : undefined;
    if (problem) {
      warnings.push({ file, line, message: `snippet ${snippetPath} ${problem}; left out` });
      continue;
    }
    const { body: snippetBody, bodyLine } = splitFrontmatter(withoutNul(snippet!));
    const expanded = expandSnippets(snippetPath, snippetBody, bodyLine, { ...expansion, chain: [...chain, snippetPath] });
    for (const expandedLine of expanded) out.push(expandedLine);
  }
  if (code.length > 0) expansion.statements.push({ file, source: code.join('\n') });
  return out;
}

function toSections(lines: SourceLine[], warnings: ParseWarning[], onComponent: (name: string) => void): { sections: Section[]; isBalanced: boolean } {
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
    if (text.length > MAX_MARKUP_LINE && !inComment) {
      warnings.push({ file, line, message: `the line is longer than ${MAX_MARKUP_LINE.toLocaleString('en')} characters; its markup was not interpreted` });
      push(plainText(text));
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
    // A tag whose attributes run over several lines is read as one line; one that never ends is left as it is.
    if (endsInsideTag(text)) {
      const tag = joinedTag(lines, index, text);
      if (tag) ({ text, index } = tag);
    }
    const onTag = (tag: TagEvent) => {
      if (!/^[A-Z]/.test(tag.name)) return;
      if (!tag.isClosing) onComponent(tag.name);
      if (tag.isSelfClosing) return;
      if (!tag.isClosing) {
        open.push({ name: tag.name, file, line });
        if (tag.name === 'Step' && tag.attributes.title) return stepTitle(tag.attributes.title);
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
    push(text.length > MAX_TAG_CHARS ? plainText(text) : inlineText(heading ? heading[2]! : text, onTag));
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

/**
 * A step's title reads as the start of what the step says ("Create a SAML app in Okta:"), not as a
 * heading of its own: the steps of one procedure are read on to the end.
 */
function stepTitle(title: string): string {
  return /[.:!?]$/.test(title.trim()) ? title : `${title.trim()}:`;
}

/**
 * The line with the lines its open tag runs on to, up to the tag's end; undefined when it does not end
 * soon. The tag is read again only where it may end (a `>` with its braces closed), so a page of lines
 * that each open a tag which never ends takes linear time.
 */
function joinedTag(lines: SourceLine[], index: number, text: string): { text: string; index: number } | undefined {
  let openBraces = braceBalance(text);
  for (let last = index + 1; last < lines.length && last - index <= MAX_TAG_LINES && text.length <= MAX_TAG_CHARS; last++) {
    const line = lines[last]!.text.trim();
    text += ` ${line}`;
    openBraces += braceBalance(line);
    if (openBraces <= 0 && line.includes('>') && !endsInsideTag(text)) return { text, index: last };
  }
  return undefined;
}

function braceBalance(text: string): number {
  return count(text, '{') - count(text, '}');
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
  let inside = isOpen;
  let inCode = false;
  for (let i = 0; i < text.length; ) {
    if (inside) {
      const close = firstOf(text, ['-->', '*/}'], i);
      if (!close) return { text: out, isOpen: true };
      i = close.end;
      inside = false;
      continue;
    }
    const char = text[i]!;
    if (char === '`') inCode = !inCode;
    if (!inCode && (text.startsWith('<!--', i) || text.startsWith('{/*', i))) {
      inside = true;
      i += text[i] === '<' ? 4 : 3;
      continue;
    }
    out += char;
    i++;
  }
  return { text: out, isOpen: inside };
}

/** The earliest of these markers at or after `from`, with the index just past it. */
function firstOf(text: string, markers: string[], from: number): { end: number } | undefined {
  let best: { at: number; end: number } | undefined;
  for (const marker of markers) {
    const at = text.indexOf(marker, from);
    if (at >= 0 && (!best || at < best.at)) best = { at, end: at + marker.length };
  }
  return best;
}

/** A line's text with tags, expressions and emphasis markers dropped, in one linear pass each. */
function plainText(text: string): string {
  return text
    .replace(/<[^<>]*>/g, ' ')
    .replace(/\{[^{}]*\}/g, ' ')
    .replace(/[*_~`]+/g, '')
    .replace(/[ \t]{2,}/g, ' ')
    .trim();
}

/** The repository paths a file may include as snippets or import code from (its imports of MDX and script files, legacy `<Snippet file>`). */
export function snippetReferences(file: string, text: string): string[] {
  const found: string[] = isScriptFile(file) ? importedFiles(file, text) : importedFiles(file, mdxStatements(text));
  for (const match of text.matchAll(/<Snippet\s[^>]*file=["']([^"']+)["']/g))
    found.push(...SNIPPET_FOLDERS.map((folder) => path.posix.join(folder, match[1]!)));
  return found;
}

/** Where `<Snippet file="x.mdx" />` looks: `snippets/`, then legacy projects' `_snippets/`. */
const SNIPPET_FOLDERS = ['snippets', '_snippets'];

function resolveSnippetPath(from: string, specifier: string): string {
  const resolved = specifier.startsWith('/') ? specifier.slice(1) : path.posix.join(path.posix.dirname(from), specifier);
  return path.posix.normalize(resolved);
}

function snippetFileAttribute(text: string, readFile: ReadFile): string | undefined {
  const file = /file=["']([^"']+)["']/.exec(text)?.[1];
  if (!file) return undefined;
  const candidates = SNIPPET_FOLDERS.map((folder) => path.posix.join(folder, file));
  return candidates.find((candidate) => readFile(candidate) !== undefined) ?? candidates[0];
}

/** The title a page without one gets: its file name, `custom-domain.mdx` -> "Custom domain". */
export function titleFromPath(file: string): string {
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
