import type { Db } from '../db/database.ts';
import { AppError } from '../errors.ts';
import { createProject, updateProject } from '../projects/create-project.ts';
import { CommandError, UsageError } from './cli-error.ts';
import { parseCommandArgs, requireOption } from './parse.ts';

const PROJECT_HELP = `Usage:
  folio project create --name NAME --subdomain SUBDOMAIN --repo PATH_OR_URL [--branch BRANCH]
                       [--docs-folder FOLDER] [--json]
  folio project update PROJECT_ID [--branch BRANCH] [--docs-folder FOLDER]
  folio project list [--json]

create  Creates a project and prints its id, one admin key and one assistant key.
        Keys are shown once: store them now. --branch defaults to main.
        --repo is a local path, a file:// URL or an https Git URL.
        --docs-folder names the repository folder that holds docs.json, when the
        docs live beside other code (docs/ in a product's repository); the root
        by default.
update  Changes the deployment branch or the docs folder ("" for the root);
        the next deployment reads them.
list    Lists every project.

--json  Print JSON on stdout and nothing else there.`;

export async function projectCommand(args: string[], withDb: <T>(run: (db: Db) => Promise<T>) => Promise<T>, out: (text: string) => void, githubUrl: string) {
  const [sub, ...rest] = args;
  if (sub === 'create') {
    const { values } = parseCommandArgs(rest, {
      name: { type: 'string' },
      subdomain: { type: 'string' },
      repo: { type: 'string' },
      branch: { type: 'string' },
      'docs-folder': { type: 'string' },
      json: { type: 'boolean' },
    });
    if (values.help) return out(PROJECT_HELP);
    const input = {
      name: requireOption(values.name, 'name'),
      subdomain: requireOption(values.subdomain, 'subdomain'),
      repo: requireOption(values.repo, 'repo'),
      branch: values.branch,
      docsFolder: values['docs-folder'],
    };
    const created = await withDb((db) => createProject(db, input, { githubUrl })).catch(rethrowAsCommandError);
    if (values.json) return out(JSON.stringify(created));
    return out(
      [
        'Project created.',
        `  id:             ${created.projectId}`,
        `  subdomain:      ${created.subdomain}`,
        `  admin key:      ${created.adminKey}`,
        `  assistant key:  ${created.assistantKey}`,
        'The keys are shown only now; store them somewhere safe.',
      ].join('\n'),
    );
  }
  if (sub === 'update') {
    const { values, positionals } = parseCommandArgs(rest, { branch: { type: 'string' }, 'docs-folder': { type: 'string' } }, true);
    if (values.help) return out(PROJECT_HELP);
    const [projectId, ...extra] = positionals;
    if (!projectId || extra.length > 0) throw new UsageError('Give one project id: folio project update PROJECT_ID [--branch BRANCH] [--docs-folder FOLDER]');
    if (values.branch === undefined && values['docs-folder'] === undefined) throw new UsageError('Nothing to change: give --branch or --docs-folder.');
    const changes = { branch: values.branch, docsFolder: values['docs-folder'] };
    await withDb((db) => updateProject(db, projectId, changes)).catch(rethrowAsCommandError);
    return out(`Project updated; deploy it to read the change: folio deploy ${projectId}`);
  }
  if (sub === 'list') {
    const { values } = parseCommandArgs(rest, { json: { type: 'boolean' } });
    if (values.help) return out(PROJECT_HELP);
    const projects = await withDb((db) =>
      db.project.findMany({
        orderBy: { createdAt: 'asc' },
        select: { id: true, name: true, subdomain: true, repoUrl: true, branch: true, docsFolder: true, codeHost: true, createdAt: true },
      }),
    );
    if (values.json) return out(JSON.stringify(projects));
    if (projects.length === 0) return out('No projects yet. Create one with: folio project create --help');
    return out(
      projects
        .map((p) => `${p.id}  ${p.subdomain.padEnd(20)} ${p.name}  (${p.repoUrl}@${p.branch}${p.docsFolder ? `, docs in ${p.docsFolder}/` : ''})`)
        .join('\n'),
    );
  }
  if (sub === undefined || sub === '--help' || sub === '-h') return out(PROJECT_HELP);
  throw new UsageError(`Unknown project command "${sub}".`);
}

function rethrowAsCommandError(error: unknown): never {
  if (error instanceof AppError) throw new CommandError(error.message);
  throw error;
}
