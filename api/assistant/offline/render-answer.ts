import { cellsOfTableRow } from '../../mintlify/mdx/table-rows.ts';
import { endsAtTopLevel, isTableRow, tableEndOf, type Block } from './passage.ts';
import type { RetrievedChunk } from './prompt-turn.ts';

export interface AnswerGroup {
  chunk: RetrievedChunk;
  /** In document order. */
  blocks: Block[];
}

/**
 * Markdown for the chosen blocks: sentences run together as paragraphs, code in fences, steps numbered,
 * and each group followed by a link to the page section it came from (relative, like Mintlify's).
 */
export function renderAnswer(groups: AnswerGroup[]): string {
  const parts: string[] = [];
  for (const group of groups) {
    const { chunk } = group;
    // Code is quoted as it is; elsewhere placeholders become code (see inlineCode).
    const blocks = joinCutCode(group.blocks).map((block) => (block.kind === 'code' ? block : { ...block, text: inlineCode(block.text) }));
    let paragraph: string[] = [];
    const flush = () => {
      if (paragraph.length > 0) parts.push(paragraph.join(' '));
      paragraph = [];
    };
    blocks.forEach((block, i) => {
      const previous = blocks[i - 1];
      if (isTableRow(block)) {
        flush();
        if (!isTableRow(previous)) parts.push(renderTable(blocks.slice(i, tableEndOf(blocks, i))));
        return;
      }
      if (block.kind === 'sentence') {
        paragraph.push(withEndMark(block.text));
        return;
      }
      flush();
      // Items of one bullet list stay one list.
      if (block.kind === 'bullets' && previous?.kind === 'bullets' && previous.paragraph === block.paragraph) parts[parts.length - 1] += `\n- ${block.text}`;
      else parts.push(renderBlock(block));
    });
    flush();
    parts.push(`Source: [${linkText(chunk.title)}](${chunk.path})`);
  }
  return parts.join('\n\n');
}

/**
 * Code blocks next to each other are one block cut where a long section was cut into chunks (a quote
 * reads on past the cut), unless the first closed at the top level ("}"): then they are two examples.
 */
function joinCutCode(blocks: Block[]): Block[] {
  const joined: Block[] = [];
  for (const block of blocks) {
    const previous = joined.at(-1);
    const isCut = previous?.kind === 'code' && block.kind === 'code' && block.position === previous.position + 1 && !endsAtTopLevel(previous.text);
    if (isCut) joined[joined.length - 1] = { ...previous, text: `${previous.text}\n${block.text}` };
    else joined.push(block);
  }
  return joined;
}

/**
 * A table under its header as a Markdown table; rows with no header quoted above them (a table cut
 * between chunks), one to a line.
 */
function renderTable(rows: Block[]): string {
  const header = rows[0]!;
  if (!header.isTableHeader || rows.length < 2) return rows.map((row) => `- ${row.text}`).join('\n');
  const cells = rows.map((row) => cellsOfTableRow(row.text));
  const width = Math.max(...cells.map((row) => row.length));
  // Without spaces around the pipes: "|Name|Value|" reads the same and is as many words as its cells.
  const line = (row: string[]) => `|${Array.from({ length: width }, (_, i) => row[i] || ' ').join('|')}|`;
  return [line(cells[0]!), line(Array(width).fill('---')), ...cells.slice(1).map(line)].join('\n');
}

function renderBlock(block: Block): string {
  const items = block.text.split('\n');
  if (block.kind === 'code') {
    // A longer fence keeps a code sample that itself shows ``` fences intact.
    const fence = block.text.includes('```') ? '````' : '```';
    return `${fence}\n${block.text}\n${fence}`;
  }
  if (block.kind === 'steps') {
    let number = 0;
    return items.map((item) => (item.startsWith('  - ') ? `   ${item.trim()}` : `${++number}. ${item}`)).join('\n');
  }
  return items.map((item) => `- ${item}`).join('\n');
}

/**
 * Placeholders and tags ("_acme-challenge.<your-domain>", "<img>") as code: the page showed them so
 * (deployment keeps a chunk's text plain), and as bare Markdown a client's HTML sanitiser would drop them.
 */
function inlineCode(text: string): string {
  return text.replace(/(?<![`\w.@/:-])[\w.@/:-]*<\/?[A-Za-z][^<>\n`]{0,60}>[\w.@/:-]*(?![`\w])/g, (code) => `\`${code}\``);
}

/** A heading-like line ("Create a SAML app in Okta") reads as a sentence once it ends with a stop. */
function withEndMark(text: string): string {
  return /[.!?:;)"'`*]$/.test(text) ? text : `${text}.`;
}

function linkText(title: string): string {
  return title.replace(/[[\]]/g, '');
}

export function wordCount(text: string): number {
  return text.split(/\s+/).filter(Boolean).length;
}
