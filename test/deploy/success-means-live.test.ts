import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createClient } from 'graphql-sse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProject, type CreatedProject } from '../../api/projects/create-project.ts';
import { startFolio, type RunningFolio } from '../support/folio-process.ts';
import { commit, CORPUS, makeRepo } from '../support/git-repo.ts';
import { isolatedTestApp } from '../support/test-app.ts';

/**
 * `success` means live: a client that reads a deployment's success and at once asks the `folio serve`
 * process that ran it gets the new deployment's answers, every time, from search, the page, its
 * Markdown, llms.txt and the MCP server. The site is the corpus (984 pages): its search index takes
 * long enough to load that a process announcing success before loading it is caught.
 */
const ROUNDS = 20;
const isolated = isolatedTestApp({ isWorker: false });
let serve: RunningFolio;
let site: CreatedProject;
let repoDir: string;
let dataDir: string;
const docsJson = JSON.parse(fs.readFileSync(path.join(CORPUS, 'docs.json'), 'utf8'));
/** The English "Get started" group, where each round adds its page. */
const getStarted: unknown[] = docsJson.navigation.languages[0].tabs[0].groups[0].pages;

beforeAll(async () => {
  repoDir = makeRepo({ copyFrom: CORPUS }).dir;
  site = await createProject(isolated.app.db, { name: 'Acme Docs', subdomain: 'corpus-live', repo: repoDir });
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-live-'));
  serve = await startFolio('serve', {
    DATABASE_URL: isolated.databaseUrl,
    DATA_DIR: dataDir,
    SEARCHES_PER_MINUTE_PER_CLIENT: '100000',
    SEARCHES_PER_HOUR: '1000000',
  });
  expect(await deployUntilReported()).toBe('success');
});
afterAll(async () => {
  await serve?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(repoDir, { recursive: true, force: true });
});

/**
 * Triggers a deployment over REST and follows it until it ends, as clients do: by its subscription, or
 * by reading its status record every 10 ms; resolves with its status.
 */
async function deployUntilReported(follow: 'subscription' | 'status record' = 'subscription'): Promise<string> {
  const headers = { authorization: `Bearer ${site.adminKey}` };
  const response = await fetch(`${serve.url}/v1/project/update/${site.projectId}`, { method: 'POST', headers });
  const { statusId } = (await response.json()) as { statusId: string };
  if (follow === 'status record') {
    for (;;) {
      const { status } = (await (await fetch(`${serve.url}/v1/project/update-status/${statusId}`, { headers })).json()) as { status: string };
      if (status === 'success' || status === 'failure') return status;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }
  const client = createClient({ url: `${serve.url}/graphql/stream`, headers: { authorization: `Bearer ${site.adminKey}` }, retryAttempts: 0 });
  try {
    for await (const event of client.iterate({
      query: 'subscription($id: String!) { deploymentUpdated(statusId: $id) { status } }',
      variables: { id: statusId },
    })) {
      const { status } = event.data!.deploymentUpdated as { status: string };
      if (status === 'success' || status === 'failure') return status;
    }
  } finally {
    client.dispose();
  }
  throw new Error('the subscription ended before the deployment did');
}

const search = async (query: string) => {
  const response = await fetch(`${serve.url}/v1/search/${site.subdomain}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${site.assistantKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ query }),
  });
  return JSON.stringify(await response.json());
};
const text = async (route: string) => (await fetch(`${serve.url}/sites/${site.subdomain}/${route}`)).text();
const mcpSearch = async (query: string) => {
  const response = await fetch(`${serve.url}/sites/${site.subdomain}/mcp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'search', arguments: { query } } }),
  });
  return JSON.stringify(await response.json());
};

/** A word no page has, different each round, that search and every other surface can only find in the new deployment. */
const wordOf = (round: number) => `quillo${String.fromCharCode(97 + round)}bark`;

describe('a deployment reported successful', () => {
  it(`is served by the process that ran it the moment its subscription or status record says so (${ROUNDS} deployments in a row)`, async () => {
    const missed: string[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const word = wordOf(round);
      const page = `round-${round}`;
      getStarted.push(page);
      const quickstart = fs.readFileSync(path.join(repoDir, 'quickstart.mdx'), 'utf8');
      commit(repoDir, {
        'docs.json': JSON.stringify(docsJson),
        [`${page}.mdx`]: `---\ntitle: Round ${round}\n---\n\n## About ${word}\n\nThe ${word} setting is new in round ${round}.\n`,
        'quickstart.mdx': `${quickstart}\n\n## Round ${round} changes\n\nThe quickstart changed in round ${round}: ${word}fold.\n`,
      });
      expect(await deployUntilReported(round % 2 === 0 ? 'subscription' : 'status record')).toBe('success');
      const [found, html, markdown, llms, mcp, modified] = await Promise.all([
        search(word),
        text(page),
        text(`${page}.md`),
        text('llms.txt'),
        mcpSearch(word),
        search(`${word}fold`),
      ]);
      if (!found.includes(`/${page}`)) missed.push(`round ${round}: search`);
      if (!html.includes(word)) missed.push(`round ${round}: page`);
      if (!markdown.includes(word)) missed.push(`round ${round}: Markdown`);
      if (!llms.includes(`/${page}`)) missed.push(`round ${round}: llms.txt`);
      if (!mcp.includes(word)) missed.push(`round ${round}: MCP`);
      if (!modified.includes('/quickstart')) missed.push(`round ${round}: the modified page's new text`);
    }
    expect(missed).toEqual([]);
  }, 300_000);

  it('searches hidden pages at once when docs.json turns on seo.indexing "all"', async () => {
    commit(repoDir, { 'unlisted.mdx': '---\ntitle: Unlisted\n---\n\n## Hidden knob\n\nThe brambleworth knob is on no navigation.\n' });
    expect(await deployUntilReported()).toBe('success');
    expect(await search('brambleworth')).not.toContain('/unlisted');
    commit(repoDir, { 'docs.json': JSON.stringify({ ...docsJson, seo: { ...docsJson.seo, indexing: 'all' } }) });
    expect(await deployUntilReported('status record')).toBe('success');
    expect(await search('brambleworth')).toContain('/unlisted');
  }, 120_000);
});
