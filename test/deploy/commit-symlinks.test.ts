import { describe, expect, it } from 'vitest';
import { withLinksFollowed } from '../../api/deploy/commit-symlinks.ts';

/** A commit's symbolic links read as a checkout has them: what each path of the site then holds. */
describe('a commit with symbolic links', () => {
  const files = new Map([
    ['v2/usage.mdx', 'blob-usage'],
    ['v2/api/auth.mdx', 'blob-auth'],
    ['snippets/note.mdx', 'blob-note'],
  ]);

  it('reads a link to a link as their last target, through a linked folder too', () => {
    const links = new Map([
      ['note.mdx', 'latest-note.mdx'],
      ['latest-note.mdx', 'snippets/note.mdx'],
      ['latest', 'v2'],
      ['guides/auth.mdx', '../latest/api/auth.mdx'],
    ]);
    expect(Object.fromEntries(withLinksFollowed(files, links))).toEqual({
      ...Object.fromEntries(files),
      'note.mdx': 'blob-note',
      'latest-note.mdx': 'blob-note',
      'latest/usage.mdx': 'blob-usage',
      'latest/api/auth.mdx': 'blob-auth',
      'guides/auth.mdx': 'blob-auth',
    });
  });

  it('leaves out links that go round in a circle, out of the repository or to nothing', () => {
    const links = new Map([
      ['a.mdx', 'b.mdx'],
      ['b.mdx', 'a.mdx'],
      ['passwd.mdx', '../../etc/passwd'],
      ['root.mdx', '/etc/passwd'],
      ['here', '.'],
      ['gone.mdx', 'v1/usage.mdx'],
    ]);
    expect(withLinksFollowed(files, links)).toEqual(files);
  });
});
