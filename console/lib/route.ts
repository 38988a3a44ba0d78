/** The console's views, addressed by the URL's fragment (`#/jobs/abc`), so that no path but /console/ is served. */
export type View = 'deployments' | 'insights' | 'jobs' | 'keys';

export interface Route {
  view: View;
  /** One item of the view: an agent job's id. */
  id?: string;
}

export const VIEWS: readonly { view: View; label: string }[] = [
  { view: 'deployments', label: 'Deployments' },
  { view: 'insights', label: 'Insights' },
  { view: 'jobs', label: 'Agent jobs' },
  { view: 'keys', label: 'Keys' },
];

export function routeOf(hash: string): Route {
  const [view, id] = hash
    .replace(/^#\/?/, '')
    .split('/')
    .map((part) => decodeURIComponent(part));
  const known = VIEWS.find((entry) => entry.view === view)?.view ?? 'deployments';
  return id ? { view: known, id } : { view: known };
}

export function hrefOf(route: Route): string {
  return `#/${route.view}${route.id ? `/${encodeURIComponent(route.id)}` : ''}`;
}
