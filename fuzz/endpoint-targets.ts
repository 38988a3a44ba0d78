import { fixedGraphqlCases, randomGraphqlCase } from './cases/graphql.ts';
import { fixedSseCases, randomSseCase } from './cases/graphql-sse.ts';
import { fixedSegmentCases, fixedSiteCases, fixedWidgetCases, randomSiteCase, screenshotNames } from './cases/pages.ts';
import type { Fixture } from './setup.ts';
import type { Target } from './target.ts';

/** The endpoints beside the REST routes: GraphQL, graphql-sse, the rendered sites, pages, files, health. */
export function endpointTargets(fixture: Fixture): Target[] {
  const { main } = fixture;
  const graphql: Target = {
    route: '/graphql',
    method: 'POST',
    template: '/graphql',
    params: {},
    key: main.adminKey,
    validBody: () => ({ query: `{ project(id: "${main.projectId}") { name subdomain } }` }),
    ownShare: 0.6,
  };
  graphql.fixed = (random) => fixedGraphqlCases(graphql, random, fixture);
  graphql.random = (random) => randomGraphqlCase(graphql, random, fixture);

  const stream: Target = {
    route: '/graphql/stream',
    method: 'POST',
    template: '/graphql/stream',
    params: {},
    key: main.adminKey,
    headers: [['accept', 'text/event-stream']],
    validBody: () => ({ query: `subscription { deploymentUpdated(statusId: "${main.statusId}") { status } }` }),
    stream: 'graphql-sse',
    ownShare: 0.5,
  };
  stream.fixed = (random) => fixedSseCases(stream, random, fixture);
  stream.random = (random) => randomSseCase(stream, random, fixture);

  const site: Target = {
    route: 'GET /sites/{subdomain}/{page}',
    method: 'GET',
    template: '/sites/{subdomain}/{page}',
    params: { subdomain: main.subdomain, page: 'quickstart' },
    ownShare: 0.4,
  };
  site.fixed = (random) => fixedSiteCases(site, random, fixture);
  site.random = (random) => randomSiteCase(site, random, fixture);

  const page = (route: string, template: string, params: Record<string, string>, prefix: string, valid: string[]): Target => {
    const target: Target = { route, method: 'GET', template, params };
    target.fixed = (random) => fixedSegmentCases(target, random, prefix, valid);
    return target;
  };
  const screenshots = screenshotNames(fixture);
  const widgetFile = fixture.widgetFiles[0]?.replace('/widget/', '') ?? 'folio.js';
  const widget: Target = { route: 'GET /widget/{file}', method: 'GET', template: '/widget/{file}', params: { file: widgetFile } };
  widget.fixed = (random) => fixedWidgetCases(widget, random, fixture);

  return [
    graphql,
    stream,
    site,
    page('GET /demo/{subdomain}', '/demo/{subdomain}', { subdomain: main.subdomain }, '/demo/', [main.subdomain, fixture.other.subdomain, 'unknown', 'FUZZ']),
    page('GET /screenshots/{name}', '/screenshots/{name}', { name: screenshots[0]! }, '/screenshots/', screenshots),
    page('GET /pulls/{id}', '/pulls/{id}', { id: 'x' }, '/pulls/', ['x', 'cl0000000000000000000000', fixture.sessionId]),
    { route: 'GET /widget.js', method: 'GET', template: '/widget.js', params: {} },
    widget,
    { route: 'GET /health', method: 'GET', template: '/health', params: {} },
    { route: 'GET /v1/openapi.json', method: 'GET', template: '/v1/openapi.json', params: {} },
  ];
}
