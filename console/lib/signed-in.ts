import { ConsoleError } from './console-error.ts';
import { VIEWER } from './documents.ts';
import { graphql } from './graphql.ts';

/** A project the console opens, with the admin key entered for it. */
export interface ConsoleProject {
  key: string;
  projectId: string;
  name: string;
  subdomain: string;
}

/** Kept for this tab only (sessionStorage): closing it, or signing out, forgets the keys. Never a cookie, never the URL. */
const STORE = 'folio-console:projects';
const CURRENT = 'folio-console:current';

export function signedInProjects(): ConsoleProject[] {
  try {
    const projects = JSON.parse(sessionStorage.getItem(STORE) ?? '[]') as ConsoleProject[];
    return Array.isArray(projects) ? projects.filter((project) => typeof project?.key === 'string' && typeof project.projectId === 'string') : [];
  } catch {
    return [];
  }
}

export function currentProjectId(): string | undefined {
  return sessionStorage.getItem(CURRENT) ?? undefined;
}

export function setCurrentProject(projectId: string): void {
  sessionStorage.setItem(CURRENT, projectId);
}

/**
 * Asks Folio whose key this is; an admin key's project joins the list (a second key of the same project
 * replaces the first). An assistant key, or one Folio does not know, is refused with a message saying so.
 */
export async function signIn(key: string): Promise<ConsoleProject> {
  const trimmed = key.trim();
  if (!trimmed) throw new ConsoleError('Enter an admin key (it starts with folio_admin_).', 'INVALID_INPUT', 400);
  const { viewer } = await graphql(trimmed, VIEWER, {}).catch((error: unknown) => {
    if (error instanceof ConsoleError && error.status === 401)
      throw new ConsoleError('Folio does not know this key, or it was revoked. Check it and try again.', error.code, 401);
    throw error;
  });
  if (viewer.kind !== 'admin' || !viewer.project)
    throw new ConsoleError(
      'This is an assistant key: it can search and ask, not manage a project. Sign in with an admin key (folio_admin_…).',
      'FORBIDDEN',
      403,
    );
  const project = { key: trimmed, projectId: viewer.projectId, name: viewer.project.name, subdomain: viewer.project.subdomain };
  sessionStorage.setItem(STORE, JSON.stringify([...signedInProjects().filter((known) => known.projectId !== project.projectId), project]));
  setCurrentProject(project.projectId);
  return project;
}

/** Forgets one project's key, or all of them. */
export function signOut(projectId?: string): void {
  const left = projectId ? signedInProjects().filter((project) => project.projectId !== projectId) : [];
  if (left.length === 0) {
    sessionStorage.removeItem(STORE);
    sessionStorage.removeItem(CURRENT);
    return;
  }
  sessionStorage.setItem(STORE, JSON.stringify(left));
  if (currentProjectId() === projectId) setCurrentProject(left[0]!.projectId);
}
