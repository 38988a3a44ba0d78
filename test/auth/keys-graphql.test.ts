import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatedProject } from '../../api/projects/create-project.ts';
import { call, createTestProject, startTestApp, type TestApp } from '../support/test-app.ts';

/** Keys managed through GraphQL, as the console manages them: who a key is, and revoking one in every process. */
let t: TestApp;
let second: TestApp;
let site: CreatedProject;
let other: CreatedProject;

beforeAll(async () => {
  t = await startTestApp();
  second = await startTestApp();
  site = await createTestProject(t.db, 'Keys');
  other = await createTestProject(t.db, 'Other');
});
afterAll(async () => {
  await second.close();
  await t.close();
});

const graphql = (app: TestApp, key: string | undefined, query: string) => call(app.app, 'POST', '/graphql', { key, json: { query } });
const prefixOf = (key: string) => key.split('_').slice(0, 3).join('_');

describe('viewer', () => {
  it('says which project an admin key opens, and only the project id for an assistant key', async () => {
    const admin = await graphql(t, site.adminKey, '{ viewer { kind projectId project { id subdomain } } }');
    expect(admin.body.data.viewer).toEqual({ kind: 'admin', projectId: site.projectId, project: { id: site.projectId, subdomain: site.subdomain } });
    const assistant = await graphql(t, site.assistantKey, '{ viewer { kind projectId project { id } } }');
    expect(assistant.body.data.viewer).toEqual({ kind: 'assistant', projectId: site.projectId, project: null });
  });

  it('is a 401 without a valid key', async () => {
    for (const key of [undefined, 'folio_admin_zzzzzzzzzz_nope']) {
      const res = await graphql(t, key, '{ viewer { kind } }');
      expect(res.status).toBe(401);
      expect(res.body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
    }
  });
});

describe('revokeApiKey', () => {
  it('revokes a key of the project at once, in every web process, and keeps the first revocation', async () => {
    const created = await graphql(t, site.adminKey, `mutation { createApiKey(projectId: "${site.projectId}", kind: assistant) { key prefix } }`);
    const { key, prefix } = created.body.data.createApiKey;
    expect((await graphql(second, key, '{ viewer { kind } }')).status).toBe(200); // the other process now holds it verified

    const revoked = await graphql(t, site.adminKey, `mutation { revokeApiKey(projectId: "${site.projectId}", prefix: "${prefix}") { prefix revokedAt } }`);
    expect(revoked.body.data.revokeApiKey).toEqual({ prefix, revokedAt: expect.any(String) });
    for (const app of [t, second]) {
      let status = 200;
      for (let attempt = 0; attempt < 50 && status === 200; attempt++) {
        status = (await graphql(app, key, '{ viewer { kind } }')).status;
        if (status === 200) await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(status).toBe(401);
    }
    const again = await graphql(t, site.adminKey, `mutation { revokeApiKey(projectId: "${site.projectId}", prefix: "${prefix}") { revokedAt } }`);
    expect(again.body.data.revokeApiKey.revokedAt).toBe(revoked.body.data.revokeApiKey.revokedAt);
  });

  it("refuses another project's key, an unknown prefix and an assistant key, saying so", async () => {
    const foreign = await graphql(
      t,
      site.adminKey,
      `mutation { revokeApiKey(projectId: "${site.projectId}", prefix: "${prefixOf(other.adminKey)}") { prefix } }`,
    );
    expect(foreign.status).toBe(404);
    expect(foreign.body.errors[0].message).toContain(`No key "${prefixOf(other.adminKey)}" in project "${site.projectId}".`);
    const crossProject = await graphql(
      t,
      site.adminKey,
      `mutation { revokeApiKey(projectId: "${other.projectId}", prefix: "${prefixOf(other.adminKey)}") { prefix } }`,
    );
    expect(crossProject.status).toBe(403);
    const byAssistant = await graphql(
      t,
      site.assistantKey,
      `mutation { revokeApiKey(projectId: "${site.projectId}", prefix: "${prefixOf(site.adminKey)}") { prefix } }`,
    );
    expect(byAssistant.status).toBe(403);
    // The other project's key still works.
    expect((await graphql(t, other.adminKey, '{ viewer { kind } }')).status).toBe(200);
  });
});
