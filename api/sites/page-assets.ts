import { KATEX_STYLESHEET_PATH, PLAYGROUND_SCRIPT_PATH, SITE_SCRIPT_PATH } from '../http/file-routes.ts';
import { escapeHtml } from '../http/html.ts';

/** Markup the site script acts on (api/render/components/, site-script/): tabs, code blocks' copy buttons, tooltips, diagrams… */
const INTERACTIVE = /class="(?:code-block|tabs|code-group|view|tooltip|color-item|prompt|diagram)[ "]|<details[ >]/;

/**
 * What a page loads beyond the widget, only when its body needs it: the site script (tabs, copying,
 * tooltips, diagrams; a dismissible banner's close button), the API playground's script, KaTeX's
 * stylesheet for a page with formulas (rendered at deploy time), and its RSS feed's address for a page
 * of Update entries.
 */
export function pageAssets(html: string, options: { hasDismissibleBanner: boolean; feedHref?: string; title: string }): string {
  const tags = [
    html.includes('class="katex') ? `<link rel="stylesheet" href="${KATEX_STYLESHEET_PATH}">` : '',
    INTERACTIVE.test(html) || options.hasDismissibleBanner ? `<script type="module" src="${SITE_SCRIPT_PATH}"></script>` : '',
    // An API page's interactive playground (api/sites/endpoint/playground-html.ts).
    html.includes('<form class="api-playground"') ? `<script type="module" src="${PLAYGROUND_SCRIPT_PATH}"></script>` : '',
    options.feedHref ? `<link rel="alternate" type="application/rss+xml" title="${escapeHtml(options.title)}" href="${escapeHtml(options.feedHref)}">` : '',
  ];
  return tags.filter(Boolean).join('\n');
}

/** Whether a page body has Update entries, and so an RSS feed (api/sites/rss-feed.ts). */
export const hasUpdates = (html: string) => html.includes('<section class="update"');

/** Where a page's feed is served: its address with `/rss.xml` after it, as Mintlify serves it (`/changelog/rss.xml`). */
export const feedPath = (route: string) => `${route === '/' ? '' : route}/rss.xml`;
