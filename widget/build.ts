/**
 * Builds the widget: Vite (library mode) bundles widget/index.ts and its dependencies into one ES
 * module, named by its content hash, with .br and .gz beside it, and a small `widget.js` that imports
 * it. Folio serves `/widget.js` revalidated on every load (ETag) and the hashed bundle under
 * `/widget/` cached for a year (api/rest/routes.ts, FILE_ROUTES). Runs in `npm install`; rebuilds only
 * when the sources changed (`--force` always).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type BundleBuild, describeBuild, ensureBundle, writeWhole } from '../scripts/browser-bundle.ts';

const WIDGET_ROOT = path.dirname(fileURLToPath(import.meta.url));
/** What Folio serves: `widget.js` here, the hashed bundles in BUNDLE_DIR. */
export const WIDGET_DIST = path.join(WIDGET_ROOT, 'dist');
export const BUNDLE_DIR = path.join(WIDGET_DIST, 'widget');
/** The goal the issue sets for the whole widget. */
export const GZIP_GOAL_BYTES = 50 * 1024;

export type WidgetBuild = BundleBuild;

/** The current build, building first when the sources changed since the last one. */
export function ensureWidgetBuilt({ isForced = false } = {}): Promise<WidgetBuild> {
  return ensureBundle(
    {
      root: WIDGET_ROOT,
      entry: 'index.ts',
      name: 'folio',
      bundleDir: BUNDLE_DIR,
      writeEntryPoints: (file) =>
        writeWhole(
          path.join(WIDGET_DIST, 'widget.js'),
          `// The Folio widget. This file is revalidated on every load; the bundle it names is cached for a year.\nexport * from './widget/${file}';\n`,
        ),
    },
    { isForced },
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const started = performance.now();
  const result = await ensureWidgetBuilt({ isForced: process.argv.includes('--force') });
  console.log(describeBuild('widget', path.join(BUNDLE_DIR, result.file), result, GZIP_GOAL_BYTES, started));
}
