import { counted } from '../counted.ts';
import type { FilesChanged } from './files-changed.ts';

/** One human sentence: "Deployed 1,106 pages in 4 languages from abc1234 in 9.8 s: 3 added, 1 modified." */
export function deploymentSummary(input: {
  pages: number;
  languages: number;
  sha: string;
  seconds: number;
  filesChanged: FilesChanged;
  isFirst: boolean;
  /** Components the parsed pages use that Folio does not know, with their counts. */
  unknownComponents?: ReadonlyMap<string, number>;
}): string {
  const { added, modified, removed } = input.filesChanged;
  const changes = input.isFirst
    ? 'first deployment'
    : [added.length ? `${added.length} added` : '', modified.length ? `${modified.length} modified` : '', removed.length ? `${removed.length} removed` : '']
        .filter(Boolean)
        .join(', ') || 'no file changed';
  const pages = counted(input.pages, 'page');
  const languages = counted(input.languages, 'language');
  const unknown = input.unknownComponents?.size ? ` Unknown components, shown as their content: ${unknownComponentList(input.unknownComponents)}.` : '';
  return `Deployed ${pages} in ${languages} from ${input.sha.slice(0, 7)} in ${input.seconds.toFixed(1)} s: ${changes}.${unknown}`;
}

/** `Foo (3), Bar (1)`: most used first. */
export function unknownComponentList(counts: ReadonlyMap<string, number>): string {
  return [...counts]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .map(([name, count]) => `${name} (${count})`)
    .join(', ');
}
