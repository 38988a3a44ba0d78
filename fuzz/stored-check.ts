import pg from 'pg';
import type { Fixture } from './setup.ts';
import type { Finding, FuzzCase, Reply, RequestSpec } from './types.ts';

/**
 * Nothing of a refused request may be stored. Every route that stores what it is sent (searches,
 * opened results, feedback, questions, jobs, previews, gap fixes, page views, MCP calls) is sent
 * requests it must refuse, each carrying a marker of its own in the text it sends; once Folio has
 * stopped (and written what it held), every table is searched for the markers. A valid search
 * carries a marker too and must be found: that proves the search can see a stored row.
 */

export interface MarkedCase extends FuzzCase {
  marker: string;
  /** The valid request whose marker must be found. */
  isControl?: boolean;
}

const CONTROL = 'fuzzcontrolx';
const JSON_TYPE: [string, string] = ['content-type', 'application/json'];
const RPC_ACCEPT: [string, string] = ['accept', 'application/json, text/event-stream'];

export function markedCases(fixture: Fixture): MarkedCase[] {
  const { main } = fixture;
  const page = `/${fixture.pages[0]}`;
  const cases: MarkedCase[] = [];
  const add = (route: string, label: string, build: (marker: string) => RequestSpec) => {
    const marker = `fuzzrefused${cases.length}x`;
    cases.push({ route, label, marker, request: build(marker) });
  };
  const post = (path: string, key: string | null, body: unknown, headers: [string, string][] = [JSON_TYPE]): RequestSpec => ({
    method: 'POST',
    target: path,
    headers: [...(key ? [['authorization', `Bearer ${key}`] as [string, string]] : []), ...headers],
    body: Buffer.from(JSON.stringify(body)),
    via: 'fetch',
  });
  const get = (path: string): RequestSpec => ({ method: 'GET', target: path, headers: [], via: 'fetch' });

  const search = `/v1/search/${main.subdomain}`;
  const assistant = main.assistantKey;
  add('POST /v1/search/{domain}', 'no key', (m) => post(search, null, { query: m }));
  add('POST /v1/search/{domain}', 'an admin key', (m) => post(search, main.adminKey, { query: m }));
  add('POST /v1/search/{domain}', 'pageSize 0', (m) => post(search, assistant, { query: m, pageSize: 0 }));
  add('POST /v1/search/{domain}', 'an unknown field', (m) => post(search, assistant, { query: m, x: 1 }));
  add('POST /v1/search/{domain}', 'a NUL in filter.language', (m) => post(search, assistant, { query: m, filter: { language: 'a\u0000' } }));
  add('POST /v1/search/{domain}', 'a form body', (m) => post(search, assistant, { query: m }, [['content-type', 'text/plain']]));
  add('POST /v1/search/{domain}/click', 'no path', (m) => post(`${search}/click`, assistant, { query: m }));
  add('POST /v1/search/{domain}/click', 'an unknown field', (m) => post(`${search}/click`, assistant, { query: m, path: page, x: 1 }));
  add('POST /v1/search/{domain}/click', 'a lone surrogate in the path', (m) => post(`${search}/click`, assistant, { query: m, path: '/\ud800' }));
  const feedback = `/v1/feedback/${main.subdomain}`;
  add('POST /v1/feedback/{domain}', 'source "bogus"', (m) => post(feedback, assistant, { source: 'bogus', helpful: true, comment: m }));
  add('POST /v1/feedback/{domain}', 'helpful "yes"', (m) => post(feedback, assistant, { source: 'thumbs_only', helpful: 'yes', comment: m }));
  add('POST /v1/feedback/{domain}', 'a NUL in the path', (m) =>
    post(feedback, assistant, { source: 'contextual', helpful: false, path: '\u0000', comment: m }),
  );
  add('POST /v1/feedback/{domain}', 'no key', (m) => post(feedback, null, { source: 'contextual', helpful: false, comment: m }));
  add('POST /v1/page/{domain}', 'groups a string', (m) => post(`/v1/page/${main.subdomain}`, assistant, { path: `/${m}`, groups: 'x' }));
  for (const version of ['v1', 'v2']) {
    const message = `/${version}/assistant/${main.subdomain}/message`;
    add(`POST /${version}/assistant/{domain}/message`, 'role "bogus"', (m) => post(message, assistant, { fp: m, messages: [{ role: 'bogus', content: m }] }));
    add(`POST /${version}/assistant/{domain}/message`, 'no key', (m) => post(message, null, { fp: m, messages: [{ role: 'user', content: m }] }));
  }
  const job = `/v1/agent/${main.projectId}/job`;
  add('POST /v1/agent/{projectId}/job', 'branch "a..b"', (m) => post(job, main.adminKey, { branch: `${m}..b`, messages: [{ role: 'user', content: m }] }));
  add('POST /v1/agent/{projectId}/job', 'an assistant key', (m) => post(job, assistant, { branch: m, messages: [{ role: 'user', content: m }] }));
  const preview = `/v1/project/preview/${fixture.other.projectId}`;
  add('POST /v1/project/preview/{projectId}', 'branch "x..y"', (m) => post(preview, fixture.other.adminKey, { branch: `${m}..y` }));
  add('POST /v1/project/preview/{projectId}', 'an unknown field', (m) => post(preview, fixture.other.adminKey, { branch: m, x: 1 }));
  const fix = `/v1/analytics/${main.projectId}/gaps/${fixture.gapId}/fix`;
  add('POST /v1/analytics/{projectId}/gaps/{gapId}/fix', 'dateFrom not a date', (m) => post(fix, main.adminKey, { dateFrom: m }));
  add('/graphql', 'a search with pageSize -1', (m) =>
    post('/graphql', assistant, { query: `{ search(domain: "${main.subdomain}", query: "${m}", pageSize: -1) { path } }` }),
  );
  for (const path of ['/mcp', '/authed/mcp']) {
    const mcp = `/sites/${main.subdomain}${path}`;
    const key = path === '/mcp' ? null : assistant;
    const call = (args: unknown) => ({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'search', arguments: args } });
    add(`POST /sites/{subdomain}${path}`, 'search with pageSize 0', (m) => post(mcp, key, call({ query: m, pageSize: 0 }), [JSON_TYPE, RPC_ACCEPT]));
    add(`POST /sites/{subdomain}${path}`, 'search without Accept', (m) => post(mcp, key, call({ query: m })));
    add(`POST /sites/{subdomain}${path}`, 'read_pages with a section of 301 characters', (m) =>
      post(
        mcp,
        key,
        { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'read_pages', arguments: { paths: [`/${m}`], section: 's'.repeat(301) } } },
        [JSON_TYPE, RPC_ACCEPT],
      ),
    );
  }
  add('GET /sites/{subdomain}/{page}', 'a page that is not there', (m) => get(`/sites/${main.subdomain}/${m}`));
  add('GET /sites/{subdomain}/{page}.md', 'a page that is not there, as Markdown', (m) => get(`/sites/${main.subdomain}/${m}.md`));
  cases.push({
    route: 'POST /v1/search/{domain}',
    label: 'a valid search (the control)',
    marker: CONTROL,
    isControl: true,
    request: post(search, assistant, { query: CONTROL }),
  });
  return cases;
}

/** Whether an answer refused its request: a 4xx, or an MCP server's JSON-RPC error or failed tool call. */
export function isRefusal(reply: Reply): boolean {
  if (reply.status >= 400) return true;
  if (!/^application\/json/.test(reply.headers['content-type'] ?? '')) return false;
  try {
    const json = JSON.parse(reply.body) as { error?: unknown; errors?: unknown[]; result?: { isError?: boolean } };
    return json.error !== undefined || (json.errors?.length ?? 0) > 0 || json.result?.isError === true;
  } catch {
    return false;
  }
}

/** The rows in every table of the database that hold a marker of a refused case, as findings (and one if the control is missing). */
export async function findStoredMarkers(databaseUrl: string, refused: MarkedCase[], control: MarkedCase | undefined): Promise<Finding[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const tables = await client.query<{ name: string }>(
      `SELECT format('%I.%I', schemaname, tablename) AS name FROM pg_tables WHERE schemaname NOT IN ('pg_catalog', 'information_schema')`,
    );
    const rows: { table: string; text: string }[] = [];
    for (const { name } of tables.rows) {
      const found = await client.query<{ text: string }>(
        `SELECT left(t::text, 300) AS text FROM ${name} t WHERE t::text ~ 'fuzz(refused\\d+|control)x' LIMIT 50`,
      );
      rows.push(...found.rows.map((row) => ({ table: name, text: row.text })));
    }
    const findings: Finding[] = [];
    for (const [order, fuzzCase] of refused.entries()) {
      const stored = rows.filter((row) => row.text.includes(fuzzCase.marker));
      if (stored.length === 0) continue;
      findings.push({
        kind: 'stored',
        route: fuzzCase.route,
        summary: `a refused request left ${stored.length} row${stored.length > 1 ? 's' : ''} in ${[...new Set(stored.map((row) => row.table))].join(', ')}`,
        label: fuzzCase.label,
        detail: stored.map((row) => `${row.table}: ${row.text}`).join('\n'),
        request: fuzzCase.request,
        order,
      });
    }
    if (control && !rows.some((row) => row.text.includes(control.marker))) {
      findings.push({
        kind: 'stored',
        route: control.route,
        summary: 'the valid search of the check was not found stored: the check sees nothing',
        label: control.label,
        order: -1,
      });
    }
    return findings;
  } finally {
    await client.end();
  }
}
