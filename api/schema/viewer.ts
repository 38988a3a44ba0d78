import { builder } from './builder.ts';
import { Project } from './project.ts';

const ViewerKeyKind = builder.enumType('ViewerKeyKind', { values: ['admin', 'assistant'] as const });

/**
 * Who the request's key belongs to: what a client (the console) asks first, to know which project a key
 * opens. Any valid key; the project itself only for an admin key.
 */
const Viewer = builder.objectRef<{ kind: 'admin' | 'assistant'; projectId: string }>('Viewer').implement({
  fields: (t) => ({
    kind: t.expose('kind', { type: ViewerKeyKind }),
    projectId: t.exposeString('projectId'),
    project: t.prismaField({
      type: Project,
      nullable: true,
      description: 'The key’s project: null for an assistant key, which does not open it.',
      resolve: (query, viewer, _args, context) =>
        viewer.kind === 'admin' ? context.db.project.findUnique({ ...query, where: { id: viewer.projectId } }) : null,
    }),
  }),
});

builder.queryField('viewer', (t) =>
  t.field({
    type: Viewer,
    description: 'The key this request is made with: its kind and its project (401 without a valid key).',
    resolve: async (_root, _args, context) => {
      const holder = await context.auth.holder();
      return { kind: holder.kind, projectId: holder.projectId };
    },
  }),
);
