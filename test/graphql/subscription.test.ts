import { createClient, type Client } from 'graphql-sse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deploymentTopic } from '../../api/events/topics.ts';
import { createEvents, type Events } from '../../api/events/events.ts';
import { createLogger } from '../../api/logger.ts';
import { listen, type RunningServer } from '../../api/http/server.ts';
import { seedProject, type SeededProject } from '../support/fixtures.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
let server: RunningServer;
let a: SeededProject;
let b: SeededProject;
/** A second, independent LISTEN/NOTIFY connection: changes published here cross connections like another process's. */
let otherProcessEvents: Events;

beforeAll(async () => {
  t = await startTestApp();
  server = await listen(t.app, '127.0.0.1', 0);
  a = await seedProject(t, 'A');
  b = await seedProject(t, 'B');
  otherProcessEvents = await createEvents(t.runtime.database.pool, t.runtime.database.url, createLogger('error'));
});
afterAll(async () => {
  await otherProcessEvents.close();
  await server.close();
  await t.close();
});

const SUBSCRIPTION = `subscription($id: String!) { deploymentUpdated(statusId: $id) { _id status logs summary endedAt } }`;

async function changeDeployment(statusId: string, data: Parameters<TestApp['db']['deployment']['update']>[0]['data']) {
  await t.db.deployment.update({ where: { id: statusId }, data });
  await otherProcessEvents.publish(deploymentTopic(statusId));
}

describe.each([
  ['distinct connections mode', false],
  ['single connection mode', true],
])('deploymentUpdated over graphql-sse, %s', (_mode, singleConnection) => {
  it('streams the record now, then each change made elsewhere, and completes when the update ends', async () => {
    const seeded = await seedProject(t);
    const client: Client = createClient({
      url: `${server.url}/graphql/stream`,
      singleConnection,
      headers: { authorization: `Bearer ${seeded.adminKey}` },
      retryAttempts: 0,
    });
    const received: any[] = [];
    const subscription = client.iterate({ query: SUBSCRIPTION, variables: { id: seeded.statusId } });
    for await (const event of subscription) {
      received.push(event.data!.deploymentUpdated);
      if (received.length === 1) {
        expect(received[0]).toMatchObject({ _id: seeded.statusId, status: 'queued', endedAt: null });
        await changeDeployment(seeded.statusId, { status: 'in_progress', logs: { push: 'Fetching main' } });
      } else if (received.length === 2) {
        expect(received[1]).toMatchObject({ status: 'in_progress', logs: ['Queued by the API.', 'Fetching main'] });
        await changeDeployment(seeded.statusId, { status: 'success', summary: 'Deployed 3 pages', endedAt: new Date() });
      }
    }
    expect(received).toHaveLength(3);
    expect(received[2]).toMatchObject({ status: 'success', summary: 'Deployed 3 pages', endedAt: expect.any(String) });
    client.dispose();
  });
});

describe('refusals on /graphql/stream carry the HTTP status and {error, code}', () => {
  const open = (key: string | undefined, statusId: string) =>
    fetch(`${server.url}/graphql/stream`, {
      method: 'POST',
      headers: {
        accept: 'text/event-stream',
        'content-type': 'application/json',
        ...(key ? { authorization: `Bearer ${key}` } : {}),
      },
      body: JSON.stringify({ query: SUBSCRIPTION, variables: { id: statusId } }),
    });

  it.each([
    ['no key', () => [undefined, a.statusId], 401, 'UNAUTHENTICATED'],
    ['a revoked-or-unknown key', () => [`${a.adminKey.slice(0, -3)}zzz`, a.statusId], 401, 'UNAUTHENTICATED'],
    ['an assistant key', () => [a.assistantKey, a.statusId], 403, 'FORBIDDEN'],
    ["another project's admin key", () => [b.adminKey, a.statusId], 403, 'FORBIDDEN'],
    ['an unknown status id', () => [a.adminKey, '000000000000000000000000'], 404, 'NOT_FOUND'],
  ] as const)('%s', async (_name, args, status, code) => {
    const [key, statusId] = args() as [string | undefined, string];
    const res = await open(key, statusId);
    expect(res.status).toBe(status);
    const body = await res.json();
    expect(body.code).toBe(code);
    expect(typeof body.error).toBe('string');
    if (status === 401) expect(res.headers.get('www-authenticate')).toMatch(/^Bearer/);
  });
});
