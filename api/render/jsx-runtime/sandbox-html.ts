import { closeComponent, openComponent } from '../components.ts';
import { sanitizeRawHtml } from '../raw-html.ts';

/** Components that sit in a line of text (the others are blocks), when a page's component renders one. */
const INLINE = new Set(['Badge', 'Icon', 'Tooltip', 'Kbd', 'Latex', 'Color']);

/**
 * What a page's component rendered in the sandbox, made part of the page: every element through the
 * allow-list (raw-html.ts), as if the page had written it, and Mintlify's components it used (written as
 * `<folio-component data-name data-props>` placeholders) rendered by Folio's components. Children the host
 * passed in (`<folio-html>`) were made safe before; they pass again unchanged.
 */
export function sandboxHtml(html: string, isBlock: boolean): string {
  return sanitizeRawHtml(html, (name, attributes) => {
    if (name === 'folio-html') return { open: '', close: '' };
    if (name !== 'folio-component') return undefined;
    const tag = { name: attributes['data-name'] ?? '', attributes: parseProps(attributes['data-props']), expressions: {} };
    const isInline = !isBlock || INLINE.has(tag.name);
    return { open: openComponent(tag, !isInline), close: () => closeComponent(tag, !isInline) };
  });
}

function parseProps(json: string | undefined): Record<string, string> {
  try {
    const props = JSON.parse(json ?? '{}') as Record<string, unknown>;
    return Object.fromEntries(Object.entries(props).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
  } catch {
    return {};
  }
}
