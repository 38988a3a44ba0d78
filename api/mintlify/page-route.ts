/** The URL path of a navigation page: `fr/cli/install` -> `/fr/cli/install`, `index` -> `/`. */
export function routeOf(page: string): string {
  const route = `/${page}`.replace(/\/index$/, '');
  return route === '' ? '/' : route;
}
