import { publicSiteAddress } from '../sites/site-address.ts';
import { requireProjectAdmin } from './authorize.ts';
import { builder } from './builder.ts';

const CodeHost = builder.enumType('CodeHost', { values: ['local', 'github', 'git'] as const });

/** A documentation site. Visible on GraphQL to holders of the project's admin key. */
export const Project = builder.prismaObject('Project', {
  fields: (t) => ({
    id: t.exposeString('id'),
    name: t.exposeString('name'),
    subdomain: t.exposeString('subdomain', { description: 'The `domain` of the assistant and search paths.' }),
    repoUrl: t.exposeString('repoUrl'),
    branch: t.exposeString('branch', { description: 'The deployment branch.' }),
    docsFolder: t.exposeString('docsFolder', {
      description: 'Folio: the repository folder that holds docs.json ("" for the root); deployments read the files below it.',
    }),
    codeHost: t.expose('codeHost', { type: CodeHost }),
    siteUrl: t.string({
      description: 'Folio: the rendered site’s public address (under SITE_DOMAIN, or /sites/{subdomain}/ of PUBLIC_URL).',
      select: { subdomain: true },
      resolve: (project, _args, context) => publicSiteAddress(project.subdomain, context.config),
    }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    liveDeployment: t.relation('liveDeployment', {
      nullable: true,
      description: 'The deployment whose content is served now.',
    }),
    deployments: t.relation('deployments', {
      description: 'Newest first.',
      args: { first: t.arg.int({ defaultValue: 20 }) },
      query: (args) => ({ orderBy: { createdAt: 'desc' }, take: Math.min(Math.max(args.first ?? 20, 1), 100) }),
    }),
  }),
});

builder.queryField('project', (t) =>
  t.prismaField({
    type: Project,
    description: 'One project. Admin key of that project.',
    args: { id: t.arg.string({ required: true }) },
    resolve: async (query, _root, { id }, context) => {
      await requireProjectAdmin(context, id);
      return context.db.project.findUniqueOrThrow({ ...query, where: { id } });
    },
  }),
);
