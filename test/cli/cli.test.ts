import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { runFolio } from '../support/folio-process.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import os from 'node:os';

let t: TestApp;
let env: Record<string, string>;
beforeAll(async () => {
  t = await startTestApp();
  env = { DATABASE_URL: inject('databaseUrl') };
});
afterAll(() => t.close());

const subdomain = () => `cli-${Math.random().toString(36).slice(2, 10)}`;

describe('folio --help', () => {
  it.each([[['--help']], [['project', '--help']], [['key', '--help']], [['serve', '--help']], [['project', 'create', '--help']]])(
    'folio %s prints usage and exits 0',
    async (args) => {
      const result = await runFolio(args, env);
      expect(result.code).toBe(0);
      expect(result.stdout).toMatch(/Usage/);
    },
  );

  it('an unknown command exits 2 and says what to do', async () => {
    const result = await runFolio(['deplyo'], env);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('folio: Unknown command "deplyo".');
    expect(result.stderr).toContain('--help');
  });
});

describe('folio project', () => {
  it('create --json prints exactly one JSON object with the id, subdomain and both keys', async () => {
    const name = subdomain();
    const result = await runFolio(['project', 'create', '--name', 'CLI docs', '--subdomain', name, '--repo', os.tmpdir(), '--json'], env);
    expect(result.code).toBe(0);
    const created = JSON.parse(result.stdout);
    expect(Object.keys(created)).toEqual(['projectId', 'subdomain', 'adminKey', 'assistantKey']);
    expect(created.subdomain).toBe(name);
    expect(created.adminKey).toMatch(/^folio_admin_[a-z0-9]{10}_[A-Za-z0-9_-]{43}$/);
    expect(created.assistantKey).toMatch(/^folio_assistant_[a-z0-9]{10}_[A-Za-z0-9_-]{43}$/);

    const jobs = await t.call('GET', `/v1/agent/${created.projectId}/jobs`, { key: created.adminKey });
    expect(jobs).toMatchObject({ status: 200, body: { allSessions: [] } });
    const stored = await t.db.apiKey.findMany({ where: { projectId: created.projectId } });
    expect(stored.map((k) => k.secretHash)).not.toContain(created.adminKey); // only hashes are stored
    expect(stored.every((k) => /^[0-9a-f]{64}$/.test(k.secretHash))).toBe(true);
  });

  it('create without --json prints the keys for a person, and list shows the project', async () => {
    const name = subdomain();
    const created = await runFolio(['project', 'create', '--name', 'Human', '--subdomain', name, '--repo', os.tmpdir(), '--branch', 'docs'], env);
    expect(created.code).toBe(0);
    expect(created.stdout).toMatch(/admin key: +folio_admin_/);
    expect(created.stdout).toContain('shown only now');
    const list = await runFolio(['project', 'list', '--json'], env);
    expect(list.code).toBe(0);
    expect(JSON.parse(list.stdout)).toContainEqual(expect.objectContaining({ subdomain: name, branch: 'docs', name: 'Human' }));
    const text = await runFolio(['project', 'list'], env);
    expect(text.stdout).toContain(name);
  });

  it('records a repository under GITHUB_URL (GitHub Enterprise) as on GitHub, and one elsewhere as plain Git', async () => {
    const enterprise = { ...env, GITHUB_URL: 'https://ghe.example.com/' };
    const onGitHub = subdomain();
    const elsewhere = subdomain();
    for (const [name, repo] of [
      [onGitHub, 'https://GHE.example.com/acme/docs.git'],
      [elsewhere, 'https://gitlab.example.com/acme/docs.git'],
    ]) {
      const created = await runFolio(['project', 'create', '--name', 'Hosted', '--subdomain', name!, '--repo', repo!, '--json'], enterprise);
      expect(created.code, created.stderr).toBe(0);
    }
    const listed: { subdomain: string; codeHost: string }[] = JSON.parse((await runFolio(['project', 'list', '--json'], env)).stdout);
    expect(listed.find((p) => p.subdomain === onGitHub)?.codeHost).toBe('github');
    expect(listed.find((p) => p.subdomain === elsewhere)?.codeHost).toBe('git');
  });

  it.each([
    [['project', 'create', '--name', 'X', '--repo', '/tmp'], 2, '--subdomain is required.'],
    [['project', 'create', '--name', 'X', '--subdomain', 'ok', '--repo', '/tmp', '--colour', 'red'], 2, "Unknown option '--colour'"],
    [['project', 'create', '--name', 'X', '--subdomain', 'Not Valid!', '--repo', '/tmp'], 1, 'is not a valid subdomain'],
    [['project', 'create', '--name', 'X', '--subdomain', 'a--b', '--repo', '/tmp'], 1, 'which Folio keeps for preview addresses'],
    [['project', 'create', '--name', 'X', '--subdomain', 'ok-repo', '--repo', '/no/such/folder'], 1, 'The repository path /no/such/folder does not exist.'],
    [['project', 'frobnicate'], 2, 'Unknown project command "frobnicate".'],
    [
      ['project', 'create', '--name', 'X', '--subdomain', 'ok-lock', '--repo', '/tmp', '--branch', 'docs.lock'],
      1,
      '"docs.lock" cannot be a branch name: git does not allow a part of a branch name to end with ".lock".',
    ],
    [
      ['project', 'create', '--name', 'X', '--subdomain', 'ok-slash', '--repo', '/tmp', '--branch', 'docs/'],
      1,
      '"docs/" cannot be a branch name: git does not allow a branch name to start or end with "/", or to hold "//".',
    ],
  ])('folio %s exits %i with a clear message', async (args, code, message) => {
    const result = await runFolio(args, env);
    expect(result.code).toBe(code);
    expect(result.stderr).toContain(message);
    expect(result.stdout).toBe('');
  });

  it('refuses a subdomain that is taken', async () => {
    const name = subdomain();
    await runFolio(['project', 'create', '--name', 'First', '--subdomain', name, '--repo', '/tmp'], env);
    const second = await runFolio(['project', 'create', '--name', 'Second', '--subdomain', name, '--repo', '/tmp'], env);
    expect(second.code).toBe(1);
    expect(second.stderr).toContain(`The subdomain "${name}" is already taken.`);
  });
});

describe('folio key', () => {
  it('creates a key that works, and revoke makes it fail with 401', async () => {
    const project = JSON.parse((await runFolio(['project', 'create', '--name', 'K', '--subdomain', subdomain(), '--repo', '/tmp', '--json'], env)).stdout);
    const created = await runFolio(['key', 'create', '--project', project.projectId, '--kind', 'assistant', '--json'], env);
    expect(created.code).toBe(0);
    const key = JSON.parse(created.stdout);
    expect(key).toMatchObject({ kind: 'assistant', projectId: project.projectId, prefix: expect.stringMatching(/^folio_assistant_/) });
    const search = () => t.call('POST', `/v1/search/${project.subdomain}`, { key: key.key, json: { query: 'x' } });
    expect((await search()).status).toBe(200);

    const revoked = await runFolio(['key', 'revoke', key.prefix], env);
    expect(revoked).toMatchObject({ code: 0, stdout: `Revoked ${key.prefix}.\n` });
    expect((await search()).status).toBe(401);
    const again = await runFolio(['key', 'revoke', key.prefix], env);
    expect(again.stdout).toContain('was already revoked');
  });

  it('create without --json prints the key and the command that revokes it by its prefix, which works when pasted', async () => {
    const project = JSON.parse((await runFolio(['project', 'create', '--name', 'K', '--subdomain', subdomain(), '--repo', '/tmp', '--json'], env)).stdout);
    const created = await runFolio(['key', 'create', '--project', project.projectId, '--kind', 'admin'], env);
    const [heading, key, revoke] = created.stdout.trimEnd().split('\n');
    expect(heading).toBe('Admin key created (shown only now):');
    const prefix = /^(folio_admin_[a-z0-9]{10})_/.exec(key!)?.[1];
    expect(revoke).toBe(`Revoke it by its prefix: folio key revoke ${prefix}`);
    const pasted = revoke!.split(': ')[1]!.split(' ').slice(1);
    expect(await runFolio(pasted, env)).toMatchObject({ code: 0, stdout: `Revoked ${prefix}.\n` });
  });

  it.each([
    [['key', 'create', '--project', 'nope', '--kind', 'admin'], 1, 'No project with id "nope".'],
    [['key', 'create', '--project', 'nope', '--kind', 'root'], 2, '--kind must be admin or assistant, not "root".'],
    [['key', 'create', '--kind', 'admin'], 2, '--project is required.'],
    [['key', 'revoke'], 2, 'Give exactly one key prefix to revoke.'],
    [['key', 'revoke', 'folio_admin_zzzzzzzzzz'], 1, 'No API key with prefix "folio_admin_zzzzzzzzzz".'],
  ])('folio %s exits %i with a clear message', async (args, code, message) => {
    const result = await runFolio(args, env);
    expect(result.code).toBe(code);
    expect(result.stderr).toContain(message);
  });
});

describe('configuration', () => {
  it('lists every invalid setting at once and exits 78', async () => {
    const result = await runFolio(['project', 'list'], { ...env, PORT: 'eighty', LOG_LEVEL: 'loud' });
    expect(result.code).toBe(78);
    expect(result.stderr).toContain('PORT must be a whole number from 0 to 65535, got "eighty"');
    expect(result.stderr).toContain('LOG_LEVEL must be one of debug, info, warn, error, got "loud"');
  });
});
