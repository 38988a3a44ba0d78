/**
 * Builds the site script: Vite bundles site-script/index.ts into one ES module named by its content hash,
 * with .br and .gz beside it, and a small `site.js` that imports it; beside them, mermaid's prebuilt
 * script, compressed once here rather than on every request. Folio serves `/widget/site.js` and
 * `/widget/vendor/` revalidated on every load and the hashed bundle under `/widget/site/` cached for a
 * year (api/http/file-routes.ts). Rebuilds only when the sources changed (`--force` always).
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { type BundleBuild, describeBuild, ensureBundle, writeWhole } from '../scripts/browser-bundle.ts';
import { ensurePlaygroundBuilt, PLAYGROUND_GZIP_GOAL_BYTES } from './playground/build.ts';

const SITE_SCRIPT_ROOT = path.dirname(fileURLToPath(import.meta.url));
export const SITE_SCRIPT_DIST = path.join(SITE_SCRIPT_ROOT, 'dist');
export const SITE_BUNDLE_DIR = path.join(SITE_SCRIPT_DIST, 'site');
export const SITE_VENDOR_DIR = path.join(SITE_SCRIPT_DIST, 'vendor');
/** The script is loaded by most pages (any with a code block): it stays small. */
export const SITE_SCRIPT_GZIP_GOAL_BYTES = 6 * 1024;

const mermaidScript = createRequire(import.meta.url).resolve('mermaid/dist/mermaid.min.js');

function writeVendor(): void {
  const code = fs.readFileSync(mermaidScript);
  const file = path.join(SITE_VENDOR_DIR, 'mermaid.min.js');
  writeWhole(file, code);
  writeWhole(`${file}.gz`, zlib.gzipSync(code, { level: 9 }));
  writeWhole(
    `${file}.br`,
    zlib.brotliCompressSync(code, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: code.length } }),
  );
}

/** The current build, building first when the sources (or the installed mermaid) changed since the last one. */
export function ensureSiteScriptBuilt({ isForced = false } = {}): Promise<BundleBuild> {
  return ensureBundle(
    {
      root: SITE_SCRIPT_ROOT,
      entry: 'index.ts',
      name: 'site',
      bundleDir: SITE_BUNDLE_DIR,
      writeEntryPoints: (file) => {
        writeVendor();
        writeWhole(
          path.join(SITE_SCRIPT_DIST, 'site.js'),
          `// Folio's site script. This file is revalidated on every load; the bundle it names is cached for a year.\nimport './site/${file}';\n`,
        );
      },
    },
    { isForced },
  );
}

// Run on install (package.json): the API playground's script (site-script/playground/) is built beside it.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const isForced = process.argv.includes('--force');
  const started = performance.now();
  const result = await ensureSiteScriptBuilt({ isForced });
  console.log(describeBuild('site script', path.join(SITE_BUNDLE_DIR, result.file), result, SITE_SCRIPT_GZIP_GOAL_BYTES, started));
  const playgroundStarted = performance.now();
  const playground = await ensurePlaygroundBuilt({ isForced });
  console.log(describeBuild('playground script', path.join(SITE_BUNDLE_DIR, playground.file), playground, PLAYGROUND_GZIP_GOAL_BYTES, playgroundStarted));
}
