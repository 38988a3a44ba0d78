import { type ProjectFiles, ProjectProblem, readProjectConfig } from '../deploy/project-reader.ts';
import { readNavigation, unlistedPages } from '../mintlify/navigation.ts';

/**
 * The pages among `changed` that the navigation does not list: hidden pages, which a deployment serves
 * at their address but leaves out of search (and so out of the assistant's answers), unless docs.json
 * says `seo.indexing: "all"`. A project whose config cannot be read has none here: its check says why.
 */
export async function pagesLeftHidden(files: ProjectFiles, where: string, changed: Iterable<string>): Promise<string[]> {
  let config: Awaited<ReturnType<typeof readProjectConfig>>['config'];
  try {
    config = (await readProjectConfig(files, where)).config;
  } catch (error) {
    if (error instanceof ProjectProblem) return [];
    throw error;
  }
  const navigation = readNavigation(config);
  if (navigation.indexesHiddenPages) return [];
  return unlistedPages(
    navigation,
    [...changed].filter((file) => files.has(file)),
  ).map((page) => page.page);
}

/** What a job says of the pages it left outside the navigation; '' when there are none. */
export function hiddenPagesNote(pages: string[]): string {
  const names = pages.map((page) => `"${page}"`).join(', ');
  if (pages.length === 0) return '';
  if (pages.length === 1)
    return `${names} is not in the navigation: it is a hidden page, served at its address but not searchable, so search and the assistant do not find it. Add it to the navigation to publish it.`;
  return `${names} are not in the navigation: they are hidden pages, served at their addresses but not searchable, so search and the assistant do not find them. Add them to the navigation to publish them.`;
}
