import { isObject, type Json, type JsonObject } from '../mintlify/config-refs.ts';
import { WorkspaceRefusal } from './workspace.ts';

/** A change to the navigation, as the agent asks for it. */
export interface NavigationChange {
  action: 'add' | 'remove';
  /** The page as the navigation names it: its path without extension, such as `guides/setup`. */
  page: string;
  /** For `add`: the group to add it to (created at the end of the navigation when none has this name). */
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
 * Applies a navigation change to the text of docs.json (or mint.json, `file`) and returns the new
 * text. Groups are found by name anywhere in the navigation (tabs, anchors, languages, versions; in
 * mint.json, the first group of that name, whatever its version). A navigation that is split into
 * `$ref` files is refused: those files are edited directly.
 */
export function editNavigation(configText: string, change: NavigationChange, file = 'docs.json'): { text: string; summary: string } {
  let config: Json;
  try {
    config = JSON.parse(configText) as Json;
  } catch (error) {
    throw new WorkspaceRefusal(`${file} is not valid JSON (${(error as Error).message}); fix it with editPage first.`);
  }
  if (!isObject(config) || (!isObject(config.navigation) && !Array.isArray(config.navigation))) {
    throw new WorkspaceRefusal(`${file} has no "navigation".`);
  }
  if (JSON.stringify(config.navigation).includes('"$ref"')) {
    throw new WorkspaceRefusal(`${file}'s navigation is split into $ref files; edit the file that lists the group with editPage.`);
  }
  const page = change.page.replace(/^\/+/, '').replace(/\.mdx?$/, '');
  const groups = findGroups(config.navigation as Json);
  let summary: string;
  if (change.action === 'remove') {
    let removed = 0;
    for (const group of groups) {
      const before = group.pages.length;
      group.pages.splice(0, group.pages.length, ...group.pages.filter((entry) => entry !== page));
      removed += before - group.pages.length;
    }
    if (removed === 0) throw new WorkspaceRefusal(`"${page}" is not in the navigation.`);
    summary = `Removed "${page}" from the navigation.`;
  } else {
    if (!change.group) throw new WorkspaceRefusal('Name the group to add the page to.');
    if (groups.some((group) => group.pages.includes(page) && group.name.toLowerCase() === change.group!.toLowerCase())) {
      return { text: configText, summary: `"${page}" is already in the group "${change.group}".` };
    }
    const group = groups.find((candidate) => candidate.name.toLowerCase() === change.group!.toLowerCase());
    if (group) {
      const at = change.after ? group.pages.indexOf(change.after.replace(/\.mdx?$/, '')) : -1;
      group.pages.splice(at >= 0 ? at + 1 : group.pages.length, 0, page);
      summary = `Added "${page}" to the group "${group.name}".`;
    } else {
      const container = topLevelGroups(config);
      if (!container) {
        throw new WorkspaceRefusal(`No group is named "${change.group}". Groups: ${groups.map((candidate) => candidate.name).join(', ') || 'none'}.`);
      }
      container.push({ group: change.group, pages: [page] });
      summary = `Added a group "${change.group}" with "${page}".`;
    }
  }
  const indent = /^\{\n(\s+)"/.exec(configText)?.[1] ?? '  ';
  return { text: `${JSON.stringify(config, null, indent)}\n`, summary };
}

interface Group {
  name: string;
  pages: Json[];
}

/** Every `{group, pages}` of the navigation, nested groups included. */
function findGroups(node: Json): Group[] {
  const found: Group[] = [];
  const walk = (value: Json) => {
    if (Array.isArray(value)) return value.forEach(walk);
    if (!isObject(value)) return;
    if (typeof value.group === 'string' && Array.isArray(value.pages)) found.push({ name: value.group, pages: value.pages });
    Object.values(value).forEach(walk);
  };
  walk(node);
  return found;
}

/** Where a new group goes: `navigation.groups`, or the first language's, version's or tab's groups. */
function topLevelGroups(config: JsonObject): Json[] | undefined {
  const navigation = config.navigation;
  if (Array.isArray(navigation)) return navigation; // mint.json: the navigation is the groups (a new one is in every version)
  if (!isObject(navigation)) return undefined;
  if (Array.isArray(navigation.groups)) return navigation.groups;
  for (const key of ['languages', 'versions', 'tabs', 'anchors', 'dropdowns']) {
    const first = Array.isArray(navigation[key]) ? (navigation[key] as Json[])[0] : undefined;
    if (isObject(first) && Array.isArray(first.groups)) return first.groups;
  }
  return undefined;
}
