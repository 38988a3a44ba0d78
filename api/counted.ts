/** A count with its noun in the right number, for messages people read: `1 search`, `1,106 pages`. */
export function counted(count: number, singular: string, plural = `${singular}s`): string {
  return `${count.toLocaleString('en')} ${count === 1 ? singular : plural}`;
}
