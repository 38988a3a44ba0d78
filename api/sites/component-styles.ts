import type { SiteLayout } from './site-layout.ts';

/**
 * The colours components use beyond the theme's own, per theme: [light, dark]. Each text colour meets
 * 4.5:1 on the background it is shown on in its theme (axe checks it): a badge's text on its tint, a
 * callout's text (the theme's) on its tint, the flags of a field on the page.
 */
const PALETTE: Record<string, [string, string]> = {
  'badge-gray-bg': ['#eef0f3', '#262a31'],
  'badge-gray-fg': ['#3f4650', '#d0d5dc'],
  'badge-blue-bg': ['#e8f0fe', '#132446'],
  'badge-blue-fg': ['#1d4ed8', '#93c5fd'],
  'badge-green-bg': ['#e3f6ea', '#0f2a1a'],
  'badge-green-fg': ['#166534', '#86efac'],
  'badge-yellow-bg': ['#fdf5d3', '#2d2510'],
  'badge-yellow-fg': ['#854d0e', '#fde68a'],
  'badge-orange-bg': ['#ffedd5', '#33200e'],
  'badge-orange-fg': ['#9a3412', '#fdba74'],
  'badge-red-bg': ['#fee4e2', '#3a1414'],
  'badge-red-fg': ['#b42318', '#fca5a5'],
  'badge-purple-bg': ['#f1e8ff', '#2a1845'],
  'badge-purple-fg': ['#6b21a8', '#d8b4fe'],
  danger: ['#b42318', '#ff8a80'],
  caution: ['#9a3412', '#fdba74'],
  'note-tint': ['#f2f7ff', '#0f1d33'],
  'note-icon': ['#2563eb', '#60a5fa'],
  'warning-tint': ['#fff8e6', '#2a2110'],
  'warning-icon': ['#d97706', '#fbbf24'],
  'info-tint': ['#f5f7f9', '#181b21'],
  'info-icon': ['#4f5661', '#a4abb6'],
  'tip-tint': ['#effbf3', '#0e2418'],
  'tip-icon': ['#16a34a', '#4ade80'],
  'danger-tint': ['#fef5f5', '#2d1214'],
  'danger-icon': ['#dc2626', '#f87171'],
};

const variables = (theme: 0 | 1) =>
  Object.entries(PALETTE)
    .map(([name, colors]) => `--${name}:${colors[theme]};`)
    .join('');

/** CSS for one theme or both, as the site's appearance says (site-styles.ts writes its own variables the same way). */
function themed(appearance: SiteLayout['appearance'], light: string, dark: string): string {
  if (appearance === 'light') return light;
  if (appearance === 'dark') return dark;
  return `${light}@media (prefers-color-scheme:dark){${dark}}`;
}

/** The components' stylesheet (api/render/components/), part of the site's (site-styles.ts). */
export function componentStyles(appearance: SiteLayout['appearance']): string {
  const theme = themed(
    appearance,
    `:root{${variables(0)}}.color-swatch{background:var(--swatch-light)}.site-banner{background:var(--banner-light)}.color-value-dark{display:none}`,
    `:root{${variables(1)}}.color-swatch{background:var(--swatch-dark)}.site-banner{background:var(--banner-dark)}.color-value-light{display:none}.color-value-dark{display:inline}`,
  );
  return theme + COMPONENTS;
}

const BADGE_COLORS = ['gray', 'blue', 'green', 'yellow', 'orange', 'red', 'purple']
  .map((color) => `.badge-${color}{--b-bg:var(--badge-${color}-bg);--b-fg:var(--badge-${color}-fg)}`)
  .join('');

const COMPONENTS = `
[hidden]{display:none!important}
.site-banner{display:flex;align-items:center;justify-content:center;gap:.75rem;padding:.45rem 3rem;color:#fff;font-size:.92rem;text-align:center;position:relative}
.site-banner p{margin:0}.site-banner a{color:#fff;text-decoration:underline}
.site-banner-close{position:absolute;right:.75rem;top:50%;transform:translateY(-50%);font:inherit;line-height:1;background:none;border:1px solid transparent;border-radius:6px;color:#fff;cursor:pointer;padding:.2rem .45rem}
.site-banner-close:focus-visible{outline:2px solid #fff}
.rss-link{display:inline-flex;align-items:center;gap:.3rem;font-size:.9rem}
svg.icon{display:inline-block;vertical-align:-.125em;flex:none}img.icon{width:1em;height:1em;vertical-align:-.125em}
.icon-block{margin:1rem 0}
.callout{display:flex;gap:.7rem;margin:1.2rem 0;padding:.8rem 1rem;border:1px solid var(--border);border-left:4px solid var(--callout-icon,var(--accent));border-radius:8px;background:var(--callout-tint,var(--surface))}
span.callout{display:inline-flex;margin:0;padding:.1rem .4rem}
.callout-icon{flex:none;color:var(--callout-icon,var(--accent));line-height:1.65}
.callout-body{flex:1;min-width:0}
.callout-body>:first-child{margin-top:0}.callout-body>:last-child{margin-bottom:0}
.callout-label{margin:0 0 .2rem;font-weight:650}
.callout-note{--callout-tint:var(--note-tint);--callout-icon:var(--note-icon)}
.callout-info,.callout-callout{--callout-tint:var(--info-tint);--callout-icon:var(--info-icon)}
.callout-warning,.callout-banner{--callout-tint:var(--warning-tint);--callout-icon:var(--warning-icon)}
.callout-tip,.callout-check{--callout-tint:var(--tip-tint);--callout-icon:var(--tip-icon)}
.callout-danger{--callout-tint:var(--danger-tint);--callout-icon:var(--danger-icon)}
.callout[style]{--callout-icon:var(--callout-color);background:color-mix(in srgb,var(--callout-color) 7%,var(--bg))}
.card-group{display:grid;grid-template-columns:repeat(2,minmax(0,1fr));gap:1rem;margin:1.2rem 0}
.card-group[data-cols="1"]{grid-template-columns:1fr}.card-group[data-cols="3"]{grid-template-columns:repeat(3,minmax(0,1fr))}.card-group[data-cols="4"]{grid-template-columns:repeat(4,minmax(0,1fr))}
.column>:first-child{margin-top:0}.column>:last-child{margin-bottom:0}
.card{position:relative;display:block;padding:1rem 1.1rem;border:1px solid var(--border);border-radius:12px;margin:1rem 0;overflow:hidden}
.card-group>.card,.card-group>.tile{margin:0}
.card:has(.card-link):hover,.tile:has(.card-link):hover{border-color:var(--accent)}
.card-link{color:var(--text);text-decoration:none}
.card-link::after{content:"";position:absolute;inset:0;z-index:1}
.card-link:focus-visible{outline:none}
.card:has(.card-link:focus-visible),.tile:has(.card-link:focus-visible){outline:2px solid var(--accent);outline-offset:2px}
.card-text a:not(.card-link),.card-text summary,.card-text button{position:relative;z-index:2}
.card-icon{display:flex;color:var(--accent);font-size:1.3rem;margin-bottom:.5rem}
.card-horizontal{display:flex;gap:.8rem;align-items:flex-start}.card-horizontal .card-icon{margin:0}
.card-title{margin:0 0 .3rem;font-weight:650}
.card-text{min-width:0}.card-text>:last-child{margin-bottom:0}
.card-image{display:block;width:calc(100% + 2.2rem);max-width:none;margin:-1rem -1.1rem .9rem}
.card-cta{display:flex;align-items:center;gap:.3rem;margin:.6rem 0 0;font-weight:600;color:var(--accent)}
.card-note{background:var(--note-tint)}.card-note .card-icon{color:var(--note-icon)}
.card-warning{background:var(--warning-tint)}.card-warning .card-icon{color:var(--warning-icon)}
.card-info{background:var(--info-tint)}.card-info .card-icon{color:var(--info-icon)}
.card-tip,.card-check{background:var(--tip-tint)}.card-tip .card-icon,.card-check .card-icon{color:var(--tip-icon)}
.card-danger{background:var(--danger-tint)}.card-danger .card-icon{color:var(--danger-icon)}
.tile{position:relative;border:1px solid var(--border);border-radius:12px;overflow:hidden;margin:1rem 0}
.tile-preview{display:flex;align-items:center;justify-content:center;min-height:8rem;background:var(--surface);background-image:radial-gradient(var(--border) 1px,transparent 1px);background-size:14px 14px}
.tile-preview>*{margin:0}.tile-preview img{display:block;max-height:12rem}
.tile-title{margin:.6rem .9rem 0;font-weight:650}.tile-description{margin:.1rem .9rem .8rem;color:var(--muted);font-size:.9rem}
.panel{border:1px solid var(--border);border-radius:12px;padding:.2rem 1rem;margin:1.2rem 0}
.github-repo{display:grid;grid-template-columns:auto minmax(0,1fr);column-gap:.8rem;align-items:center;border:1px solid var(--border);border-radius:12px;padding:.9rem 1rem;margin:1.2rem 0}
.github-repo-inset{background:var(--surface)}.github-repo-flat{padding:.6rem .8rem}
.github-repo-icon{grid-row:span 2;font-size:1.6rem;display:flex}
.github-repo-name{margin:0;font-weight:650}.github-repo-name a{color:var(--text)}
.github-repo-host{margin:0;color:var(--muted);font-size:.85rem}
.steps{list-style:none;margin:1.2rem 0;padding:0}
.step{position:relative;padding:0 0 1.2rem 2.6rem;margin-left:.9rem;border-left:1px solid var(--border)}
.steps>.step:last-child{border-left-color:transparent}
.step::before,.step-icon{position:absolute;left:-.9rem;top:0;width:1.8rem;height:1.8rem;display:flex;align-items:center;justify-content:center;border-radius:50%;background:var(--surface);border:1px solid var(--border);font-size:.85rem;font-weight:650}
.steps>.step::before{content:counter(list-item)}
.step-with-icon::before,div.step::before{content:none}
.step-title{margin:0 0 .3rem;font-size:1rem;font-weight:650;line-height:1.8rem}
h2.step-title{font-size:1.3rem}h3.step-title{font-size:1.15rem}
.step>:last-child{margin-bottom:0}
.tabs{margin:1rem 0}
.tab,.view{border:1px solid var(--border);border-radius:8px;padding:.6rem 1rem;margin:.6rem 0}
.tab-title,.view-title{display:flex;align-items:center;gap:.4rem;margin:0 0 .3rem;font-weight:650;color:var(--muted);font-size:.9rem}
.tab>:last-child,.view>:last-child{margin-bottom:0}
.tabs[data-border]{border-bottom:1px solid var(--border);padding-bottom:.6rem}
.tab-list{display:flex;gap:.2rem;overflow-x:auto;border-bottom:1px solid var(--border)}
.tab-list [role="tab"]{display:inline-flex;align-items:center;gap:.4rem;font:inherit;font-size:.92rem;background:none;border:0;border-bottom:2px solid transparent;padding:.45rem .75rem;color:var(--muted);cursor:pointer;white-space:nowrap}
.tab-list [role="tab"][aria-selected="true"]{color:var(--text);border-bottom-color:var(--accent);font-weight:600}
.tab-list [role="tab"]:focus-visible{outline:2px solid var(--accent);outline-offset:-2px}
.tabs[data-enhanced]>.tab{border:0;border-radius:0;padding:.8rem 0 0;margin:0}
.tabs[data-enhanced]>.tab>.tab-title,.code-group[data-enhanced] .code-title,.view[data-enhanced]>.view-title{display:none}
.code-group{margin:1rem 0}
.code-group[data-enhanced]{border:1px solid var(--border);border-radius:8px;overflow:hidden}
.code-group[data-enhanced]>.tab-list,.code-group[data-enhanced]>.code-switch{background:var(--surface)}
.code-group[data-enhanced] .code-block{margin:0}.code-group[data-enhanced] pre{border:0;border-radius:0}
.code-switch,.view-switch{display:flex;align-items:center;gap:.5rem;padding:.35rem .6rem;font-size:.9rem;color:var(--muted)}
.code-switch select,.view-switch select{font:inherit;color:var(--text);background:var(--bg);border:1px solid var(--border);border-radius:6px;padding:.15rem .4rem}
.view-switch{padding:0;margin:1rem 0}
.view[data-enhanced]{border:0;padding:0}
.code-block{position:relative}
.copy-button{position:absolute;top:.3rem;right:.3rem;z-index:1;font:inherit;font-size:.78rem;line-height:1.4;padding:.1rem .5rem;border:1px solid var(--border);border-radius:6px;background:var(--bg);color:var(--muted);cursor:pointer}
.copy-button:focus-visible,.prompt-actions button:focus-visible,.color-swatch:focus-visible{outline:2px solid var(--accent);outline-offset:2px}
.accordion{border:1px solid var(--border);border-radius:8px;margin:.6rem 0;padding:.5rem 1rem}
.accordion>summary{cursor:pointer;font-weight:600}
.accordion>summary .icon{margin-right:.4rem;color:var(--muted)}
.accordion-description{display:block;color:var(--muted);font-weight:400;font-size:.9rem}
.accordion-body{padding-top:.4rem}.accordion-body>:last-child{margin-bottom:0}
.accordion-group>.accordion{margin:0;border-radius:0}.accordion-group>.accordion+.accordion{border-top:0}
.accordion-group>.accordion:first-child{border-radius:8px 8px 0 0}.accordion-group>.accordion:last-child{border-radius:0 0 8px 8px}
.accordion-group{margin:1rem 0}
.expandable{margin:.5rem 0}
.expandable>summary{display:inline-block;cursor:pointer;color:var(--muted);font-size:.88rem;border:1px solid var(--border);border-radius:999px;padding:.05rem .75rem}
.expandable-hide,.expandable[open]>summary .expandable-show{display:none}.expandable[open]>summary .expandable-hide{display:inline}
.expandable-body{border:1px solid var(--border);border-radius:8px;padding:0 1rem;margin-top:.4rem}
.expandable-body>.field:last-child{border-bottom:0}
.field{border-bottom:1px solid var(--border);padding:.7rem 0;scroll-margin-top:4.5rem}
.field-head{display:flex;flex-wrap:wrap;align-items:baseline;gap:.25rem .5rem;margin:0 0 .25rem}
.field-name{font-weight:650;background:none;padding:0;color:var(--text)}
.field-anchor{text-decoration:none;color:var(--muted);opacity:.5;margin-left:-.3rem}.field-anchor::before{content:"#"}
.field-location,.field-type,.field-default{color:var(--muted);font-size:.86rem}
.field-pill{font-size:.78rem;border:1px solid var(--border);border-radius:6px;padding:0 .35rem;color:var(--muted)}
.field-required{color:var(--danger);font-size:.82rem;font-weight:600}
.field-deprecated{color:var(--caution);font-size:.82rem;font-weight:600;text-decoration:line-through}
.field-body>:last-child{margin-bottom:0}
.update{display:grid;grid-template-columns:11rem minmax(0,1fr);gap:1.5rem;margin:2.5rem 0;scroll-margin-top:4.5rem}
.update-label{margin:0;font-weight:650}.update-label a{color:var(--text);text-decoration:none}
.update-description{margin:.2rem 0 0;color:var(--muted);font-size:.9rem}
.update-tags{list-style:none;margin:.5rem 0 0;padding:0;display:flex;flex-wrap:wrap;gap:.3rem}
.update-body>:first-child{margin-top:0}
.badge{display:inline-flex;align-items:center;gap:.25rem;border:1px solid transparent;border-radius:6px;padding:0 .5rem;font-size:.82rem;font-weight:550;line-height:1.6;vertical-align:middle;background:var(--b-bg,var(--badge-gray-bg));color:var(--b-fg,var(--badge-gray-fg))}
div.badge{margin:.2rem .3rem .2rem 0}.badge>p{margin:0}
${BADGE_COLORS}
.badge-white{--b-bg:var(--bg);--b-fg:var(--text);border-color:var(--border)}
.badge-surface{--b-bg:var(--surface);--b-fg:var(--text)}
.badge-white-destructive{--b-bg:var(--bg);--b-fg:var(--danger);border-color:var(--border)}
.badge-surface-destructive{--b-bg:var(--surface);--b-fg:var(--danger)}
.badge-xs{font-size:.7rem;padding:0 .35rem}.badge-sm{font-size:.76rem;padding:0 .4rem}.badge-lg{font-size:.92rem;padding:.1rem .65rem}
.badge-pill{border-radius:999px}
.badge-stroke{background:transparent;border-color:currentColor}
.badge-disabled{border-style:dashed;border-color:currentColor;cursor:not-allowed}
.tooltip{position:relative}
.tooltip-term{border-bottom:1px dashed var(--muted);cursor:help}
.tooltip-term:focus-visible{outline:2px solid var(--accent);outline-offset:2px;border-radius:2px}
.tooltip-tip{display:none;position:absolute;left:0;bottom:calc(100% + .45rem);z-index:20;width:max-content;max-width:min(20rem,80vw);padding:.5rem .7rem;border-radius:8px;background:var(--text);color:var(--bg);font-size:.86rem;line-height:1.45;font-weight:400;text-align:left}
.tooltip-tip::after{content:"";position:absolute;left:0;right:0;top:100%;height:.5rem}
.tooltip:hover>.tooltip-tip,.tooltip:focus-within>.tooltip-tip{display:block}
.tooltip[data-dismissed]>.tooltip-tip{display:none}
.tooltip-headline{display:block}.tooltip-tip a{color:var(--bg);text-decoration:underline}
.frame{margin:1.2rem 0;padding:.5rem;border:1px solid var(--border);border-radius:12px;text-align:center}
.frame img{border-radius:8px}
.frame figcaption{color:var(--muted);font-size:.9rem;padding-top:.4rem}
.frame-hint{margin:1rem 0 .4rem;color:var(--muted)}
.color-palette{margin:1rem 0}
.color-items{list-style:none;margin:0;padding:0;display:grid;grid-template-columns:repeat(auto-fill,minmax(8.5rem,1fr));gap:.8rem}
.color-item{display:flex;flex-direction:column;gap:.15rem;font-size:.85rem;min-width:0}
.color-swatch{display:block;width:100%;height:3rem;border-radius:8px;border:1px solid var(--border);padding:0;cursor:pointer}
span.color-swatch{cursor:default}
.color-name{font-weight:600;overflow-wrap:anywhere}.color-value{background:none;padding:0;color:var(--muted);overflow-wrap:anywhere}
.color-table th{white-space:nowrap}.color-table td{min-width:16rem}
.prompt{border:1px solid var(--border);border-radius:12px;margin:1.2rem 0;overflow:hidden}
.prompt-head{display:flex;align-items:center;gap:.5rem;padding:.55rem 1rem;background:var(--surface);border-bottom:1px solid var(--border)}
.prompt-description{flex:1}
.prompt-actions{display:flex;gap:.4rem}
.prompt-actions button,.prompt-actions a{font:inherit;font-size:.82rem;padding:.1rem .6rem;border:1px solid var(--border);border-radius:6px;background:var(--bg);color:var(--text);cursor:pointer;text-decoration:none}
.prompt-body{padding:0 1rem}
.tree{margin:1rem 0;padding:.6rem .9rem;border:1px solid var(--border);border-radius:10px;font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:.88rem}
.tree ul{list-style:none;margin:0;padding-left:1.2rem}.tree>ul{padding-left:0}
.tree li{margin:.1rem 0}.tree summary{cursor:pointer}
.tree .icon{margin-right:.4rem;color:var(--muted)}
.tree-highlight>.tree-name,.tree-highlight>details>summary,.tree-highlight>.tree-label{color:var(--accent);font-weight:650}
.math-display{overflow-x:auto;overflow-y:hidden;margin:1rem 0}
.math-error{color:var(--danger)}
.diagram{margin:1.2rem 0}
.diagram pre.mermaid[data-processed]{background:none;text-align:center;white-space:normal}
@media (max-width:760px){.update{grid-template-columns:1fr;gap:.5rem}.card-group{grid-template-columns:1fr!important}}
`;
