import type { Token } from 'markdown-it';
import type { Tag } from '../mintlify/mdx/jsx-tags.ts';
import { tagOf } from './token-meta.ts';

const nameOf = (token: Token) => tagOf(token).name;

/**
 * Readies a page's tokens for writing: an element of the page's own components (`<QuickStartCard …>`,
 * defined by an `export const` or an imported snippet) becomes one `user_component` token holding the
 * tokens of its children, so that they are written first and handed to the component whole; an element
 * that shows nothing (`<script>`, `<style>`) is removed with its children. Block tokens pair by level,
 * inline ones by name (mdx-syntax.ts has balanced them).
 */
export function groupUserComponents(tokens: Token[], isUserComponent: (name: string) => boolean, isDropped: (tag: Tag) => boolean): Token[] {
  for (const token of tokens) {
    if (token.type === 'inline' && token.children) token.children = group(token.children, INLINE, isUserComponent, isDropped);
  }
  return group(tokens, BLOCK, isUserComponent, isDropped);
}

/** How elements are written at one level: their tokens' types, and where an open one closes. */
interface Level {
  open: string;
  self: string;
  isBlock: boolean;
  closingIndex(tokens: Token[], open: number): number;
}

const BLOCK: Level = { open: 'component_open', self: 'component_self', isBlock: true, closingIndex: blockClosingIndex };
const INLINE: Level = { open: 'component_inline_open', self: 'component_inline_self', isBlock: false, closingIndex: inlineClosingIndex };

function group(tokens: Token[], level: Level, isUserComponent: (name: string) => boolean, isDropped: (tag: Tag) => boolean): Token[] {
  const out: Token[] = [];
  for (let index = 0; index < tokens.length; index++) {
    const token = tokens[index]!;
    if (token.type !== level.open && token.type !== level.self) {
      out.push(token);
      continue;
    }
    const tag = tagOf(token);
    const end = token.type === level.open ? level.closingIndex(tokens, index) : index;
    if (isDropped(tag)) {
      index = end;
      continue;
    }
    if (!isUserComponent(tag.name)) {
      out.push(token);
      continue;
    }
    token.children = token.type === level.open ? group(tokens.slice(index + 1, end), level, isUserComponent, isDropped) : null;
    token.type = 'user_component';
    token.nesting = 0;
    token.block = level.isBlock;
    out.push(token);
    index = end;
  }
  return out;
}

/** The index of the `component_close` at the open token's level (the end of the list when there is none). */
function blockClosingIndex(tokens: Token[], open: number): number {
  const { level } = tokens[open]!;
  for (let index = open + 1; index < tokens.length; index++) {
    const token = tokens[index]!;
    if (token.type === 'component_close' && token.level === level) return index;
  }
  return tokens.length - 1;
}

/** The index of the close tag pairing with the inline open tag at `open`, counting same-named elements between. */
function inlineClosingIndex(children: Token[], open: number): number {
  const name = nameOf(children[open]!);
  let depth = 0;
  for (let index = open; index < children.length; index++) {
    const token = children[index]!;
    if (token.type === 'component_inline_open' && nameOf(token) === name) depth++;
    else if (token.type === 'component_inline_close' && nameOf(token) === name && --depth === 0) return index;
  }
  return children.length - 1;
}
