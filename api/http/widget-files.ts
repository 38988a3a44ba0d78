import path from 'node:path';
import { PACKAGE_ROOT } from '../package-root.ts';
import type { FileRoute } from './static-files.ts';

/** Where `npm install` builds the widget (widget/build.ts). */
const WIDGET_DIST = path.join(PACKAGE_ROOT, 'widget', 'dist');

/**
 * Static files: the widget's one script tag, `/widget.js`, a small module revalidated on each load
 * (ETag) that imports the content-hashed bundle under `/widget/`, cached for a year. Served by the app
 * and by the local server screenshots are taken from.
 */
export const FILE_ROUTES: readonly FileRoute[] = [
  { path: '/widget.js', dir: WIDGET_DIST, isImmutable: false },
  { path: '/widget', dir: path.join(WIDGET_DIST, 'widget'), isImmutable: true },
];
