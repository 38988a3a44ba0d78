/**
 * Builds the console: Vite bundles console/index.ts into one ES module named by its content hash (with
 * .br and .gz beside it) and writes the page that loads it. Folio serves the page at `/console/`,
 * revalidated on every load, and the bundle under `/console/assets/`, cached for a year
 * (api/http/console-files.ts). Runs in `npm install`; rebuilds only when the sources changed (`--force` always).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type BundleBuild, describeBuild, ensureBundle, writeWhole } from '../scripts/browser-bundle.ts';

const CONSOLE_ROOT = path.dirname(fileURLToPath(import.meta.url));
export const CONSOLE_DIST = path.join(CONSOLE_ROOT, 'dist');
/** The page, alone in its folder: the only file `/console/` serves. */
export const CONSOLE_PAGE_DIR = path.join(CONSOLE_DIST, 'page');
export const CONSOLE_ASSETS_DIR = path.join(CONSOLE_DIST, 'assets');
/** The goal the issue sets for the console's JavaScript. */
export const CONSOLE_GZIP_GOAL_BYTES = 120 * 1024;

const pageOf = (file: string) => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<meta name="robots" content="noindex">
<title>Folio console</title>
<link rel="icon" href="data:,">
<style>html { color-scheme: light dark; } body { margin: 0; font: 15px/1.5 system-ui, -apple-system, "Segoe UI", sans-serif; background: Canvas; color: CanvasText; }</style>
<script type="module" src="/console/assets/${file}"></script>
</head>
<body><folio-console></folio-console></body>
</html>
`;

/** The current build, building first when the sources changed since the last one. */
export function ensureConsoleBuilt({ isForced = false } = {}): Promise<BundleBuild> {
  return ensureBundle(
    {
      root: CONSOLE_ROOT,
      entry: 'index.ts',
      name: 'console',
      bundleDir: CONSOLE_ASSETS_DIR,
      alsoReads: [path.join(CONSOLE_ROOT, '..', 'widget', 'styles', 'palette.ts')],
      writeEntryPoints: (file) => writeWhole(path.join(CONSOLE_PAGE_DIR, 'index.html'), pageOf(file)),
    },
    { isForced },
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const started = performance.now();
  const result = await ensureConsoleBuilt({ isForced: process.argv.includes('--force') });
  console.log(describeBuild('console', path.join(CONSOLE_ASSETS_DIR, result.file), result, CONSOLE_GZIP_GOAL_BYTES, started));
}
