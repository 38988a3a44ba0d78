import { lookupTable } from '../lookup-table.ts';
import type { ComponentTag } from './components/attributes.ts';
import { CALLOUTS } from './components/callouts.ts';
import { CARDS } from './components/cards.ts';
import { DISCLOSURE } from './components/disclosure.ts';
import { FIELD_COMPONENTS } from './components/fields.ts';
import { INLINE_COMPONENTS } from './components/inline.ts';
import { MEDIA } from './components/media.ts';
import type { Rendering } from './components/rendering.ts';
import { STEPS } from './components/steps.ts';
import { TABS } from './components/tabs.ts';
import { renderContext } from './render-context.ts';

export type { ComponentTag } from './components/attributes.ts';

/**
 * How Mintlify's components render (one file per family in components/): complete, readable HTML
 * without script, which the site script (site-script/) makes interactive where Mintlify's are (tabs,
 * code groups, views, copying, tooltips). Attribute values are text, escaped; links go through the
 * site's link policy; icons are inline SVG from the installed Iconify sets. A component not listed renders
 * its children in a plain `<div>` (block) or `<span>` (inline): its text, never a broken page.
 */
const COMPONENTS = lookupTable<Rendering>({
  ...CALLOUTS,
  ...CARDS,
  ...TABS,
  ...DISCLOSURE,
  ...FIELD_COMPONENTS,
  ...INLINE_COMPONENTS,
  ...MEDIA,
  ...STEPS,
  // Content for the other audience was left out by the parser (mdx-syntax.ts); this is the page's own.
  Visibility: { open: () => '', close: () => '' },
});

/** Whether the renderer has a rendering of its own for a component (api/mintlify/components.ts lists Mintlify's). */
export const hasRendering = (name: string) => COMPONENTS[name] !== undefined;

/** HTML elements read as containers (mdx-syntax.ts) keep their element, without attributes; these become a `<div>`. */
const AS_DIV = new Set(['center', 'section', 'article', 'aside', 'main', 'header', 'footer', 'p']);
const htmlElement = (name: string) => (AS_DIV.has(name) ? 'div' : name);
/** Whether a tag is an HTML element rather than a component. */
export const isHtmlElement = (tag: ComponentTag) => /^[a-z]/.test(tag.name);

export function openComponent(tag: ComponentTag, isBlock: boolean): string {
  if (isHtmlElement(tag)) return `<${htmlElement(tag.name)}${tag.name === 'details' && tag.attributes.open !== undefined ? ' open' : ''}>`;
  const frame = { name: tag.name, attributes: tag.attributes, data: {} };
  renderContext().stack.push(frame);
  const rendering = COMPONENTS[tag.name];
  if (rendering) return rendering.open(tag, frame, isBlock);
  return isBlock ? '<div class="component">' : '<span class="component">';
}

export function closeComponent(tag: ComponentTag, isBlock: boolean): string {
  if (isHtmlElement(tag)) return `</${htmlElement(tag.name)}>`;
  const stack = renderContext().stack;
  const at = stack.findLastIndex((open) => open.name === tag.name);
  const frame = at < 0 ? { name: tag.name, attributes: tag.attributes, data: {} } : stack.splice(at)[0]!;
  const rendering = COMPONENTS[tag.name];
  if (rendering) return rendering.close(tag, frame, isBlock);
  return isBlock ? '</div>' : '</span>';
}

/** A self-closing component: a card or field without a body, a callout with nothing in it, an icon, a formula. */
export function selfClosingComponent(tag: ComponentTag, isBlock: boolean): string {
  const self = COMPONENTS[tag.name]?.self;
  if (self) return self(tag, isBlock);
  return `${openComponent(tag, isBlock)}${closeComponent(tag, isBlock)}`;
}
