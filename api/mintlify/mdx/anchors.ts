/** A heading's anchor as Mintlify makes it: lowercase words joined by hyphens, punctuation dropped. */
export function slugify(heading: string): string {
  return heading
    .toLowerCase()
    .trim()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s+/g, '-')
    .replace(/-+/g, '-');
}

/** `anchor`, or `anchor-1`, `anchor-2`… for its repeats on one page (counted in `seen`). */
export function uniqueAnchor(anchor: string, seen: Map<string, number>): string {
  const count = seen.get(anchor) ?? 0;
  seen.set(anchor, count + 1);
  return count === 0 ? anchor : `${anchor}-${count}`;
}
