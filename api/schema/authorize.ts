import { notFound } from '../errors.ts';
import type { SiteOfDomain } from '../projects/sites-by-domain.ts';
import type { GraphQLContext } from './context.ts';

/** 401 (no key), 403 (not an admin key), 404 (no such project), 403 (another project's key), in that order. */
export async function requireProjectAdmin(context: GraphQLContext, projectId: string): Promise<void> {
  await context.auth.requireKind('admin');
  const project = await context.db.project.findUnique({ where: { id: projectId }, select: { id: true } });
  if (!project) throw notFound(`No project with id "${projectId}".`);
  await context.auth.requireProject(project.id);
}

/** 401 (no key), 403 (not an assistant key), 404 (no such site), 403 (another site's key), in that order; the site. */
export async function requireSiteAssistant(context: GraphQLContext, domain: string): Promise<SiteOfDomain> {
  await context.auth.requireKind('assistant');
  const project = await context.sites.find(domain);
  if (!project) throw notFound(`No documentation site with domain "${domain}".`);
  await context.auth.requireProject(project.id);
  return project;
}
