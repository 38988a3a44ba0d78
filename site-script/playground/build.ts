/**
 * Builds the playground's script as the site script is built (site-script/build.ts, which builds this one
 * too when run): one hashed ES module beside the site script's bundle (served from `/widget/site/`,
 * cached for a year) and a small `playground.js` that imports it (`/widget/playground.js`, revalidated on
 * every load). Only API pages with an interactive playground load it.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type BundleBuild, describeBuild, ensureBundle, writeWhole } from '../../scripts/browser-bundle.ts';

const PLAYGROUND_ROOT = path.dirname(fileURLToPath(import.meta.url));
const PACKAGE_ROOT = path.join(PLAYGROUND_ROOT, '..', '..');
/** site-script/build.ts's folders (it imports this file, so they are not imported back): the loader beside site.js, the bundle beside site's. */
const SITE_SCRIPT_DIST = path.join(PLAYGROUND_ROOT, '..', 'dist');
const SITE_BUNDLE_DIR = path.join(SITE_SCRIPT_DIST, 'site');
export const PLAYGROUND_GZIP_GOAL_BYTES = 4 * 1024;

/** The current build, building first when its sources changed since the last one. */
export function ensurePlaygroundBuilt({ isForced = false } = {}): Promise<BundleBuild> {
  return ensureBundle(
    {
      root: PLAYGROUND_ROOT,
      entry: 'index.ts',
      name: 'playground',
      bundleDir: SITE_BUNDLE_DIR,
      // Its own folder holds only its sources: what else it reads (and what builds it) is named here.
      alsoReads: ['api/sites/endpoint/server-url.ts', 'package-lock.json', 'scripts/browser-bundle.ts'].map((file) => path.join(PACKAGE_ROOT, file)),
      writeEntryPoints: (file) =>
        writeWhole(
          path.join(SITE_SCRIPT_DIST, 'playground.js'),
          `// Folio's API playground. This file is revalidated on every load; the bundle it names is cached for a year.\nimport './site/${file}';\n`,
        ),
    },
    { isForced },
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const started = performance.now();
  const result = await ensurePlaygroundBuilt({ isForced: process.argv.includes('--force') });
  console.log(describeBuild('playground script', path.join(SITE_BUNDLE_DIR, result.file), result, PLAYGROUND_GZIP_GOAL_BYTES, started));
}
