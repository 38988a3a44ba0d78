import { notFound } from '../errors.ts';
import type { GraphQLContext } from './context.ts';

/** 401 (no key), 403 (not an admin key), 404 (no such project), 403 (another project's key), in that order. */
export async function requireProjectAdmin(context: GraphQLContext, projectId: string): Promise<void> {
  await context.auth.requireKind('admin');
  const project = await context.db.project.findUnique({ where: { id: projectId }, select: { id: true } });
  if (!project) throw notFound(`No project with id "${projectId}".`);
  await context.auth.requireProject(project.id);
}
