import path from 'node:path';
import { PACKAGE_ROOT } from '../package-root.ts';
import type { FileRoute } from './static-files.ts';

/** Where `npm install` builds the widget (widget/build.ts) and the console (console/build.ts). */
const WIDGET_DIST = path.join(PACKAGE_ROOT, 'widget', 'dist');
const CONSOLE_DIST = path.join(PACKAGE_ROOT, 'console', 'dist');

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
 * (ETag) that imports the content-hashed bundle under `/widget/`, cached for a year; and the console,
 * a page at `/console/` (revalidated) that loads its hashed bundle from `/console/assets/`. Served by
 * the app; the widget's also by the local server screenshots are taken from.
 */
export const FILE_ROUTES: readonly FileRoute[] = [
  { path: '/widget.js', dir: WIDGET_DIST, isImmutable: false },
  { path: '/widget', dir: path.join(WIDGET_DIST, 'widget'), isImmutable: true },
  { path: '/console/assets', dir: path.join(CONSOLE_DIST, 'assets'), isImmutable: true },
  { path: '/console', dir: path.join(CONSOLE_DIST, 'page'), isImmutable: false, indexFile: 'index.html', headers: CONSOLE_PAGE_HEADERS },
];
