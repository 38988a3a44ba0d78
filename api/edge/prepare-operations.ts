import type { App } from '../app.ts';
import type { RouteTable } from '../rest/routes.ts';

/**
 * Parses and validates the operation of every streaming route once, before the process takes requests:
 * yoga keeps both results, so a process's first answer or streamed search does not pay for them
 * (docs/performance.md#assistant).
 */
export function prepareStreamOperations(app: App, routes: RouteTable): void {
  for (const route of routes.api) {
    if (route.kind !== 'stream') continue;
    const enveloped = app.getEnveloped({ request: new Request('http://localhost/'), params: { query: route.operation } });
    enveloped.validate(enveloped.schema, enveloped.parse(route.operation));
  }
}
