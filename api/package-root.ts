import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The folder holding Folio's package.json, found from this module's own location, so that files
 * shipped beside the code (migrations, the widget) are found both from the TypeScript sources and
 * from the compiled bundle in dist/.
 */
export const PACKAGE_ROOT: string = findPackageRoot(path.dirname(fileURLToPath(import.meta.url)));

function findPackageRoot(start: string): string {
  for (let dir = start; ; dir = path.dirname(dir)) {
    const manifest = path.join(dir, 'package.json');
    if (fs.existsSync(manifest) && (JSON.parse(fs.readFileSync(manifest, 'utf8')) as { name?: string }).name === 'folio') return dir;
    if (dir === path.dirname(dir)) throw new Error(`no folio package.json above ${start}`);
  }
}
