import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { makeTempDataDir } from '../support/databases.ts';
import { removeDataDir } from '../support/embedded-cluster.ts';
import { runFolio } from '../support/folio-process.ts';

/**
 * Failures a user causes or can fix are one line on stderr saying what to do, with no stack trace,
 * and the documented exit code: 1 for a failure, 78 for invalid configuration.
 */
let scratch: string;
let busy: net.Server;
let busyPort: number;

beforeAll(async () => {
  scratch = makeTempDataDir('folio-operational-');
  busy = net.createServer();
  await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve));
  busyPort = (busy.address() as net.AddressInfo).port;
});
afterAll(async () => {
  await new Promise((resolve) => busy.close(resolve));
  removeDataDir(path.join(scratch, 'embedded-port'));
  fs.rmSync(scratch, { recursive: true, force: true });
});

const databaseUrl = () => inject('databaseUrl');
const otherDatabase = (name: string) => {
  const url = new URL(inject('adminUrl'));
  url.pathname = `/${name}`;
  return url.toString();
};

function expectOneLine(result: { code: number | null; stderr: string }, code: number, says: RegExp) {
  expect(result.code, result.stderr).toBe(code);
  expect(result.stderr).toMatch(/^folio: [^\n]+\n$/);
  expect(result.stderr).not.toMatch(/\n\s+at /);
  expect(result.stderr).toMatch(says);
}

describe('one line that says what to do', () => {
  it('the port is in use', async () => {
    const result = await runFolio(['web'], { DATABASE_URL: databaseUrl(), PORT: String(busyPort) });
    expectOneLine(result, 1, new RegExp(`cannot listen on 127\\.0\\.0\\.1:${busyPort}: another process uses this port; stop it or set PORT`));
  });

  it.each([
    ['an address of another machine', '10.255.255.1'],
    ['a name that does not resolve', 'no-such-host.invalid'],
  ])('HOST is %s', async (_name, host) => {
    const result = await runFolio(['web'], { DATABASE_URL: databaseUrl(), HOST: host, PORT: '0' });
    expectOneLine(result, 1, new RegExp(`${host.replaceAll('.', '\\.')} is not an address of this machine; set HOST`));
  });

  it.each([
    ['nothing listens there', () => 'postgres://folio@127.0.0.1:1/folio', /ECONNREFUSED/],
    ['the database does not exist', () => otherDatabase('folio_no_such_database'), /database "folio_no_such_database" does not exist \(3D000\)/],
    ['the host does not resolve', () => 'postgres://folio@no-such-host.invalid:5432/folio', /ENOTFOUND|EAI_AGAIN/],
  ])('DATABASE_URL cannot be used: %s', async (_name, url, detail) => {
    const databaseUrl = url();
    const result = await runFolio(['project', 'list'], { DATABASE_URL: databaseUrl });
    expectOneLine(result, 1, /^folio: cannot use PostgreSQL at .*check that it runs and that DATABASE_URL is right\n$/);
    expect(result.stderr).toMatch(detail);
    const password = decodeURIComponent(new URL(databaseUrl).password);
    if (password) expect(result.stderr).not.toContain(password);
  });

  it('DATA_DIR is a file', async () => {
    const file = path.join(scratch, 'a-file');
    fs.writeFileSync(file, '');
    const result = await runFolio(['project', 'list'], { DATA_DIR: file, DATABASE_URL: undefined });
    expectOneLine(result, 1, /is a file, not a folder; choose another DATA_DIR/);
  });

  it('the embedded server cannot take EMBEDDED_POSTGRES_PORT', async () => {
    const result = await runFolio(['project', 'list'], {
      DATA_DIR: path.join(scratch, 'embedded-port'),
      DATABASE_URL: undefined,
      EMBEDDED_POSTGRES_PORT: String(busyPort),
    });
    expectOneLine(result, 1, new RegExp(`the embedded PostgreSQL did not start: .*is port ${busyPort} free\\? Set EMBEDDED_POSTGRES_PORT to a free port`));
  });

  it.runIf(os.userInfo().uid === 0)('as root, EMBEDDED_POSTGRES_HOME is a folder the postgres user cannot reach', async () => {
    const result = await runFolio(['project', 'list'], {
      DATA_DIR: path.join(scratch, 'unreachable'),
      DATABASE_URL: undefined,
      EMBEDDED_POSTGRES_HOME: path.join(scratch, 'home'),
    });
    expectOneLine(result, 1, /the embedded PostgreSQL runs as the "postgres" user, which cannot enter .*; set EMBEDDED_POSTGRES_HOME to a folder it can reach/);
  });
});

describe('invalid settings', () => {
  it('one bad setting is one line, exit 78', async () => {
    const result = await runFolio(['serve'], { PORT: 'eighty' });
    expectOneLine(result, 78, /^folio: invalid setting: PORT must be a whole number from 0 to 65535, got "eighty" \(docs\/configuration\.md\)\n$/);
  });

  it('every bad setting is reported at once, a line each', async () => {
    const result = await runFolio(['serve'], { PORT: 'eighty', LOG_LEVEL: 'loud', CORS_ORIGINS: 'acme.com' });
    expect(result.code).toBe(78);
    const lines = result.stderr.trimEnd().split('\n');
    expect(lines).toHaveLength(3);
    expect(lines.every((line) => line.startsWith('folio: invalid setting: '))).toBe(true);
  });
});
