import katex from 'katex';
import { escapeHtml } from '../http/html.ts';

/** Longer formulas are shown as their source (KaTeX's time grows with them; no page needs more). */
const MAX_TEX_CHARS = 20_000;

/**
 * LaTeX as KaTeX's HTML, made at deploy time so readers run nothing: the visible formula (aria-hidden)
 * beside MathML that assistive technology reads. KaTeX's stylesheet and fonts are served by Folio
 * (api/http/file-routes.ts). `trust: false` keeps `\href`, `\htmlStyle` and the like out, and the
 * expansion limit bounds macro loops. A formula KaTeX cannot read shows its source, marked.
 */
export function renderMath(tex: string, isDisplay: boolean): string {
  const source = tex.trim();
  if (source.length <= MAX_TEX_CHARS) {
    try {
      const html = katex.renderToString(source, {
        displayMode: isDisplay,
        throwOnError: true,
        trust: false,
        strict: 'ignore',
        maxExpand: 1000,
        maxSize: 20,
        output: 'htmlAndMathml',
      });
      return isDisplay ? `<div class="math-display" tabindex="0">${html}</div>` : html;
    } catch {
      // Shown as its source, below.
    }
  }
  return `<code class="math-error" title="This formula could not be read">${escapeHtml(source)}</code>`;
}
