import { previewDomainOf } from '../projects/preview-names.ts';
import { publicPreviewAddress } from '../sites/site-address.ts';
import { triggerPreview } from '../previews/trigger-preview.ts';
import { requireProjectAdmin } from './authorize.ts';
import { builder } from './builder.ts';
import { Deployment } from './deployment.ts';

const PreviewTrigger = builder.objectRef<{ statusId: string; previewUrl: string }>('PreviewTrigger').implement({
  fields: (t) => ({
    statusId: t.exposeString('statusId', { description: 'Read the preview deployment with updateStatus, like any update.' }),
    previewUrl: t.exposeString('previewUrl', {
      description: 'Where the preview is read once its first deployment succeeds; the same for every deployment of the branch.',
    }),
  }),
});

export const Preview = builder.prismaObject('Preview', {
  description: "A branch's preview: its own site, search and assistant (domain `{slug}--{subdomain}`), never mixed into the live site.",
  fields: (t) => ({
    branch: t.exposeString('branch'),
    domain: t.string({
      description: 'The domain the preview answers to in the search, assistant, page and MCP APIs.',
      select: { slug: true, project: { select: { subdomain: true } } },
      resolve: (preview) => previewDomainOf(preview.slug, preview.project.subdomain),
    }),
    url: t.string({
      description: 'Where the preview is read.',
      select: { branch: true, project: { select: { subdomain: true } } },
      resolve: (preview, _args, context) => publicPreviewAddress(preview.project.subdomain, preview.branch, context.config),
    }),
    deployment: t.relation('deployment', { type: Deployment, nullable: true, description: 'The deployment it serves; null until its first succeeds.' }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    usedAt: t.expose('usedAt', { type: 'DateTime', description: 'Last deployed or read; PREVIEW_TTL_DAYS after it the preview is removed.' }),
  }),
});

builder.mutationField('triggerPreview', (t) =>
  t.field({
    type: PreviewTrigger,
    description: "Queues a deployment of a branch's preview, made on the branch's first trigger. Admin key of the project.",
    args: {
      projectId: t.arg.string({ required: true }),
      branch: t.arg.string({ required: true, description: 'The Git branch to preview.' }),
    },
    resolve: async (_root, { projectId, branch }, context) => {
      await requireProjectAdmin(context, projectId);
      return triggerPreview(context, projectId, branch, 'api');
    },
  }),
);

builder.queryField('previews', (t) =>
  t.prismaField({
    type: [Preview],
    description: "The project's previews, most recently used first. Admin key of the project.",
    args: { projectId: t.arg.string({ required: true }) },
    resolve: async (query, _root, { projectId }, context) => {
      await requireProjectAdmin(context, projectId);
      return context.db.preview.findMany({ ...query, where: { projectId }, orderBy: { usedAt: 'desc' } });
    },
  }),
);
