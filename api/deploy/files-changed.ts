export interface FilesChanged {
  added: string[];
  modified: string[];
  removed: string[];
}

/** What changed between two commits' files (path -> blob id), each list sorted. */
export function diffFiles(before: Record<string, string>, after: Map<string, string>): FilesChanged {
  const added: string[] = [];
  const modified: string[] = [];
  for (const [file, blob] of after) {
    const previous = Object.hasOwn(before, file) ? before[file] : undefined;
    if (previous === undefined) added.push(file);
    else if (previous !== blob) modified.push(file);
  }
  const removed = Object.keys(before).filter((file) => !after.has(file));
  return { added: added.sort(), modified: modified.sort(), removed: removed.sort() };
}
