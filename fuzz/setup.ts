import fs from 'node:fs';
import path from 'node:path';
import { runFolio, type RunningFolio } from '../test/support/folio-process.ts';
import { CORPUS, makeRepo } from '../test/support/git-repo.ts';

/** The `folio serve` under test, with its port (raw sockets need it) and the environment its CLI commands run with. */
export interface FolioServer extends RunningFolio {
  port: number;
  env: Record<string, string>;
}

/** The server's settings: only what Folio needs (the caller's model keys and settings stay out). */
export function folioEnv(settings: { dataDir: string; databaseUrl: string }): Record<string, string> {
  return {
    HOST: '127.0.0.1',
    DATA_DIR: settings.dataDir,
    LOG_LEVEL: 'info',
    DATABASE_URL: settings.databaseUrl,
    ...(process.env.EMBEDDED_POSTGRES_HOME ? { EMBEDDED_POSTGRES_HOME: process.env.EMBEDDED_POSTGRES_HOME } : {}),
    // Hostile requests by the thousand from one address must reach the routes, not the per-client limits.
    ASSISTANT_MESSAGES_PER_HOUR: '100000000',
    ASSISTANT_MESSAGES_PER_MINUTE_PER_CLIENT: '1000000',
    SEARCHES_PER_HOUR: '100000000',
    SEARCHES_PER_MINUTE_PER_CLIENT: '1000000',
    MCP_REQUESTS_PER_HOUR_PER_CLIENT: '100000000',
    MCP_TOOL_CALLS_PER_HOUR: '100000000',
  };
}

/** Runs `folio ARGS` against the server's database, as an operator would; its stdout. */
async function cli(server: FolioServer, args: string[]): Promise<string> {
  const { code, stdout, stderr } = await runFolio(args, { ...server.env, LOG_LEVEL: 'warn' });
  if (code !== 0) throw new Error(`folio ${args.slice(0, 2).join(' ')} exited with ${code}: ${stderr.trim()}`);
  return stdout;
}

export interface FuzzProject {
  projectId: string;
  subdomain: string;
  adminKey: string;
  assistantKey: string;
  /** Its deployment, finished. */
  statusId: string;
}

/** Everything the cases need from the running Folio: projects, keys of every sort, ids that exist. */
export interface Fixture {
  url: string;
  port: number;
  /** The bundled example, deployed: the routes' real target. */
  main: FuzzProject;
  /** A small second site: its keys are "another project's", and updates are triggered on it (cheap). */
  other: FuzzProject;
  revokedAdminKey: string;
  revokedAssistantKey: string;
  /** An assistant key of the main project usable only from https://docs.example.com. */
  originKey: string;
  threadId: string;
  sessionId: string;
  /** The site's page paths (`quickstart`, `cli/install`) and other files (`images/hero.png`). */
  pages: string[];
  assets: string[];
  /** `/widget/folio-<hash>.js`, read from /widget.js. */
  widgetFiles: string[];
  /** `/console/assets/console-<hash>.js`, read from /console/. */
  consoleFiles: string[];
  /** A content gap of the main project, when its analytics have one yet (else "x", which names none). */
  gapId: string;
  /** Keys and ids as the report shows them (`$ADMIN_KEY`), so examples can be pasted. */
  placeholders: [string, string][];
  /** Folders to remove at the end. */
  repoDirs: string[];
}

const SMALL_SITE: Record<string, string> = {
  'docs.json': JSON.stringify({ name: 'Other', navigation: { groups: [{ group: 'Guides', pages: ['index'] }] } }),
  'index.mdx': '---\ntitle: Other\n---\n\n## Hello\n\nA small site.\n',
};

const DEPLOY_MS = 240_000;

export async function prepareFixture(server: FolioServer, say: (line: string) => void): Promise<Fixture> {
  const corpus = makeRepo({ copyFrom: CORPUS });
  const small = makeRepo(SMALL_SITE);
  const repoDirs = [corpus.dir, small.dir];
  try {
    const created = JSON.parse(await cli(server, ['project', 'create', '--name', 'Fuzz', '--subdomain', 'fuzz', '--repo', corpus.dir, '--json']));
    const createdOther = JSON.parse(await cli(server, ['project', 'create', '--name', 'Other', '--subdomain', 'fuzz-other', '--repo', small.dir, '--json']));
    const revokedAdminKey = await revokedKey(server, created.projectId, 'admin');
    const revokedAssistantKey = await revokedKey(server, created.projectId, 'assistant');
    const originKey = JSON.parse(
      await cli(server, ['key', 'create', '--project', created.projectId, '--kind', 'assistant', '--origins', 'https://docs.example.com', '--json']),
    ).key as string;

    say('deploying the example and a small second site');
    const [statusId, otherStatusId] = await Promise.all([deploy(server.url, created), deploy(server.url, createdOther)]);
    const main: FuzzProject = { ...created, statusId };
    const other: FuzzProject = { ...createdOther, statusId: otherStatusId };
    const question = { fp: 'fuzz', messages: [{ role: 'user', content: 'How do I set up a custom domain?' }] };
    const threadId = await idFromHeader(server.url, `/v1/assistant/${main.subdomain}/message`, main.assistantKey, question, 'x-thread-id');
    const job = { branch: 'docs/fuzz', messages: [{ role: 'user', content: 'Document the --port flag of mint dev.' }] };
    const sessionId = await idFromHeader(server.url, `/v1/agent/${main.projectId}/job`, main.adminKey, job, 'x-session-id');
    const files = listFiles(corpus.dir);
    return {
      url: server.url,
      port: server.port,
      main,
      other,
      revokedAdminKey,
      revokedAssistantKey,
      originKey,
      threadId,
      sessionId,
      pages: files.filter((file) => /\.mdx?$/.test(file)).map((file) => file.replace(/\.mdx?$/, '')),
      assets: files.filter((file) => !/\.(mdx?|json)$/.test(file)),
      widgetFiles: await widgetFiles(server.url),
      consoleFiles: await consoleFiles(server.url),
      gapId: await firstGap(server.url, main),
      placeholders: [
        [main.adminKey, '$ADMIN_KEY'],
        [main.assistantKey, '$ASSISTANT_KEY'],
        [other.adminKey, '$OTHER_ADMIN_KEY'],
        [other.assistantKey, '$OTHER_ASSISTANT_KEY'],
        [revokedAdminKey, '$REVOKED_ADMIN_KEY'],
        [revokedAssistantKey, '$REVOKED_ASSISTANT_KEY'],
        [originKey, '$ORIGIN_LIMITED_KEY'],
        [main.projectId, '$PROJECT_ID'],
        [other.projectId, '$OTHER_PROJECT_ID'],
        [statusId, '$STATUS_ID'],
        [otherStatusId, '$OTHER_STATUS_ID'],
        [threadId, '$THREAD_ID'],
        [sessionId, '$SESSION_ID'],
        [server.url, '$FOLIO'],
        [`127.0.0.1:${server.port}`, '$FOLIO_HOST'],
      ],
      repoDirs,
    };
  } catch (error) {
    for (const dir of repoDirs) fs.rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}

async function revokedKey(server: FolioServer, projectId: string, kind: 'admin' | 'assistant'): Promise<string> {
  const { key, prefix } = JSON.parse(await cli(server, ['key', 'create', '--project', projectId, '--kind', kind, '--json']));
  await cli(server, ['key', 'revoke', prefix]);
  return key;
}

/** POST /v1/project/update/{id}, then the status record until it ends; its status id once it succeeded. */
async function deploy(url: string, project: { projectId: string; adminKey: string; subdomain: string }): Promise<string> {
  const auth = { authorization: `Bearer ${project.adminKey}` };
  const started = await fetch(`${url}/v1/project/update/${project.projectId}`, { method: 'POST', headers: auth });
  if (started.status !== 202) throw new Error(`deploying ${project.subdomain}: ${started.status} ${await started.text()}`);
  const { statusId } = (await started.json()) as { statusId: string };
  const deadline = Date.now() + DEPLOY_MS;
  while (Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const record = (await (await fetch(`${url}/v1/project/update-status/${statusId}`, { headers: auth })).json()) as { status: string; summary?: string };
    if (record.status === 'success') return statusId;
    if (record.status === 'failure') throw new Error(`deploying ${project.subdomain} failed: ${record.summary}`);
  }
  throw new Error(`deploying ${project.subdomain} did not end within ${DEPLOY_MS / 1000} s`);
}

/** A request whose answer names something the cases reuse in a header (a thread, an agent session). */
async function idFromHeader(url: string, path: string, key: string, body: unknown, header: string): Promise<string> {
  const response = await fetch(`${url}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  await response.text();
  const id = response.headers.get(header);
  if (response.status !== 200 || !id) throw new Error(`POST ${path} was answered ${response.status}, without ${header}`);
  return id;
}

/** The content-hashed bundle /widget.js imports. */
async function widgetFiles(url: string): Promise<string[]> {
  const script = await (await fetch(`${url}/widget.js`)).text();
  return [...new Set(script.match(/\/widget\/[\w.-]+\.js/g) ?? [])];
}

/** The hashed bundle the console's page loads. */
async function consoleFiles(url: string): Promise<string[]> {
  const page = await (await fetch(`${url}/console/`)).text();
  return [...new Set(page.match(/\/console\/assets\/[\w.-]+/g) ?? [])];
}

async function firstGap(url: string, project: FuzzProject): Promise<string> {
  const response = await fetch(`${url}/v1/analytics/${project.projectId}/gaps`, { headers: { authorization: `Bearer ${project.adminKey}` } });
  const { gaps } = (await response.json()) as { gaps?: { id: string }[] };
  return gaps?.[0]?.id ?? 'x';
}

function listFiles(root: string, dir = ''): string[] {
  return fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = dir ? `${dir}/${entry.name}` : entry.name;
    if (entry.name.startsWith('.')) return [];
    return entry.isDirectory() ? listFiles(root, relative) : [relative];
  });
}
