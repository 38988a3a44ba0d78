import type { SiteLayout } from './site-layout.ts';
import { componentStyles } from './component-styles.ts';
import { ENDPOINT_STYLES } from './endpoint/endpoint-styles.ts';
import { BACKGROUNDS, SURFACES } from './theme-colors.ts';

/**
 * The site's stylesheet, inlined in every page (one request per page; the page is cached and
 * compressed whole). Light and dark follow `prefers-color-scheme` unless docs.json's appearance
 * fixes one. Every text colour meets 4.5:1 on its background (axe checks it in both themes); the
 * accent is docs.json's, adjusted to (theme-colors.ts). On a phone the page comes first and the sidebar
 * after it: there is no script to fold the navigation away.
 */
export function siteStyles(layout: SiteLayout): string {
  const light = `--bg:${BACKGROUNDS.light};--text:#1b1f24;--muted:#4f5661;--border:#d9dde3;--surface:${SURFACES.light};--code-bg:${SURFACES.light};--accent:${layout.accent.light};--k:#a3214f;--s:#0a6130;--n:#8a4600;--c:#5c6370;--t:#0b5fa8;--f:#6639ba;`;
  const dark = `--bg:${BACKGROUNDS.dark};--text:#e6e8eb;--muted:#a4abb6;--border:#2c313a;--surface:${SURFACES.dark};--code-bg:${SURFACES.dark};--accent:${layout.accent.dark};--k:#ff8fb1;--s:#7ee2a8;--n:#ffb46b;--c:#9aa3b2;--t:#79c0ff;--f:#d2a8ff;`;
  const themes =
    layout.appearance === 'light'
      ? `:root{color-scheme:light;${light}}`
      : layout.appearance === 'dark'
        ? `:root{color-scheme:dark;${dark}}`
        : `:root{color-scheme:light dark;${light}}@media (prefers-color-scheme:dark){:root{${dark}}}`;
  const logos =
    layout.appearance === 'system'
      ? '.logo-dark{display:none}@media (prefers-color-scheme:dark){.logo-light{display:none}.logo-dark{display:inline}}'
      : `.logo-${layout.appearance === 'light' ? 'dark' : 'light'}{display:none}`;
  return themes + logos + BASE + componentStyles(layout.appearance) + ENDPOINT_STYLES;
}

const BASE = `
*{box-sizing:border-box}
body{margin:0;background:var(--bg);color:var(--text);font:16px/1.65 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
a{color:var(--accent)}
.skip-link{position:absolute;left:-999px;top:0;background:var(--bg);padding:.5rem 1rem;z-index:10}
.skip-link:focus{left:1rem}
.site-header{position:sticky;top:0;z-index:5;display:flex;flex-wrap:wrap;align-items:center;gap:.75rem 1.5rem;padding:.6rem 1.5rem;background:var(--bg);border-bottom:1px solid var(--border)}
.brand{display:flex;align-items:center;gap:.5rem;font-weight:650;font-size:1.1rem;color:var(--text);text-decoration:none}
.brand img{height:28px;width:auto}
.site-tabs{display:flex;flex-wrap:wrap;gap:1rem}
.site-tabs a{color:var(--muted);text-decoration:none;padding:.2rem 0;border-bottom:2px solid transparent}
.site-tabs a[aria-current]{color:var(--text);border-bottom-color:var(--accent)}
.header-tools{margin-left:auto;display:flex;flex-wrap:wrap;align-items:center;gap:.75rem}
.header-tools>a{color:var(--muted);text-decoration:none}
.switcher{position:relative}
.switcher summary{cursor:pointer;color:var(--muted);list-style:none;border:1px solid var(--border);border-radius:6px;padding:.15rem .6rem}
.switcher ul{position:absolute;right:0;margin:.3rem 0 0;padding:.4rem;list-style:none;background:var(--bg);border:1px solid var(--border);border-radius:6px;min-width:10rem;z-index:6}
.switcher li a{display:block;padding:.2rem .5rem;color:var(--text);text-decoration:none}
.version-tag{display:inline-block;margin-left:.4rem;padding:0 .4rem;border:1px solid var(--border);border-radius:999px;font-size:.7rem;line-height:1.4;color:var(--muted);vertical-align:middle}
.site-body{display:grid;grid-template-columns:17rem minmax(0,1fr) 14rem;gap:2.5rem;max-width:90rem;margin:0 auto;padding:0 1.5rem}
.mode-wide .site-body,.mode-frame .site-body{grid-template-columns:17rem minmax(0,1fr)}
.mode-center .site-body{grid-template-columns:minmax(0,50rem);justify-content:center}
.mode-custom .site-body{display:block;max-width:none;padding:0}.mode-custom main{padding:0}
.sidebar{padding:1.5rem 0;font-size:.93rem;position:sticky;top:3.5rem;align-self:start;max-height:calc(100vh - 3.5rem);overflow-y:auto}
.sidebar ul{list-style:none;margin:0;padding:0}
.sidebar ul ul{padding-left:.8rem;border-left:1px solid var(--border);margin-left:.2rem}
.nav-group{margin-bottom:1.4rem}
.nav-group-title,.nav-subgroup{margin:0 0 .3rem;font-weight:650;color:var(--text)}
.nav-subgroup{font-weight:550;margin-top:.3rem}
.sidebar a{display:block;padding:.18rem .5rem;border-radius:6px;color:var(--muted);text-decoration:none}
.sidebar a:hover{color:var(--text)}
.sidebar a[aria-current]{color:var(--accent);background:var(--surface);font-weight:600}
main{min-width:0;padding:2rem 0 4rem}
.eyebrow{margin:0;color:var(--accent);font-weight:600;font-size:.9rem}
h1{font-size:2rem;line-height:1.25;margin:.2rem 0 .5rem}
.description{color:var(--muted);font-size:1.1rem;margin:0 0 2rem}
folio-page-menu{display:block;min-height:2rem;margin:0 0 .75rem}
folio-page-feedback{display:block;margin:3rem 0 0}
h2{font-size:1.45rem;margin:2.2rem 0 .6rem}h3{font-size:1.15rem;margin:1.8rem 0 .5rem}
h2,h3,h4{scroll-margin-top:4.5rem}
.heading-anchor{margin-left:.4rem;text-decoration:none;color:var(--muted);opacity:.5}
.heading-anchor::before{content:"#"}
code{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:.88em;background:var(--code-bg);border-radius:4px;padding:.1em .3em}
pre{margin:0;overflow-x:auto;padding:.9rem 1rem;background:var(--code-bg);border:1px solid var(--border);border-radius:8px;font-size:.88rem;line-height:1.55}
pre code{background:none;padding:0;font-size:inherit}
.code-block{margin:1rem 0}
.code-title{margin:0;padding:.35rem 1rem;font-size:.82rem;color:var(--muted);border:1px solid var(--border);border-bottom:0;border-radius:8px 8px 0 0;background:var(--surface)}
.code-title+pre{border-radius:0 0 8px 8px}
.hljs-keyword,.hljs-selector-tag,.hljs-built_in,.hljs-meta{color:var(--k)}
.hljs-string,.hljs-attr-value,.hljs-regexp,.hljs-addition{color:var(--s)}
.hljs-number,.hljs-literal,.hljs-symbol,.hljs-variable,.hljs-template-variable{color:var(--n)}
.hljs-comment,.hljs-quote{color:var(--c);font-style:italic}
.hljs-attr,.hljs-attribute,.hljs-property,.hljs-type,.hljs-name,.hljs-selector-class,.hljs-selector-id{color:var(--t)}
.hljs-title,.hljs-function,.hljs-section{color:var(--f)}
.hljs-deletion{color:var(--k)}
.table-wrap{overflow-x:auto;margin:1rem 0}
table{border-collapse:collapse;font-size:.93rem}
th,td{border:1px solid var(--border);padding:.4rem .7rem;text-align:left;vertical-align:top}
th{background:var(--surface)}
img{max-width:100%;height:auto}
blockquote{margin:1rem 0;padding:0 1rem;border-left:3px solid var(--border);color:var(--muted)}
.toc{padding:2rem 0;font-size:.88rem;position:sticky;top:3.5rem;align-self:start}
.toc p{margin:0 0 .4rem;font-weight:650}
.toc ul{list-style:none;margin:0;padding:0}
.toc a{display:block;padding:.15rem 0;color:var(--muted);text-decoration:none}
.toc .toc-3{padding-left:.8rem}
.page-footer{border-top:1px solid var(--border);margin-top:3rem;padding-top:1rem;color:var(--muted);font-size:.88rem}
.page-footer a{color:var(--muted)}
.plain{white-space:pre-wrap}
.visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}
@media (max-width:1100px){.site-body{grid-template-columns:15rem minmax(0,1fr)}.toc{display:none}}
@media (max-width:760px){.site-header{position:static}.site-body{display:flex;flex-direction:column}main{order:1;padding-top:1.2rem}.sidebar{order:2;position:static;max-height:none;border-top:1px solid var(--border)}}
@media (prefers-reduced-motion:reduce){*{scroll-behavior:auto!important}}
`;
