import { isTableRowText } from '../../mintlify/mdx/table-rows.ts';
import { alternatives, wordsOfEveryLanguage } from '../../language/word-lists.ts';

/**
 * A search result's text cut into the pieces an extractive answer is made of. Search results are plain
 * text: deployment turned MDX into text and dropped code fences and backticks, so code is recognised
 * again here by its shape (indentation, JSON, commands), and numbered steps by their numbers.
 */
export type BlockKind = 'sentence' | 'code' | 'steps' | 'bullets';

export interface Block {
  kind: BlockKind;
  /** Plain text; for steps, one step per line without its number; a bullet is one item; code is as it was. */
  text: string;
  /** Position in the passage, for keeping the document's order. */
  position: number;
  /** Sentences of one paragraph, or items of one bullet list, share this number. */
  paragraph: number;
  /** A sentence ending with ':' introduces the block after it. */
  isIntro: boolean;
  /** The first row of a Markdown table (its header), where the passage has it. */
  isTableHeader: boolean;
  /** An item of a list of names alone (a grid of cards with titles only): it names, it says nothing. */
  isName: boolean;
}

const STEP = /^\s{0,3}\d{1,2}[.)]\s+\S/;
const BULLET = /^\s{0,3}[-*•]\s+\S/;
const COMMAND =
  /^(?:\$\s+)?(?:mint|npx|npm|pnpm|yarn|bun|git|curl|brew|cd|export|docker|node|pip|python3?|sudo|wget|echo|mkdir|gh|vercel|wrangler|aws|openssl|dig)(?:\s|$)/;
/**
 * Braces, JSON keys, fences, tags, comments, keywords, statement ends, tree drawings; and Markdown
 * headings, images, links and HTML comments, which chunk text has only from code blocks (headings cut
 * a page into sections, and deployment turns images and links in prose into their text).
 */
const CODE_SHAPE =
  /^(?:[{}[\]]|"[^"]*"\s*[:,]?|```|~~~|<\/?[A-Za-z][\w.]*(?:\s|>|\/|$)|<!--|!?\[[^\]]*\]\(|\/\/|#{1,6}\s|(?:import|export|const|let|var|function|return|class|def|if|for|type|interface|async|await)\s|---$)|(?:[;{},([]|=>)$|^[├└│]/;
const YAML_KEY = /^[a-z_][\w-]*:(?:\s|$)/;
/** A lone identifier line introducing the description below it (settings and property references). */
const FIELD_NAME = /^[\w$@<>.[\]-]{1,48}$/;
/** Labels of API fields ("Type: string", "Tipo: object", "Défaut : false": `fieldLabels` in api/language/<language>.json) say nothing a reader asked. */
const NOISE = new RegExp(`^(?:${alternatives(wordsOfEveryLanguage('fieldLabels'))})\\s?:\\s+\\S+$`);
const MAX_SENTENCE_LINE = 180;
const MIN_NAME_RUN = 3;

/** "TXT | _acme-challenge.<your-domain> | <value>": a row of a table, its cells kept apart by pipes. */
export function isTableRow(block: Block | undefined): boolean {
  return block?.kind === 'sentence' && hasCells(block.text);
}

function hasCells(line: string): boolean {
  return line.includes(' | ');
}

/** The position of the header of the table `row` is in: the first of the rows before it without a break. */
export function tableHeaderOf(blocks: Block[], row: Block): number {
  let header = row.position;
  while (isTableRow(blocks[header - 1])) header--;
  return header;
}

/** Whether code ends with a line that closes it at the top level ("}", "]"): a JSON example ends there. */
export function endsAtTopLevel(code: string): boolean {
  return /(?:^|\n)[}\]]$/.test(code);
}

/** The index just after the table rows that run on from `blocks[from]`. */
export function tableEndOf(blocks: Block[], from: number): number {
  let end = from;
  while (isTableRow(blocks[end])) end++;
  return end;
}

/** Splits a passage into sentences, code blocks, step lists and bullet lists, in document order. */
export function toBlocks(content: string): Block[] {
  const lines = joinWrappedLines(dropRepeatedLines(content.split('\n').map((line) => line.trimEnd()))).filter(
    (line) => line.trim() !== '' && !NOISE.test(line.trim()),
  );
  const isCodeLine = classifyCode(lines);
  const blocks: Block[] = [];
  let code: string[] = [];
  let list: { kind: 'steps' | 'bullets'; items: string[] } | undefined;
  let paragraph = 0;
  const push = (kind: BlockKind, text: string, isSameParagraph = false, isName = false) => {
    if (!isSameParagraph) paragraph++;
    const block = { kind, text, position: blocks.length, paragraph, isIntro: kind === 'sentence' && text.endsWith(':'), isTableHeader: false, isName };
    // A Markdown table's rows keep their outer pipes, and its first row is its header; lines that only
    // look like a table's ("TXT | _acme-challenge | <value>", from a code block) have no header.
    block.isTableHeader = isTableRow(block) && isTableRowText(text) && !isTableRow(blocks.at(-1));
    blocks.push(block);
  };
  const flushCode = () => {
    if (code.length > 0) push('code', dedent(code).join('\n'));
    code = [];
  };
  const flushList = () => {
    // Steps stay one block (an answer keeps them whole); bullets are items an answer may pick from.
    if (list?.kind === 'steps') push('steps', list.items.join('\n'));
    if (list?.kind === 'bullets') for (const [n, item] of list.items.entries()) push('bullets', item, n > 0);
    list = undefined;
  };

  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (isCodeLine[i]) {
      flushList();
      // Deployment drops the fences between two code blocks: a top-level "}" or "]" ends one, and an unindented line starts the next.
      if (endsAtTopLevel(code.at(-1) ?? '') && /^\S/.test(line)) flushCode();
      code.push(line);
      continue;
    }
    flushCode();
    const listKind = STEP.test(line) ? 'steps' : BULLET.test(line) ? 'bullets' : undefined;
    if (listKind) {
      const item = line.replace(/^\s*(?:\d{1,2}[.)]|[-*•])\s+/, '');
      if (list?.kind === listKind) list.items.push(item);
      // Bullets right under a step belong to that step.
      else if (list?.kind === 'steps') list.items.push(`  - ${item}`);
      else {
        flushList();
        list = { kind: listKind, items: [item] };
      }
      continue;
    }
    flushList();
    const next = lines[i + 1];
    if (isNameRun(lines, i, isCodeLine)) {
      // A grid of cards with titles alone ("Amplitude", "Fathom", "Google Analytics 4") is a list of names.
      for (; i < lines.length && isName(lines[i]!) && !isCodeLine[i]; i++) push('bullets', lines[i]!.trim(), blocks.at(-1)?.isName, true);
      i--;
      continue;
    }
    if (
      FIELD_NAME.test(line.trim()) &&
      next !== undefined &&
      /^\p{Lu}/u.test(next) &&
      !isName(next) &&
      !isCodeLine[i + 1] &&
      !STEP.test(next) &&
      !BULLET.test(next)
    ) {
      // "colors.primary" over "The primary color ..." reads as one definition.
      const [first, ...rest] = sentences(next);
      for (const [n, sentence] of [`${line.trim()}: ${first}`, ...rest].entries()) push('sentence', sentence, n > 0);
      i++;
      continue;
    }
    for (const [n, sentence] of sentences(line).entries()) push('sentence', sentence, n > 0);
  }
  flushCode();
  flushList();
  return blocks;
}

/** A title alone on its line: a few capitalised words without a sentence's end ("Google Analytics 4"). */
function isName(line: string): boolean {
  const text = line.trim();
  return /^\p{Lu}[\p{L}\p{N}.&+-]*(?:\s+[\p{Lu}\p{N}][\p{L}\p{N}.&+-]*){0,3}$/u.test(text) && !/[.:]$/.test(text);
}

/** Whether three or more names start at this line, one to a line. */
function isNameRun(lines: string[], from: number, isCodeLine: boolean[]): boolean {
  for (let i = from; i < from + MIN_NAME_RUN; i++) if (i >= lines.length || isCodeLine[i] || !isName(lines[i]!)) return false;
  return true;
}

/**
 * Which lines are code: by their own shape, lines that only look like a table's rows, then short
 * tokens between code lines (`drafts/` in an ignore file).
 */
function classifyCode(lines: string[]): boolean[] {
  const isCodeLine = lines.map(looksLikeCode);
  for (const [start, end] of rowLikeRuns(lines)) isCodeLine.fill(true, start, end);
  for (let changed = true, pass = 0; changed && pass < 4; pass++) {
    changed = false;
    lines.forEach((line, i) => {
      const text = line.trim();
      // "drafts/", "*.draft.mdx", "node_modules"; not a table header such as "Flag Description".
      const isToken =
        !isCodeLine[i] && text.split(/\s+/).length <= 2 && !/[.!?:]$/.test(text) && /[^\p{L}\s]|^\p{Ll}/u.test(text) && !STEP.test(line) && !BULLET.test(line);
      if (isToken && (isCodeLine[i - 1] || isCodeLine[i + 1])) {
        isCodeLine[i] = true;
        changed = true;
      }
    });
  }
  return isCodeLine;
}

/**
 * Runs of two or more lines with the same number of " | " cells but no outer pipes ("TXT |
 * _acme-challenge.<your-domain> | <value>"): deployment writes a table's rows with outer pipes, so these
 * came from a code block, and read as one.
 */
function rowLikeRuns(lines: string[]): [number, number][] {
  const cells = (line: string) => (hasCells(line) && !isTableRowText(line.trim()) ? line.split(' | ').length : 0);
  const runs: [number, number][] = [];
  for (let start = 0; start < lines.length; ) {
    let end = start + 1;
    while (cells(lines[start]!) > 0 && end < lines.length && cells(lines[end]!) === cells(lines[start]!)) end++;
    if (end - start >= 2) runs.push([start, end]);
    start = end;
  }
  return runs;
}

function looksLikeCode(line: string): boolean {
  if (STEP.test(line) || BULLET.test(line)) return false;
  // Deployment keeps the indentation of code only: prose lines start at the margin.
  if (/^\s{2,}\S/.test(line)) return true;
  const text = line.trim();
  const words = text.split(/\s+/).length;
  // `description: "Reference material we keep."` is frontmatter, though it reads like a sentence.
  if (YAML_KEY.test(text) && /^[\w-]+:\s*["'[{]/.test(text)) return true;
  const isProse = (/[.!?:]$/.test(text) && words >= 5) || /^\p{Lu}\p{Ll}+(?:\s+\p{Ll}+){3,}/u.test(text);
  if (isProse) return false;
  return (COMMAND.test(text) && words <= 14) || CODE_SHAPE.test(text) || (YAML_KEY.test(text) && words <= 6);
}

/** A line said twice in a row is an image's alt text and caption: neither helps an answer. */
function dropRepeatedLines(lines: string[]): string[] {
  return lines.filter((line, i) => line.trim() === '' || (line !== lines[i - 1] && line !== lines[i + 1]));
}

/** Prose hard-wrapped in the source continues on a line starting in lower case. */
function joinWrappedLines(lines: string[]): string[] {
  const out: string[] = [];
  for (const line of lines) {
    const previous = out.at(-1);
    // A table's rows stay apart.
    const continues =
      previous !== undefined &&
      previous.length >= 50 &&
      /^[a-z]/.test(line) &&
      /[\p{L},]$/u.test(previous) &&
      !/^\s/.test(previous) &&
      !hasCells(previous) &&
      !hasCells(line);
    if (continues && !looksLikeCode(previous) && !looksLikeCode(line)) out[out.length - 1] = `${previous} ${line}`;
    else out.push(line);
  }
  return out;
}

function dedent(lines: string[]): string[] {
  const indent = Math.min(...lines.map((l) => /^\s*/.exec(l)![0].length));
  return lines.map((l) => l.slice(indent));
}

/** A paragraph's sentences; short lines (table rows, labels) stay whole. */
function sentences(line: string): string[] {
  const text = line.trim();
  if (text.length <= MAX_SENTENCE_LINE) return [text];
  return text.split(/(?<=[.!?])\s+(?=["'(\p{Lu}\d-])/u).filter(Boolean);
}
