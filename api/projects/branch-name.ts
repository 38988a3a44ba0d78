/** git sets no limit; each part of a branch name becomes a file name in the repositories that hold it. */
export const MAX_BRANCH_LENGTH = 200;

/** Prefixes git reads as a ref of another kind (or as a full ref name), never as the start of a branch's own name. */
const REF_PREFIXES = ['refs/', 'heads/', 'tags/', 'remotes/'];

/**
 * Why `name` cannot be a branch name, or undefined when it can: git's rules (`git check-ref-format
 * --branch`), and beyond them names git takes that do not name a branch of their own: HEAD, and ref names
 * such as refs/heads/main or heads/main, which would become refs/heads/refs/heads/main. The reason reads
 * after the name: `"a..b" cannot be a branch name: <reason>`.
 */
export function branchNameProblem(name: string): string | undefined {
  if (name === '') return 'it is empty';
  if (name.length > MAX_BRANCH_LENGTH) return `it is longer than ${MAX_BRANCH_LENGTH} characters`;
  const unseen = /[\p{C}\p{Z}]/u.exec(name)?.[0];
  if (unseen) {
    const code = `U+${unseen.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
    return unseen === ' '
      ? 'git does not allow spaces in branch names'
      : `it holds ${code}, a character that does not show (a control character or a kind of space)`;
  }
  const reserved = /[~^:?*[\\]|\.\.|@\{/.exec(name)?.[0];
  if (reserved) return `git does not allow "${reserved}" in branch names`;
  if (name === '@') return 'git reads "@" alone as HEAD';
  if (name.startsWith('-')) return 'it starts with "-", which git would read as an option';
  if (name.startsWith('/') || name.endsWith('/') || name.includes('//')) return 'git does not allow a branch name to start or end with "/", or to hold "//"';
  if (name.endsWith('.')) return 'git does not allow a branch name to end with "."';
  const parts = name.split('/');
  if (parts.some((part) => part.startsWith('.'))) return 'git does not allow a part of a branch name to start with "."';
  if (parts.some((part) => part.endsWith('.lock'))) return 'git does not allow a part of a branch name to end with ".lock"';
  if (parts.includes('HEAD')) return "HEAD is git's name for the checked-out commit, not a branch";
  const prefix = REF_PREFIXES.find((start) => name.startsWith(start));
  if (prefix) {
    const own = name.replace(/^(refs\/)?heads\//, '');
    return own === name
      ? `it starts with "${prefix}", which git reads as a ref other than a branch; give the branch's own name`
      : `it is a ref name, which would become refs/heads/${name}; give the branch's own name, "${own}"`;
  }
  return undefined;
}
