import path from 'node:path';
import { lookupTable } from '../lookup-table.ts';

/** Repository files a site serves as they are, by extension. */
export const SITE_FILE_TYPES = lookupTable<string>({
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.svg': 'image/svg+xml',
  '.ico': 'image/x-icon',
});
/** What a repository file is served as: an image by its extension, an OpenAPI document of the site as JSON or YAML text; undefined when it is not served. */
export function fileTypeOf(file: string, specFiles: ReadonlySet<string>): string | undefined {
  const extension = path.posix.extname(file).toLowerCase();
  if (specFiles.has(file)) return extension === '.json' ? 'application/json; charset=utf-8' : 'application/yaml; charset=utf-8';
  return SITE_FILE_TYPES[extension];
}
