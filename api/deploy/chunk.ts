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
  let current = '';
  for (const line of trimmed.split('\n')) {
    const parts = line.length > max ? (line.match(new RegExp(`[\\s\\S]{1,${max}}`, 'g')) ?? []) : [line];
    for (const part of parts) {
      if (current.length + part.length + 1 > max && current.trim() !== '') {
        pieces.push(current.trim());
        current = '';
      }
      current += `${part}\n`;
    }
  }
  if (current.trim() !== '') pieces.push(current.trim());
  return pieces;
}
