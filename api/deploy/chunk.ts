import type { Section } from './mdx/parse-page.ts';

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
  const trimmed = text.trim();
  if (trimmed === '') return [];
  if (trimmed.length <= max) return [trimmed];
  const pieces: string[] = [];
  let lines: string[] = [];
  let length = 0;
  for (const line of trimmed.split('\n')) {
    const parts = line.length > max ? (line.match(new RegExp(`[\\s\\S]{1,${max}}`, 'g')) ?? []) : [line];
    for (const part of parts) {
      if (length + part.length + 1 > max && lines.join('').trim() !== '') {
        // A field's name ("hideFooterPagination") or a line introducing what follows ("Options:") goes
        // with the text it names, not at the end of the chunk before it.
        const last = lines[lines.length - 1]!;
        const carried = lines.length > 1 && isLabel(last) && last.length + part.length + 2 <= max ? lines.splice(-1) : [];
        pieces.push(lines.join('\n').trim());
        lines = carried;
        length = carried.reduce((sum, kept) => sum + kept.length + 1, 0);
      }
      lines.push(part);
      length += part.length + 1;
    }
  }
  if (lines.join('').trim() !== '') pieces.push(lines.join('\n').trim());
  return pieces;
}

/** A short line that is not a sentence of its own: a name, a title, or an introduction ending in a colon. */
function isLabel(line: string): boolean {
  const text = line.trim();
  return text !== '' && text.length <= LABEL_CHARS && !/[.!?]$/.test(text);
}

const LABEL_CHARS = 80;
