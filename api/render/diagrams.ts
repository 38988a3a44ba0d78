import { escapeHtml } from '../http/html.ts';

/**
 * A ```` ```mermaid ```` block: its source in a `<pre class="mermaid">`, readable as it is without
 * script, which the site script hands to mermaid's own build (served by Folio, loaded only on pages that
 * have a diagram) to draw in place.
 */
export function renderDiagram(source: string): string {
  return `<div class="diagram"><pre class="mermaid" tabindex="0">${escapeHtml(source)}</pre></div>\n`;
}
