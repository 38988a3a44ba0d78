import { beforeAll, describe, expect, it } from 'vitest';
import type { CreatedProject } from '../../api/projects/create-project.ts';
import { deployedSite } from '../support/docs-site.ts';
import { isolatedTestApp, type TestApp } from '../support/test-app.ts';

/** The assistant routes on the offline answer model (no model configured), as a client without a model server meets them. */
const isolated = isolatedTestApp({ isWorker: true });
let t: TestApp;
let site: CreatedProject;
beforeAll(async () => {
  t = isolated.app;
  site = await deployedSite(t, 'acme-offline-route');
});

const ask = (body: Record<string, unknown>) =>
  t.call('POST', `/v1/assistant/${site.subdomain}/message`, {
    key: site.assistantKey,
    json: { fp: 'visitor', messages: [{ id: 'u1', role: 'user', content: 'How do I add a custom domain?' }], ...body },
  });

describe('an offline answer', () => {
  it('streams whole with the page the user reads and the code they point at (a failed stream before)', async () => {
    const res = await ask({ currentPath: '/quickstart', context: [{ type: 'code', value: 'acme dev', path: '/quickstart' }] });
    expect(res.status).toBe(200);
    const lines = (res.body as string).split('\n').filter(Boolean);
    expect(lines.filter((line) => line.startsWith('3:'))).toEqual([]);
    expect(
      lines
        .filter((line) => line.startsWith('0:'))
        .map((line) => JSON.parse(line.slice(2)))
        .join(''),
    ).toContain('CNAME');
    expect(lines.at(-1)).toMatch(/^d:\{"finishReason":"stop"/);
    const threadId = res.headers.get('x-thread-id')!;
    const stored = await t.db.message.findMany({ where: { threadId }, orderBy: { createdAt: 'asc' }, select: { role: true, finishReason: true } });
    expect(stored).toEqual([
      { role: 'user', finishReason: null },
      { role: 'assistant', finishReason: 'stop' },
    ]);
  });

  it('is refused, not lost, when a part holds JSON nested too deeply to store', async () => {
    // Written out: JSON.stringify itself cannot nest this deep.
    const deep = `${'{"a":'.repeat(10_000)}"x"${'}'.repeat(10_000)}`;
    const threadsBefore = await t.db.thread.count();
    const res = await t.call('POST', `/v1/assistant/${site.subdomain}/message`, {
      key: site.assistantKey,
      headers: { 'content-type': 'application/json' },
      body: `{"fp":"visitor","messages":[{"id":"u1","role":"user","parts":[{"type":"text","text":"How do I add a custom domain?","extra":${deep}}]}]}`,
    });
    expect(res).toMatchObject({ status: 400, body: { code: 'INVALID_INPUT', error: expect.stringMatching(/nested more than 64 levels deep/) } });
    expect(res.body.field).toMatch(/^messages\.0\.parts\.0\.extra(\.a)+$/);
    expect(await t.db.thread.count()).toBe(threadsBefore);
  });
});
