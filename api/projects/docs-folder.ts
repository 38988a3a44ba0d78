/**
 * A project's docs folder as a user writes it (`docs`, `./docs/`, `/docs`) made the repository path a
 * deployment reads it at (`docs`; `''` for the repository's root), or what is wrong with it: it must be
 * a folder inside the repository.
 */
export function normaliseDocsFolder(written: string): { folder: string } | { problem: string } {
  const segments = written
    .trim()
    .split('/')
    .filter((segment) => segment !== '' && segment !== '.');
  const folder = segments.join('/');
  if (segments.includes('..')) return { problem: `"${written}" leads out of the repository: name a folder inside it, such as docs` };
  if (/[\u0000-\u001f\u007f\\]/.test(folder))
    return { problem: `"${written}" holds a control character or a backslash: write the folder as Git does, such as docs/site` };
  if (folder.length > 255) return { problem: 'the docs folder is longer than 255 characters' };
  return { folder };
}
