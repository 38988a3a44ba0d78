import { createApiKey, revokeApiKey } from '../auth/keys.ts';
import { parseKeyOrigins } from '../auth/key-origins.ts';
import { notFound } from '../errors.ts';
import { requireProjectAdmin } from './authorize.ts';
import { builder } from './builder.ts';

const ApiKeyKindEnum = builder.enumType('ApiKeyKind', { values: ['admin', 'assistant'] as const });

/** A key as its project's admins see it: never its secret. */
const ApiKeyInfo = builder.prismaObject('ApiKey', {
  fields: (t) => ({
    prefix: t.exposeString('prefix', { description: 'The visible part of the key, which identifies it.' }),
    kind: t.expose('kind', { type: ApiKeyKindEnum }),
    allowedOrigins: t.exposeStringList('allowedOrigins', {
      description: 'Origins a browser may use the key from (`self`: pages of this server); empty: anywhere.',
    }),
    isPublished: t.boolean({ description: "The site key Folio's own pages publish.", resolve: (key) => key.publishedKey !== null }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    lastUsedAt: t.expose('lastUsedAt', { type: 'DateTime', nullable: true }),
    revokedAt: t.expose('revokedAt', { type: 'DateTime', nullable: true }),
  }),
});

const CreatedApiKey = builder.objectRef<{ key: string; prefix: string; kind: 'admin' | 'assistant'; allowedOrigins: string[] }>('CreatedApiKey').implement({
  fields: (t) => ({
    key: t.exposeString('key', { description: 'The whole key: shown now, never again.' }),
    prefix: t.exposeString('prefix'),
    kind: t.expose('kind', { type: ApiKeyKindEnum }),
    allowedOrigins: t.exposeStringList('allowedOrigins'),
  }),
});

builder.queryField('apiKeys', (t) =>
  t.prismaField({
    type: [ApiKeyInfo],
    description: "The project's keys, newest first. Admin key of the project.",
    args: { projectId: t.arg.string({ required: true }) },
    resolve: async (query, _root, { projectId }, context) => {
      await requireProjectAdmin(context, projectId);
      return context.db.apiKey.findMany({ ...query, where: { projectId }, orderBy: { createdAt: 'desc' } });
    },
  }),
);

builder.mutationField('createApiKey', (t) =>
  t.field({
    type: CreatedApiKey,
    description: 'Creates a key; an assistant key meant for a public page can be limited to the origins of its pages. Admin key of the project.',
    args: {
      projectId: t.arg.string({ required: true }),
      kind: t.arg({ type: ApiKeyKindEnum, required: true }),
      allowedOrigins: t.arg.stringList({ description: 'Origins a browser may use the key from, such as https://docs.acme.com.' }),
    },
    resolve: async (_root, { projectId, kind, allowedOrigins }, context) => {
      await requireProjectAdmin(context, projectId);
      const origins = parseKeyOrigins(allowedOrigins ?? []);
      const created = await createApiKey(context.db, projectId, kind, { allowedOrigins: origins });
      return { key: created.key, prefix: created.prefix, kind, allowedOrigins: origins };
    },
  }),
);

builder.mutationField('setApiKeyOrigins', (t) =>
  t.prismaField({
    type: ApiKeyInfo,
    description: 'Limits a key to browsers on these origins (an empty list: anywhere). Admin key of the project.',
    args: {
      projectId: t.arg.string({ required: true }),
      prefix: t.arg.string({ required: true }),
      allowedOrigins: t.arg.stringList({ required: true }),
    },
    resolve: async (query, _root, { projectId, prefix, allowedOrigins }, context) => {
      await requireProjectAdmin(context, projectId);
      const origins = parseKeyOrigins(allowedOrigins);
      const updated = await context.db.apiKey.updateMany({ where: { projectId, prefix }, data: { allowedOrigins: origins } });
      if (updated.count === 0) throw notFound(`No key "${prefix}" in project "${projectId}".`);
      return context.db.apiKey.findUniqueOrThrow({ ...query, where: { prefix } });
    },
  }),
);

builder.mutationField('revokeApiKey', (t) =>
  t.prismaField({
    type: ApiKeyInfo,
    description: 'Revokes a key at once, in every process (revoking it again keeps the first time). Admin key of the project.',
    args: { projectId: t.arg.string({ required: true }), prefix: t.arg.string({ required: true }) },
    resolve: async (query, _root, { projectId, prefix }, context) => {
      await requireProjectAdmin(context, projectId);
      const key = await context.db.apiKey.findFirst({ where: { projectId, prefix }, select: { id: true } });
      if (!key) throw notFound(`No key "${prefix}" in project "${projectId}".`);
      await revokeApiKey(context.db, prefix);
      return context.db.apiKey.findUniqueOrThrow({ ...query, where: { id: key.id } });
    },
  }),
);
