import { PrismaPg } from '@prisma/adapter-pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PrismaClient } from '../../api/db/generated/prisma/client.ts';
import { migrate, readMigrations } from '../../api/db/migrate.ts';
import { createApiKey } from '../../api/auth/keys.ts';
import type { CreatedProject } from '../../api/projects/create-project.ts';
import { createScratchDatabase } from '../support/scratch-database.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

/**
 * A job stored before agent_sessions became agent_jobs (its columns haulted, hault_reason, session_id)
 * reads the same through the API once Folio has applied the renaming migration.
 */
const RENAME = '20261128194311_rename_agent_jobs';

let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
let project: CreatedProject;
let t: TestApp;
const jobId = 'c0ffee0000000000000000aa';
const failedId = 'c0ffee0000000000000000bb';
const link = 'https://github.test/acme/docs/pull/7';

beforeAll(async () => {
  scratch = await createScratchDatabase();
  const migrations = await readMigrations();
  await migrate(
    scratch.pool,
    migrations.filter((migration) => migration.name < RENAME),
  );
  const prisma = new PrismaClient({ adapter: new PrismaPg({ connectionString: scratch.url }) });
  try {
    // The project row as that schema had it (createProject writes today's columns).
    const { rows } = await scratch.pool.query<{ id: string }>(
      "INSERT INTO projects (name, subdomain, repo_url, code_host, updated_at) VALUES ('Before', 'before-rename', '/tmp', 'local', now()) RETURNING id",
    );
    const projectId = rows[0]!.id;
    const admin = await createApiKey(prisma, projectId, 'admin');
    project = { projectId, subdomain: 'before-rename', adminKey: admin.key, assistantKey: '' };
  } finally {
    await prisma.$disconnect();
  }
  await scratch.pool.query(
    `INSERT INTO agent_sessions (id, project_id, branch, messages, haulted, hault_reason, pull_request_link, message_to_user, updated_at)
     VALUES ($1, $2, 'docs/old', '[{"role":"user","content":"Fix the quickstart"}]', true, 'completed', $3, 'Opened a pull request.', now())`,
    [jobId, project.projectId, link],
  );
  await scratch.pool.query(
    `INSERT INTO agent_sessions (id, project_id, branch, haulted, hault_reason, message_to_user, updated_at)
     VALUES ($1, $2, 'docs/refused', true, 'github_missconfigured', 'GitHub refused the token.', now())`,
    [failedId, project.projectId],
  );
  await scratch.pool.query(`INSERT INTO agent_events (session_id, seq, kind, payload) VALUES ($1, 0, 'outcome', $2)`, [
    failedId,
    { haulted: true, haultReason: 'github_missconfigured', messageToUser: 'GitHub refused the token.' },
  ]);
  await scratch.pool.query(`INSERT INTO todos (session_id, position, content, status, priority) VALUES ($1, 0, 'Rewrite step 2', 'completed', 'high')`, [
    jobId,
  ]);
  await scratch.pool.query(`INSERT INTO agent_events (session_id, seq, kind, payload) VALUES ($1, 0, 'outcome', $2)`, [
    jobId,
    { haulted: true, haultReason: 'completed', messageToUser: 'Opened a pull request.', pullRequestLink: link },
  ]);
  t = await startTestApp({ databaseUrl: scratch.url });
});
afterAll(async () => {
  await t?.close();
  await scratch.drop();
});

describe('a job stored before the agent tables were renamed', () => {
  it('has the renaming migration applied on start, its rows and events in the new names', async () => {
    const applied = await scratch.pool.query('SELECT migration_name FROM _prisma_migrations WHERE migration_name = $1', [RENAME]);
    expect(applied.rowCount).toBe(1);
    const rows = await scratch.pool.query('SELECT id, halted, halt_reason FROM agent_jobs ORDER BY id');
    expect(rows.rows).toEqual([
      { id: jobId, halted: true, halt_reason: 'completed' },
      { id: failedId, halted: true, halt_reason: 'github_misconfigured' },
    ]);
    const stored = await scratch.pool.query('SELECT payload FROM agent_events WHERE job_id = $1', [failedId]);
    expect(stored.rows).toEqual([{ payload: { halted: true, haltReason: 'github_misconfigured', messageToUser: 'GitHub refused the token.' } }]);
  });

  it('reads the same through /v1 and /v2', async () => {
    const v1 = await t.call('GET', `/v1/agent/${project.projectId}/job/${jobId}`, { key: project.adminKey });
    expect(v1.status).toBe(200);
    expect(v1.body).toMatchObject({
      sessionId: jobId,
      branch: 'docs/old',
      haulted: true,
      haultReason: 'completed',
      pullRequestLink: link,
      messageToUser: 'Opened a pull request.',
      todos: [{ content: 'Rewrite step 2', status: 'completed', priority: 'high' }],
    });
    const v2 = await t.call('GET', `/v2/agent/${project.projectId}/job/${jobId}`, { key: project.adminKey });
    expect(v2.body).toMatchObject({ id: jobId, status: 'completed', prLink: link });
    const failed = await t.call('GET', `/v1/agent/${project.projectId}/job/${failedId}`, { key: project.adminKey });
    expect(failed.body).toMatchObject({ sessionId: failedId, haulted: true, haultReason: 'github_missconfigured' });
    const failedV2 = await t.call('GET', `/v2/agent/${project.projectId}/job/${failedId}`, { key: project.adminKey });
    expect(failedV2.body).toMatchObject({ id: failedId, status: 'failed' });
  });

  const eventsOf = async (id: string) => {
    const res = await t.app.fetch('http://folio.test/graphql', {
      method: 'POST',
      headers: { authorization: `Bearer ${project.adminKey}`, 'content-type': 'application/json', accept: 'text/event-stream' },
      body: JSON.stringify({
        query: `subscription { agentJobEvents(projectId: "${project.projectId}", sessionId: "${id}") { seq kind payload } }`,
      }),
    });
    const text = await res.text();
    return [...text.matchAll(/^data: (.+)$/gm)].map((match) => JSON.parse(match[1]!)).filter((message) => message.data);
  };

  it('streams its stored outcome in the API’s words', async () => {
    const events = await eventsOf(jobId);
    expect(Object.keys(events[0].data.agentJobEvents.payload)).toEqual(['haulted', 'haultReason', 'messageToUser', 'pullRequestLink']);
    expect(events.map((message) => message.data.agentJobEvents)).toEqual([
      {
        seq: 0,
        kind: 'outcome',
        payload: { haulted: true, haultReason: 'completed', messageToUser: 'Opened a pull request.', pullRequestLink: link },
      },
    ]);
  });

  it('streams a misconfigured code host in Mintlify’s spelling', async () => {
    const [event] = await eventsOf(failedId);
    expect(event.data.agentJobEvents.payload).toEqual({ haulted: true, haultReason: 'github_missconfigured', messageToUser: 'GitHub refused the token.' });
  });
});
