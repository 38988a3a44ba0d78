import { z } from 'zod';
import { loopTool } from '../assistant/tool-loop.ts';
import { checkProject } from '../deploy/project-reader.ts';
import { hiddenPagesNote, pagesLeftHidden } from './hidden-pages.ts';
import { editNavigation, navigationFile } from './navigation-edit.ts';
import type { Todo, TodoList } from './todos.ts';
import { type Workspace, WorkspaceRefusal } from './workspace.ts';

/** A page the search found, with the file it is made from. */
export interface FoundPage {
  file: string | undefined;
  path: string;
  title: string;
  content: string;
}

export interface AgentToolContext {
  workspace: Workspace;
  /** Searches the live deployment's index. */
  search(query: string): Promise<FoundPage[]>;
  todos: TodoList;
  onTodos(todos: Todo[]): Promise<void>;
  /** Where the project is, for validation messages. */
  branch: string;
}

/** Lines of a file shown at most per read. */
const MAX_READ_LINES = 2_000;

/**
 * The agent's tools, over the working copy of its branch. A refused or failed operation answers
 * `{error}` for the model to read and correct; it never ends the job.
 */
export function agentTools(context: AgentToolContext) {
  const { workspace } = context;
  return {
    listPages: loopTool({
      description: 'List the files of the documentation repository (below a folder, if given).',
      inputSchema: z.object({ folder: z.string().optional().describe('A folder relative to the docs root (the folder that holds docs.json); omit for all.') }),
      execute: ({ folder }) => guarded(async () => ({ files: await workspace.list(folder ?? '') })),
    }),
    readPage: loopTool({
      description: 'Read a file of the repository (an .mdx page, docs.json, a snippet), with line numbers.',
      inputSchema: z.object({
        path: z.string().describe('Relative to the docs root (the folder that holds docs.json), such as "guides/setup.mdx".'),
        offset: z.number().int().min(1).optional().describe('First line to show (1-based).'),
      }),
      execute: ({ path, offset }) =>
        guarded(async () => {
          const lines = (await workspace.read(path)).split('\n');
          const start = (offset ?? 1) - 1;
          const shown = lines.slice(start, start + MAX_READ_LINES).map((line, index) => `${String(start + index + 1).padStart(5)}  ${line}`);
          return {
            path,
            lines: lines.length,
            content: shown.join('\n'),
            ...(start + MAX_READ_LINES < lines.length ? { more: `read on with offset ${start + MAX_READ_LINES + 1}` } : {}),
          };
        }),
    }),
    searchPages: loopTool({
      description: 'Search the published documentation. Returns matching sections with their page path and the file to edit.',
      inputSchema: z.object({ query: z.string() }),
      execute: ({ query }) => guarded(async () => ({ results: await context.search(query.slice(0, 1000)) })),
    }),
    createPage: loopTool({
      description:
        'Create a new file (an .mdx page with frontmatter `title` and `description`, say). Fails if it exists. Add new pages to the navigation with updateNavigation.',
      inputSchema: z.object({ path: z.string(), content: z.string() }),
      execute: ({ path, content }) =>
        guarded(async () => {
          if (await workspace.exists(path)) throw new WorkspaceRefusal(`"${path}" exists already; edit it with editPage.`);
          await workspace.write(path, content);
          return { created: path };
        }),
    }),
    editPage: loopTool({
      description:
        'Edit a file by exact string replacement: `oldString` must occur exactly once (or set replaceAll), including whitespace and indentation; read the file first.',
      inputSchema: z.object({ path: z.string(), oldString: z.string().min(1), newString: z.string(), replaceAll: z.boolean().optional() }),
      execute: ({ path, oldString, newString, replaceAll }) =>
        guarded(async () => {
          const text = await workspace.read(path);
          const count = text.split(oldString).length - 1;
          if (count === 0) throw new WorkspaceRefusal(`oldString does not occur in "${path}"; read the file and copy the exact text.`);
          if (count > 1 && !replaceAll)
            throw new WorkspaceRefusal(`oldString occurs ${count} times in "${path}"; give more context to make it unique, or set replaceAll.`);
          await workspace.write(path, text.split(oldString).join(newString));
          return { edited: path, replacements: replaceAll ? count : 1 };
        }),
    }),
    deletePage: loopTool({
      description: 'Delete a file. Remove a deleted page from the navigation with updateNavigation too.',
      inputSchema: z.object({ path: z.string() }),
      execute: ({ path }) =>
        guarded(async () => {
          await workspace.remove(path);
          return { deleted: path };
        }),
    }),
    updateNavigation: loopTool({
      description:
        "Add a page to a group of the navigation, created if no group has that name, or remove a page from it. It edits the file that holds the group: docs.json (a legacy project's mint.json), or a file docs.json's navigation names by $ref.",
      inputSchema: z.object({
        action: z.enum(['add', 'remove']),
        page: z.string().describe('The page as the navigation names it: its path without extension, such as "guides/setup".'),
        group: z.string().optional().describe('For add: the group name.'),
        after: z.string().optional().describe('For add: the page it goes after.'),
      }),
      execute: (change) =>
        guarded(async () => {
          const file = await navigationFile((path) => workspace.exists(path));
          const { writes, summary } = await editNavigation((path) => workspace.read(path), change, file);
          for (const [path, text] of writes) await workspace.write(path, text);
          return { summary };
        }),
    }),
    updateTodos: loopTool({
      description: 'Replace the todo list of this job: plan the work as todos, then keep their status up to date (one in_progress at a time).',
      inputSchema: z.object({
        todos: z
          .array(
            z.object({
              id: z.string(),
              content: z.string().min(1),
              status: z.enum(['pending', 'in_progress', 'completed', 'cancelled']),
              priority: z.enum(['high', 'medium', 'low']),
            }),
          )
          .max(50),
      }),
      execute: ({ todos }) =>
        guarded(async () => {
          const stored = await context.todos.replace(todos);
          await context.onTodos(stored);
          return { todos: stored.length };
        }),
    }),
    validateProject: loopTool({
      description:
        'Check the project as a deployment would read it: docs.json and its $refs, every navigation page present and parsable. Run it after your changes; fix every problem.',
      inputSchema: z.object({}),
      execute: () =>
        guarded(async () => {
          const where = `branch "${context.branch}"`;
          const check = await checkProject(workspace.projectFiles(), where, workspace.changedFiles());
          const hidden = hiddenPagesNote(await pagesLeftHidden(workspace.projectFiles(), where, workspace.changedFiles()));
          const warnings = [...(hidden ? [hidden] : []), ...check.warnings].slice(0, 20);
          return { ok: check.problems.length === 0, pages: check.pages, problems: check.problems, warnings };
        }),
    }),
    finish: loopTool({
      description:
        'End the job: a pull request title (imperative, under 72 characters) and a summary of what changed and why (for the pull request and the user).',
      inputSchema: z.object({ title: z.string().min(1).max(200), summary: z.string().min(1).max(5_000) }),
      execute: async ({ title, summary }) => ({ title, summary }),
    }),
  };
}

export type AgentTools = ReturnType<typeof agentTools>;

/** A refused or failed operation as a result the model reads (`{error}`), not a failure of the job. */
async function guarded<T>(run: () => Promise<T>): Promise<T | { error: string }> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof WorkspaceRefusal) return { error: error.message };
    if ((error as NodeJS.ErrnoException).code) return { error: `${(error as Error).message}` };
    throw error;
  }
}
