import { triggerDeployment } from '../deploy/trigger.ts';
import { watchDeployment } from '../deploy/watch.ts';
import { notFound } from '../errors.ts';
import { requireProjectAdmin } from './authorize.ts';
import { builder } from './builder.ts';
import type { GraphQLContext } from './context.ts';

/** A deployment's states (Mintlify's update status values). */
const DeploymentStatusEnum = builder.enumType('DeploymentStatus', {
  values: ['queued', 'in_progress', 'success', 'failure'] as const,
});

const FilesChanged = builder.objectRef<{ added: string[]; modified: string[]; removed: string[] }>('FilesChanged').implement({
  description: 'Files changed since the last successful deployment (all "added" for the first one).',
  fields: (t) => ({
    added: t.exposeStringList('added'),
    modified: t.exposeStringList('modified'),
    removed: t.exposeStringList('removed'),
  }),
});

interface CommitShape {
  sha: string | null;
  ref: string | null;
  message: string | null;
  filesChanged: { added: string[]; modified: string[]; removed: string[] };
}

const Commit = builder.objectRef<CommitShape>('Commit').implement({
  fields: (t) => ({
    sha: t.exposeString('sha', { nullable: true }),
    ref: t.exposeString('ref', { nullable: true }),
    message: t.exposeString('message', { nullable: true }),
    filesChanged: t.field({ type: FilesChanged, resolve: (commit) => commit.filesChanged }),
  }),
});

/**
 * A deployment, as Mintlify's update status record shows it. Its fields, in this order and with these names,
 * are the JSON body of GET /v1/project/update-status/{statusId} (test/fixtures/mintlify-openapi/openapi.json).
 * Mintlify calls a deployment an update: that word stays in the schema's names (`updateStatus`,
 * `triggerUpdate`, `UpdateTrigger`), in their descriptions (they are the OpenAPI document's too) and in the
 * errors clients read, and is mapped here, nowhere else.
 */
export const Deployment = builder.prismaObject('Deployment', {
  // Read only the columns a query asks for: a big site's deployment lists tens of thousands of files.
  select: { id: true },
  fields: (t) => ({
    _id: t.exposeString('id', { description: 'The status id of the update.' }),
    projectId: t.exposeString('projectId'),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    endedAt: t.expose('endedAt', { type: 'DateTime', nullable: true }),
    status: t.expose('status', { type: DeploymentStatusEnum }),
    summary: t.exposeString('summary'),
    logs: t.exposeStringList('logs'),
    subdomain: t.string({
      select: { project: { select: { subdomain: true } } },
      resolve: (deployment) => deployment.project.subdomain,
    }),
    screenshot: t.exposeString('screenshot', { nullable: true }),
    screenshotLight: t.exposeString('screenshotLight', { nullable: true }),
    screenshotDark: t.exposeString('screenshotDark', { nullable: true }),
    author: t.exposeString('author', { nullable: true }),
    commit: t.field({
      type: Commit,
      select: {
        commitSha: true,
        commitRef: true,
        commitMessage: true,
        filesAdded: true,
        filesModified: true,
        filesRemoved: true,
      },
      resolve: (d) => ({
        sha: d.commitSha,
        ref: d.commitRef,
        message: d.commitMessage,
        filesChanged: { added: d.filesAdded as string[], modified: d.filesModified as string[], removed: d.filesRemoved as string[] },
      }),
    }),
    source: t.string({
      description: 'internal | github-app-installation | api | github | dashboard',
      select: { source: true },
      resolve: (deployment) => deployment.source.replaceAll('_', '-'),
    }),
    branch: t.string({
      description: "Folio: the branch deployed (the project's branch, or a preview's).",
      nullable: true,
      select: { branch: true, project: { select: { branch: true } } },
      resolve: (deployment) => deployment.branch ?? deployment.project.branch,
    }),
    isPreview: t.exposeBoolean('isPreview', { description: "Folio: whether this deployment is of a branch's preview, not of the live site." }),
  }),
});

const DeploymentTriggered = builder.objectRef<{ statusId: string }>('UpdateTrigger').implement({
  fields: (t) => ({ statusId: t.exposeString('statusId', { description: 'Read the update with updateStatus.' }) }),
});

/** 401/403/404 in the documented order, then the deployment's id for an admin of its project. */
async function authorizeDeployment(context: GraphQLContext, statusId: string): Promise<void> {
  await context.auth.requireKind('admin');
  const found = await context.db.deployment.findUnique({ where: { id: statusId }, select: { projectId: true } });
  if (!found) throw notFound(`No update with status id "${statusId}".`);
  await context.auth.requireProject(found.projectId);
}

builder.queryField('updateStatus', (t) =>
  t.prismaField({
    type: Deployment,
    description: 'The status record of one project update (deployment). Admin key of its project.',
    args: { statusId: t.arg.string({ required: true }) },
    resolve: async (query, _root, { statusId }, context) => {
      await authorizeDeployment(context, statusId);
      return context.db.deployment.findUniqueOrThrow({ ...query, where: { id: statusId } });
    },
  }),
);

builder.mutationField('triggerUpdate', (t) =>
  t.field({
    type: DeploymentTriggered,
    description: "Queues a deployment of the project's configured branch. Admin key of the project.",
    args: { projectId: t.arg.string({ required: true }) },
    resolve: async (_root, { projectId }, context) => {
      await requireProjectAdmin(context, projectId);
      const deployment = await triggerDeployment(context, projectId, 'api');
      return { statusId: deployment.id };
    },
  }),
);

builder.subscriptionField('deploymentUpdated', (t) =>
  t.prismaField({
    type: Deployment,
    description: 'The update status record now, then again after every change, until it ends in success or failure.',
    args: { statusId: t.arg.string({ required: true }) },
    subscribe: async (_root, { statusId }, context) => {
      // Authorise before the stream exists, so a refused subscription is an HTTP error, not an event.
      await authorizeDeployment(context, statusId);
      return mapIds(watchDeployment(context, statusId, context.signal));
    },
    resolve: (query, id: string, _args, context) => context.db.deployment.findUniqueOrThrow({ ...query, where: { id } }),
  }),
);

/** The subscription resolves each event by id, so subscribers get exactly the fields they selected. */
async function* mapIds(changes: AsyncGenerator<{ id: string }>): AsyncGenerator<string> {
  for await (const deployment of changes) yield deployment.id;
}
