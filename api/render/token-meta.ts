import type { Token } from 'markdown-it';
import type { Tag } from '../mintlify/mdx/jsx-tags.ts';
import type { ComponentTag } from './components/attributes.ts';
import type { InlineTag } from './raw-html.ts';

/** A token, or the part of one these read and write. */
type WithMeta = { meta: Token['meta'] };

/**
 * What Folio's markdown-it rules keep in a token's `meta`, the slot markdown-it leaves to a rule's own
 * data: a component or JSX element token holds its tag (mdx-syntax.ts, math-syntax.ts), a raw inline
 * HTML token its InlineTag (markdown.ts). markdown-it types the slot as a loose record, which these
 * interfaces are not (they have no index signature); the casts to and from it live here only, and each
 * reader below is called only on the tokens whose rule wrote that kind.
 */
export function setTokenMeta(token: WithMeta, meta: Tag | ComponentTag | InlineTag): void {
  token.meta = meta as unknown as Token['meta'];
}

/** The tag of a `component_*` token (a JSX or HTML element, or a math formula). */
export function tagOf(token: WithMeta): Tag {
  return token.meta as unknown as Tag;
}

/** The tag of a token that may hold none (a token of markdown-it's own rules holds null). */
export function tagIfAny(token: WithMeta): Tag | undefined {
  return (token.meta ?? undefined) as unknown as Tag | undefined;
}

/** The InlineTag markdown.ts gave a raw inline HTML token, if it gave one yet. */
export function inlineTagOf(token: WithMeta): InlineTag | undefined {
  return (token.meta ?? undefined) as unknown as InlineTag | undefined;
}
