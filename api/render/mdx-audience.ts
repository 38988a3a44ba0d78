import type { Token } from 'markdown-it';
import { tagIfAny } from './token-meta.ts';

/**
 * Who reads what is made: people on the web page, or AI agents in the page's Markdown export.
 * `<Visibility for="agents">` content is left out of the web page and `for="humans"` out of the export.
 */
export type Audience = 'humans' | 'agents';

/** Drops `<Visibility>` components meant for the other audience, children and all; any other `for` is shown to both. */
export function keepAudience(tokens: Token[], audience: Audience): void {
  const isHidden = (token: Token) => {
    const tag = tagIfAny(token);
    const reader = tag?.name === 'Visibility' ? tag.attributes.for : undefined;
    return (reader === 'humans' || reader === 'agents') && reader !== audience;
  };
  let kept = 0;
  let leftOut: unknown; // the tag of the component being left out, which its closing token shares
  for (const token of tokens) {
    if (leftOut) {
      if (token.type === 'component_close' && token.meta === leftOut) leftOut = undefined;
      continue;
    }
    if ((token.type === 'component_open' || token.type === 'component_self') && isHidden(token)) {
      if (token.type === 'component_open') leftOut = token.meta;
      continue;
    }
    if (token.type === 'inline' && token.children) token.children = keepInlineAudience(token.children, isHidden);
    tokens[kept++] = token;
  }
  tokens.length = kept;
}

/** The same within a paragraph, where balanceInlineComponents has paired the tags. */
function keepInlineAudience(children: Token[], isHidden: (token: Token) => boolean): Token[] {
  const kept: Token[] = [];
  let depth = 0; // Visibility tags open inside the one being left out, itself included
  for (const child of children) {
    const isVisibility = tagIfAny(child)?.name === 'Visibility';
    if (depth > 0) {
      if (isVisibility && child.type === 'component_inline_open') depth++;
      else if (isVisibility && child.type === 'component_inline_close') depth--;
    } else if ((child.type === 'component_inline_open' || child.type === 'component_inline_self') && isHidden(child)) {
      if (child.type === 'component_inline_open') depth = 1;
    } else {
      kept.push(child);
    }
  }
  return kept;
}
