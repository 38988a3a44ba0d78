import type { Token } from 'markdown-it';
import { inlineText } from '../mintlify/mdx/inline-text.ts';
import { slugify, uniqueAnchor } from '../mintlify/mdx/anchors.ts';
import { tagOf } from './token-meta.ts';

/** A heading of the rendered page, for its table of contents. */
// A type, not an interface: page_renders stores the headings as JSON.
export type PageHeading = {
  level: number;
  text: string;
  anchor: string;
};

/** Search cuts pages into sections at h1 to h3 outside components (api/deploy/mdx/parse-page.ts). */
const SECTION_LEVELS = 3;

/**
 * Gives every heading an `id`. The headings search cuts sections at get exactly the anchors search
 * returns (the same text reading, `slugify` and numbering of repeats as parse-page.ts, anchors.ts), so a result's
 * `/page#anchor` lands on its heading; the others (h4 to h6, headings inside components) get anchors
 * that do not collide with those. Returns the section headings, in order.
 */
export function assignAnchors(tokens: Token[]): PageHeading[] {
  const sections: { token: Token; heading: PageHeading }[] = [];
  const others: { token: Token; text: string }[] = [];
  let depth = 0;
  for (let index = 0; index < tokens.length; index++) {
    const token = tokens[index]!;
    // Search reads HTML elements' children as the page's own text, and components' as theirs.
    if (token.type === 'component_open' && /^[A-Z]/.test(tagOf(token).name)) depth++;
    else if (token.type === 'component_close' && /^[A-Z]/.test(tagOf(token).name)) depth--;
    if (token.type !== 'heading_open') continue;
    const content = tokens[index + 1]?.content ?? '';
    const text = inlineText(content, () => undefined);
    const level = Number(token.tag.slice(1));
    if (depth === 0 && level <= SECTION_LEVELS) sections.push({ token, heading: { level, text, anchor: '' } });
    else others.push({ token, text });
  }
  const counts = new Map<string, number>();
  const used = new Set<string>();
  for (const { token, heading } of sections) {
    heading.anchor = uniqueAnchor(slugify(heading.text), counts);
    used.add(heading.anchor);
    if (heading.anchor) token.attrSet('id', heading.anchor);
  }
  for (const { token, text } of others) {
    const slug = slugify(text);
    if (!slug) continue;
    let anchor = slug;
    for (let n = 1; used.has(anchor); n++) anchor = `${slug}-${n}`;
    used.add(anchor);
    token.attrSet('id', anchor);
  }
  return sections.map((section) => section.heading);
}
