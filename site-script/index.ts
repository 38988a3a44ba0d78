/**
 * The site's own script, loaded by pages that have something to make interactive (api/sites/page-assets.ts):
 * tabs and code groups, views, copying, tooltips' Escape, the banner's close button, links into hidden
 * content, and mermaid diagrams. Every page is complete without it.
 */
import { enhanceCopying } from './copy.ts';
import { drawDiagrams } from './diagrams.ts';
import { enhanceBanner, enhanceTooltips } from './dismiss.ts';
import { revealTargets } from './reveal.ts';
import { enhanceTabs } from './tabs.ts';
import { enhanceViews } from './views.ts';

enhanceBanner();
enhanceTabs();
enhanceViews();
enhanceCopying();
enhanceTooltips();
revealTargets();
// mermaid's build sits beside the loader (api/http/file-routes.ts): /widget/site.js and /widget/vendor/.
drawDiagrams(new URL('/widget/vendor/mermaid.min.js', location.href)).catch(() => {
  // The diagrams stay as their source.
});
