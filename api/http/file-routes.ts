import { createRequire } from 'node:module';
import path from 'node:path';
import { PACKAGE_ROOT } from '../package-root.ts';
import type { FileRoute } from './static-files.ts';

/** Where `npm install` builds the widget (widget/build.ts) and the console (console/build.ts). */
const WIDGET_DIST = path.join(PACKAGE_ROOT, 'widget', 'dist');
const CONSOLE_DIST = path.join(PACKAGE_ROOT, 'console', 'dist');
/** Where site-script/build.ts builds the site's script and copies mermaid's; KaTeX's stylesheet and fonts as the package ships them. */
const SITE_SCRIPT_DIST = path.join(PACKAGE_ROOT, 'site-script', 'dist');
const KATEX_DIST = path.dirname(createRequire(import.meta.url).resolve('katex/dist/katex.min.css'));

/** What a site's pages load, when they need it (api/sites/page-assets.ts): below `/widget/`, which stays Folio's on a site's own host. */
export const SITE_SCRIPT_PATH = '/widget/site.js';
/** The API playground's script (site-script/playground/), loaded only by API pages with an interactive playground; its bundle is beside the site script's. */
export const PLAYGROUND_SCRIPT_PATH = '/widget/playground.js';
export const KATEX_STYLESHEET_PATH = '/widget/katex/katex.min.css';

/**
 * The console's page runs with admin keys: only its own script, only Folio to talk to, never framed,
 * and no address of it sent anywhere.
 */
const CONSOLE_PAGE_HEADERS = {
  'content-security-policy':
    "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
};

/**
 * Static files: the widget's one script tag, `/widget.js`, a small module revalidated on each load
 * (ETag) that imports the content-hashed bundle under `/widget/`, cached for a year; the site's script
 * the same way (`/widget/site.js`, `/widget/site/`), with mermaid's and KaTeX's files revalidated (their
 * names carry no hash); and the console, a page at `/console/` (revalidated) that loads its hashed bundle
 * from `/console/assets/`. Served by the app; the widget's and the site's also by the local server
 * screenshots are taken from. The more specific paths come first: the first route that matches serves.
 */
export const FILE_ROUTES: readonly FileRoute[] = [
  { path: '/widget.js', dir: WIDGET_DIST, isImmutable: false },
  { path: SITE_SCRIPT_PATH, dir: SITE_SCRIPT_DIST, isImmutable: false },
  { path: PLAYGROUND_SCRIPT_PATH, dir: SITE_SCRIPT_DIST, isImmutable: false },
  { path: '/widget/site', dir: path.join(SITE_SCRIPT_DIST, 'site'), isImmutable: true },
  { path: '/widget/vendor', dir: path.join(SITE_SCRIPT_DIST, 'vendor'), isImmutable: false },
  { path: '/widget/katex', dir: KATEX_DIST, isImmutable: false },
  { path: '/widget', dir: path.join(WIDGET_DIST, 'widget'), isImmutable: true },
  { path: '/console/assets', dir: path.join(CONSOLE_DIST, 'assets'), isImmutable: true },
  { path: '/console', dir: path.join(CONSOLE_DIST, 'page'), isImmutable: false, indexFile: 'index.html', headers: CONSOLE_PAGE_HEADERS },
];
