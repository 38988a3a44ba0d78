import { ConfigError, isObject, resolveRefs, type Json, type JsonObject } from '../mintlify/config-refs.ts';
import { type ArrayItem, JsonText } from './json-text-edit.ts';
import { WorkspaceRefusal } from './workspace.ts';

/** A change to the navigation, as the agent asks for it. */
export interface NavigationChange {
  action: 'add' | 'remove';
  /** The page as the navigation names it: its path without extension, such as `guides/setup`. */
  page: string;
  /** For `add`: the group to add it to (created beside the navigation's first group when none has this name). */
  group?: string;
  /** For `add`: the page it goes after, within the group (else at the end). */
  after?: string;
}

/**
 * The file that holds the project's navigation: docs.json, or a legacy project's mint.json. The agent
 * edits the file the project has; deployments read a mint.json as Mintlify upgrades it.
 */
export async function navigationFile(exists: (file: string) => Promise<boolean>): Promise<'docs.json' | 'mint.json'> {
  return !(await exists('docs.json')) && (await exists('mint.json')) ? 'mint.json' : 'docs.json';
}

/**
 * Applies a navigation change to docs.json (or mint.json, `file`) and the files its navigation names by
 * `$ref`, read with `read`, and returns the new text of each file it changed. Groups are found by name
 * anywhere in the navigation (tabs, anchors, languages, versions; in mint.json, the first group of that
 * name, whatever its version), in whichever file holds them: a language kept in `fr.json` is edited
 * there, one written in docs.json in docs.json. A new group goes beside the navigation's first group.
 */
export async function editNavigation(
  read: (file: string) => Promise<string>,
  change: NavigationChange,
  file = 'docs.json',
): Promise<{ writes: Map<string, string>; summary: string }> {
  const documents = new Map<string, JsonText>();
  const readJson = async (jsonFile: string): Promise<Json> => {
    if (!documents.has(jsonFile)) documents.set(jsonFile, parseJson(await read(jsonFile), jsonFile));
    return documents.get(jsonFile)!.value;
  };
  const config = await readJson(file);
  if (!isObject(config) || (!isObject(config.navigation) && !Array.isArray(config.navigation))) {
    throw new WorkspaceRefusal(`${file} has no "navigation".`);
  }
  const { groups, firstContainer } = await findGroups(file, config.navigation, readJson);
  const page = change.page.replace(/^\/+/, '').replace(/\.mdx?$/, '');
  const writes = new Map<string, string>();
  // Each file is written again only where the edit is: its other lines stay as they were.
  const write = (edited: string, array: Json[], items: ArrayItem[], text = documents.get(edited)!) =>
    writes.set(edited, text.withArray(array, items, indentOf(text.text)));
  const kept = (array: Json[]) => array.map((_, index) => ({ kept: index }));

  if (change.action === 'remove') {
    for (const edited of new Set(groups.filter((group) => group.pages.includes(page)).map((group) => group.file))) {
      // One list at a time, read again after each: a group may sit inside another's pages.
      for (let text = documents.get(edited)!; ; text = new JsonText(writes.get(edited)!)) {
        const lists = pageListsIn(edited === file && isObject(text.value) ? (text.value.navigation ?? null) : text.value);
        const list = lists.find((pages) => pages.includes(page));
        if (!list) break;
        write(
          edited,
          list,
          kept(list).filter((item) => list[item.kept] !== page),
          text,
        );
      }
    }
    if (writes.size === 0) throw new WorkspaceRefusal(`"${page}" is not in the navigation.`);
    return { writes, summary: `Removed "${page}" from the navigation in ${[...writes.keys()].join(', ')}.` };
  }
  const name = change.group?.toLowerCase();
  if (!name) throw new WorkspaceRefusal('Name the group to add the page to.');
  const listing = groups.find((group) => group.pages.includes(page) && group.name.toLowerCase() === name);
  if (listing) return { writes, summary: `"${page}" is already in the group "${listing.name}" in ${listing.file}.` };
  const group = groups.find((candidate) => candidate.name.toLowerCase() === name);
  if (group) {
    const after = change.after ? group.pages.indexOf(change.after.replace(/\.mdx?$/, '')) : -1;
    const items: ArrayItem[] = kept(group.pages);
    items.splice(after >= 0 ? after + 1 : items.length, 0, { added: page });
    write(group.file, group.pages, items);
    return { writes, summary: `Added "${page}" to the group "${group.name}" in ${group.file}.` };
  }
  const container = firstContainer ?? emptyGroupList(config.navigation, file);
  if (!container) throw new WorkspaceRefusal(`No group is named "${change.group}", and ${file}'s navigation has no list of groups to add one to.`);
  write(container.file, container.groups, [...kept(container.groups), { added: { group: change.group!, pages: [page] } }]);
  return { writes, summary: `Added a group "${change.group}" with "${page}" in ${container.file}.` };
}

interface Group {
  name: string;
  pages: Json[];
  /** The file that holds it: docs.json, or a file the navigation names by `$ref`. */
  file: string;
}

/**
 * Every `{group, pages}` of the navigation, nested groups included, in the navigation's order and with
 * the file each is written in (the navigation's `$ref`s followed as deployments follow them), and the
 * list that holds the first of them.
 */
async function findGroups(
  file: string,
  navigation: Json,
  readJson: (file: string) => Promise<Json>,
): Promise<{ groups: Group[]; firstContainer?: { groups: Json[]; file: string } }> {
  const groups: Group[] = [];
  let firstContainer: { groups: Json[]; file: string } | undefined;
  // Only the navigation is followed: a broken `$ref` elsewhere in docs.json is not this edit's business.
  const navigationOnly = (jsonFile: string) => (jsonFile === file ? Promise.resolve({ navigation }) : readJson(jsonFile));
  try {
    await resolveRefs(file, navigationOnly, (node, from) => {
      if (Array.isArray(node)) {
        if (!firstContainer && node.some(isGroup)) firstContainer = { groups: node, file: from };
      } else if (isGroup(node)) groups.push({ name: node.group as string, pages: node.pages as Json[], file: from });
    });
  } catch (error) {
    if (error instanceof ConfigError) throw new WorkspaceRefusal(`${file}'s navigation cannot be read: ${error.message}.`);
    throw error;
  }
  return { groups, firstContainer };
}

/** Where a navigation with no group yet takes its first: `navigation.groups`, or a mint.json's navigation itself. */
function emptyGroupList(navigation: Json, file: string): { groups: Json[]; file: string } | undefined {
  if (Array.isArray(navigation)) return { groups: navigation, file };
  return isObject(navigation) && Array.isArray(navigation.groups) ? { groups: navigation.groups, file } : undefined;
}

function parseJson(text: string, file: string): JsonText {
  try {
    JSON.parse(text);
  } catch (error) {
    throw new WorkspaceRefusal(`${file} is not valid JSON (${(error as Error).message}); fix it with editPage first.`);
  }
  return new JsonText(text);
}

function isGroup(node: Json): node is JsonObject {
  return isObject(node) && typeof node.group === 'string' && Array.isArray(node.pages);
}

/** The page lists of the groups written in one file's JSON, nested ones included (its `$ref`s not followed). */
function pageListsIn(node: Json): Json[][] {
  if (Array.isArray(node)) return node.flatMap(pageListsIn);
  if (!isObject(node)) return [];
  return [...(isGroup(node) ? [node.pages as Json[]] : []), ...Object.values(node).flatMap(pageListsIn)];
}

/** The file's unit of indentation, for a new group written on lines of its own. */
function indentOf(text: string): string {
  return /^[{[]\n(\s+)["{[]/.exec(text)?.[1] ?? '  ';
}
