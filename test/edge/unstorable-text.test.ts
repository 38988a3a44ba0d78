import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen, type RunningServer } from '../../api/http/server.ts';
import { seedProject, type SeededProject } from '../support/fixtures.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

/**
 * One rule at the edge for every text a client sends: a lone UTF-16 surrogate (half of a character,
 * which PostgreSQL's JSON refuses) is a 400 naming the field on every entry point, like a NUL, before
 * anything is stored or streamed.
 */
let t: TestApp;
let a: SeededProject;
let server: RunningServer;
beforeAll(async () => {
  t = await startTestApp();
  a = await seedProject(t);
  server = await listen(t.app, '127.0.0.1', 0);
});
afterAll(async () => {
  await server.close();
  await t.close();
});

const LONE = /lone UTF-16 surrogate/;

describe('a lone surrogate is a 400 naming the field', () => {
  it('in a JSON route body (search)', async () => {
    const res = await t.call('POST', `/v1/search/${a.subdomain}`, { key: a.assistantKey, json: { query: 'custom domain \ud800' } });
    expect(res).toMatchObject({ status: 400, body: { code: 'INVALID_INPUT', field: 'query' } });
    expect(res.body.error).toMatch(LONE);
  });

  it('in an agent job request, where it was a 500, and no session is created', async () => {
    const before = await t.db.agentJob.count({ where: { projectId: a.projectId } });
    const res = await t.call('POST', `/v1/agent/${a.projectId}/job`, {
      key: a.adminKey,
      json: { branch: 'docs/x', messages: [{ role: 'user', content: 'Document \udc00 this' }] },
    });
    expect(res).toMatchObject({ status: 400, body: { code: 'INVALID_INPUT', field: 'messages.0.content' } });
    expect(res.body.error).toMatch(LONE);
    expect(await t.db.agentJob.count({ where: { projectId: a.projectId } })).toBe(before);
  });

  it('in GraphQL variables and in a string literal written with an escape', async () => {
    const variables = await t.call('POST', '/graphql', {
      key: a.adminKey,
      json: { query: 'query($id: String!) { updateStatus(statusId: $id) { _id } }', variables: { id: 'a\ud800' } },
    });
    expect(variables.status).toBe(400);
    expect(variables.body.errors[0]).toMatchObject({ message: expect.stringMatching(LONE), extensions: { code: 'INVALID_INPUT', field: 'variables.id' } });

    const literal = await t.call('POST', '/graphql', { key: a.adminKey, json: { query: '{ updateStatus(statusId: "a\ud800") { _id } }' } });
    expect(literal.status).toBe(400);
    expect(literal.body.errors[0]).toMatchObject({ extensions: { code: 'INVALID_INPUT', field: 'query' } });
  });

  it('in a graphql-sse subscription', async () => {
    const res = await fetch(`${server.url}/graphql/stream`, {
      method: 'POST',
      headers: { accept: 'text/event-stream', 'content-type': 'application/json', authorization: `Bearer ${a.adminKey}` },
      body: JSON.stringify({ query: 'subscription($id: String!) { deploymentUpdated(statusId: $id) { _id } }', variables: { id: '\ud800x' } }),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'INVALID_INPUT', field: 'variables.id', error: expect.stringMatching(LONE) });
  });

  it('while a whole character (a surrogate pair) is accepted', async () => {
    const res = await t.call('POST', `/v1/search/${a.subdomain}`, { key: a.assistantKey, json: { query: 'custom domain 😀' } });
    expect(res.status).toBe(200);
  });
});

describe("a NUL in a site's name in the path is a 400 naming the domain, as on the API", () => {
  const rpc = { jsonrpc: '2.0', method: 'tools/list', id: 1 };
  const postMcp = (path: string, key?: string) =>
    fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...(key ? { authorization: `Bearer ${key}` } : {}) },
      body: JSON.stringify(rpc),
    });

  it.each([
    ['the MCP server', '/sites/%00/mcp'],
    ['the authenticated MCP server', '/sites/a%00b/authed/mcp'],
    ["a preview's MCP server", '/sites/a/~preview/b%00/mcp'],
  ])('on %s, where it was a 500, as a JSON-RPC error', async (_name, path) => {
    const res = await postMcp(path, a.assistantKey);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      jsonrpc: '2.0',
      error: { code: -32000, message: 'domain contains a NUL character.', data: { field: 'domain' } },
      id: null,
    });
  });

  it('a name that is not validly percent-encoded names no site: a JSON-RPC "not deployed"', async () => {
    const res = await postMcp('/sites/%ED%A0%80/mcp');
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ jsonrpc: '2.0', error: { code: -32000, message: 'No documentation is deployed at "%ED%A0%80".' }, id: null });
  });

  it('the same rule as a search names it', async () => {
    const res = await t.call('POST', `/v1/search/a%00b`, { key: a.assistantKey, json: { query: 'install' } });
    expect(res).toEqual(expect.objectContaining({ status: 400, body: { error: 'domain contains a NUL character.', code: 'INVALID_INPUT', field: 'domain' } }));
  });
});
