import type { Section } from '../mintlify/mdx/parse-page.ts';
import { isTableRowText } from '../mintlify/mdx/table-rows.ts';

export interface ChunkDraft {
  position: number;
  anchor: string;
  heading: string;
  content: string;
}

/** Chunks stay under this many characters; a longer section is cut at line breaks. */
export const MAX_CHUNK_CHARS = 1500;

/**
 * A page's chunks: one per section (the text under one heading, keeping its anchor), longer sections
 * cut into several chunks that share the anchor. Sections without text (a heading directly followed by
 * a sub-heading) give no chunk.
 */
export function chunkSections(sections: Section[]): ChunkDraft[] {
  const chunks: ChunkDraft[] = [];
  for (const section of sections) {
    for (const content of splitText(section.text, MAX_CHUNK_CHARS)) {
      chunks.push({ position: chunks.length, anchor: section.anchor, heading: section.heading, content });
    }
  }
  return chunks;
}

function splitText(text: string, max: number): string[] {
  const trimmed = pieceText([text]);
  if (trimmed === '') return [];
  if (trimmed.length <= max) return [trimmed];
  const pieces: string[] = [];
  let lines: string[] = [];
  let length = 0;
  // The header of the table the text is in (its first row), while it is in one.
  let tableHeader: string | undefined;
  let previous = '';
  for (const line of trimmed.split('\n')) {
    const parts = line.length > max ? (line.match(new RegExp(`[\\s\\S]{1,${max}}`, 'g')) ?? []) : [line];
    for (const part of parts) {
      tableHeader = !isTableRowText(part) ? undefined : isTableRowText(previous) ? tableHeader : part;
      previous = part;
      if (length + part.length + 1 > max && lines.join('').trim() !== '') {
        const carried = lines.splice(lines.length - carriedLines(lines, part, max));
        pieces.push(pieceText(lines));
        // A table longer than a chunk goes on under its header again, so that its rows still say what their cells are.
        lines = tableHeader !== undefined && tableHeader !== part && !carried.includes(tableHeader) ? [tableHeader, ...carried] : carried;
        length = lines.reduce((sum, kept) => sum + kept.length + 1, 0);
      }
      lines.push(part);
      length += part.length + 1;
    }
  }
  if (lines.join('').trim() !== '') pieces.push(pieceText(lines));
  return pieces;
}

/** A chunk's lines without blank lines around them; a line of code keeps its indentation, also at a chunk's start. */
function pieceText(lines: string[]): string {
  return lines
    .join('\n')
    .replace(/^(?:[ \t]*\n)+/, '')
    .trimEnd();
}

/**
 * How many of the last lines go on to the next chunk with `next`: a table the cut would break (with the
 * line introducing it), so that its rows stay under its header; else a field's name ("hideFooterPagination")
 * or a line introducing what follows ("Options:"), which goes with the text it names.
 */
function carriedLines(lines: string[], next: string, max: number): number {
  let count = 0;
  if (isTableRowText(next)) while (count < lines.length - 1 && isTableRowText(lines[lines.length - 1 - count]!)) count++;
  if (count < lines.length - 1 && isLabel(lines[lines.length - 1 - count]!)) count++;
  const length = lines.slice(lines.length - count).reduce((sum, line) => sum + line.length + 1, 0);
  return length + next.length + 1 <= max ? count : 0;
}

/** A short line that is not a sentence of its own: a name, a title, or an introduction ending in a colon. */
function isLabel(line: string): boolean {
  const text = line.trim();
  return text !== '' && text.length <= LABEL_CHARS && !/[.!?]$/.test(text);
}

const LABEL_CHARS = 80;
