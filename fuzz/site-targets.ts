import { fixedDiscoveryCases, fixedLlmsCases, fixedMarkdownCases } from './cases/ai-files.ts';
import { fixedMcpCases, randomMcpCase, validRpc } from './cases/mcp.ts';
import { fixedSegmentCases } from './cases/pages.ts';
import type { Fixture } from './setup.ts';
import type { Target } from './target.ts';

/** What a site serves AI tools (its MCP servers, llms files, pages as Markdown, discovery) and the console. */
export function siteTargets(fixture: Fixture): Target[] {
  const { main } = fixture;
  const mcp = (path: string, key?: string): Target => {
    const target: Target = {
      route: `POST /sites/{subdomain}${path}`,
      method: 'POST',
      template: `/sites/{subdomain}${path}`,
      params: { subdomain: main.subdomain },
      ...(key ? { key } : {}),
      headers: [['accept', 'application/json, text/event-stream']],
      validBody: (random) => validRpc(random, fixture),
      ownShare: 0.5,
    };
    target.fixed = (random) => fixedMcpCases(target, random, fixture);
    target.random = (random) => randomMcpCase(target, random, fixture);
    return target;
  };
  const file = (route: string, template: string, params: Record<string, string>, fixed: NonNullable<Target['fixed']> | undefined): Target => ({
    route,
    method: 'GET',
    template,
    params,
    ...(fixed ? { fixed } : {}),
  });
  const llms = file('GET /sites/{subdomain}/llms.txt', '/sites/{subdomain}/llms.txt', { subdomain: main.subdomain }, undefined);
  llms.fixed = (random) => fixedLlmsCases(llms, random, fixture);
  const markdown = file('GET /sites/{subdomain}/{page}.md', '/sites/{subdomain}/{page}.md', { subdomain: main.subdomain, page: fixture.pages[0]! }, undefined);
  markdown.fixed = (random) => fixedMarkdownCases(markdown, random, fixture);
  const discovery = file('GET /sites/{subdomain}/.well-known/mcp', '/sites/{subdomain}/.well-known/mcp', { subdomain: main.subdomain }, undefined);
  discovery.fixed = (random) => fixedDiscoveryCases(discovery, random, fixture);
  const consoleFiles = [
    '',
    'index.html',
    ...fixture.consoleFiles.map((path) => path.replace('/console/', '')),
    'assets/',
    'assets/x.js',
    'assets/../page/index.html',
  ];
  const consolePage = file('GET /console/{file}', '/console/{file}', { file: '' }, undefined);
  consolePage.fixed = (random) => fixedSegmentCases(consolePage, random, '/console/', consoleFiles);
  return [mcp('/mcp'), mcp('/authed/mcp', main.assistantKey), llms, markdown, discovery, consolePage];
}
