import ignore from 'ignore';

/** Where a docs repository lists the files Mintlify must not publish (organize/mintignore). */
export const MINTIGNORE_FILE = '.mintignore';

/**
 * Whether a repository path is excluded by the project's `.mintignore` (gitignore's pattern syntax, read
 * by the `ignore` package): such files are not pages, not searched, not served and not linked to.
 */
export function mintIgnore(text: string | undefined): (file: string) => boolean {
  if (!text?.trim()) return () => false;
  const rules = ignore().add(text);
  return (file) => file !== MINTIGNORE_FILE && rules.ignores(file);
}
