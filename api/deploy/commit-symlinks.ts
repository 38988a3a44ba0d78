import path from 'node:path/posix';

/** Links followed through other links at most this many times: a longer chain is taken for a circle. */
const MAX_HOPS = 8;

/**
 * A commit's files with its symbolic links as a checkout of it has them, which is what Mintlify builds
 * from: a link to a file of the repository reads as that file, a link to a folder as that folder's files
 * under the link's path. A link that leads out of the repository, to nothing, or round in a circle is
 * left out. `files`: path -> blob of each regular file; `links`: path -> target as the link writes it.
 */
export function withLinksFollowed(files: ReadonlyMap<string, string>, links: ReadonlyMap<string, string>): Map<string, string> {
  const followed = new Map(files);
  let unresolved = [...links];
  for (let pass = 0; pass < MAX_HOPS && unresolved.length > 0; pass++) {
    const left: [string, string][] = [];
    for (const [link, written] of unresolved) {
      const target = targetOf(link, written);
      if (target === undefined) continue;
      const blob = followed.get(target);
      if (blob !== undefined) {
        followed.set(link, blob);
        continue;
      }
      const below = [...followed].filter(([file]) => file.startsWith(`${target}/`));
      for (const [file, id] of below) followed.set(`${link}${file.slice(target.length)}`, id);
      if (below.length === 0) left.push([link, written]); // perhaps a link to a link, followed in a later pass
    }
    if (left.length === unresolved.length) break;
    unresolved = left;
  }
  return followed;
}

/** The repository path a link leads to, or undefined when it leads out of the repository. */
function targetOf(link: string, written: string): string | undefined {
  if (written.startsWith('/')) return undefined;
  const target = path.normalize(path.join(path.dirname(link), written)).replace(/\/+$/, '');
  return target === '.' || target.startsWith('../') || target === '..' ? undefined : target;
}
