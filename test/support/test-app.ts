import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, inject } from 'vitest';
import { createApp, type App } from '../../api/app.ts';
import { loadConfig } from '../../api/config.ts';
import type { Db } from '../../api/db/database.ts';
import { createLogger } from '../../api/logger.ts';
import { createProject, type CreatedProject } from '../../api/projects/create-project.ts';
import { openRuntime, type Runtime } from '../../api/runtime.ts';
import { createScratchDatabase } from './scratch-database.ts';

export interface TestApp {
  app: App;
  runtime: Runtime;
  db: Db;
  call(method: string, path: string, options?: CallOptions): Promise<CallResult>;
  close(): Promise<void>;
}

export interface CallOptions {
  key?: string;
  /** Sent as JSON with Content-Type application/json. */
  json?: unknown;
  /** Sent as is. */
  body?: string | Uint8Array;
  headers?: Record<string, string>;
}

export interface CallResult {
  status: number;
  headers: Headers;
  /** Parsed JSON when the answer is JSON, else the text. */
  body: any;
}

/**
 * The real app on the test run's PostgreSQL (or `databaseUrl`), called through `app.fetch` (no port
 * needed). With `isWorker`, this process also runs jobs (deployments), with its repository cache in a
 * temporary DATA_DIR. `env` adds settings (a model server's address, say).
 */
export async function startTestApp(options: { databaseUrl?: string; isWorker?: boolean; env?: Record<string, string> } = {}): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-app-'));
  const config = loadConfig({ DATABASE_URL: options.databaseUrl ?? inject('databaseUrl'), DATA_DIR: dataDir, LOG_LEVEL: 'error', ...options.env });
  const log = createLogger('error');
  const runtime = await openRuntime(config, log, { isWorker: options.isWorker ?? false, isWeb: true });
  const app = createApp(runtime);
  return {
    app,
    runtime,
    db: runtime.database.prisma,
    call: (method, path, options) => call(app, method, path, options),
    close: async () => {
      await runtime.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function call(app: App, method: string, path: string, options: CallOptions = {}): Promise<CallResult> {
  const headers = new Headers(options.headers);
  if (options.key !== undefined) headers.set('authorization', `Bearer ${options.key}`);
  let body: string | Uint8Array | undefined = options.body;
  if (options.json !== undefined) {
    body = JSON.stringify(options.json);
    if (!headers.has('content-type')) headers.set('content-type', 'application/json');
  }
  const response = await app.fetch(`http://folio.test${path}`, { method, headers, body });
  const text = await response.text();
  const isJson = (response.headers.get('content-type') ?? '').includes('json');
  return { status: response.status, headers: response.headers, body: isJson && text ? JSON.parse(text) : text };
}

/** A project with a unique subdomain and both keys. */
export async function createTestProject(db: Db, name = 'Test docs'): Promise<CreatedProject> {
  return createProject(db, { name, subdomain: `t-${randomBytes(5).toString('hex')}`, repo: os.tmpdir() });
}

/**
 * Registers hooks giving the test file an app of its own on a fresh database (so the file's worker
 * never picks up another file's jobs). Read `.app` and `.databaseUrl` inside tests or later hooks.
 */
export function isolatedTestApp(options: { isWorker: boolean; env?: () => Record<string, string> }): { app: TestApp; databaseUrl: string } {
  const handle = {} as { app: TestApp; databaseUrl: string };
  let drop: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    const scratch = await createScratchDatabase();
    drop = scratch.drop;
    handle.databaseUrl = scratch.url;
    handle.app = await startTestApp({ databaseUrl: scratch.url, isWorker: options.isWorker, env: options.env?.() });
  });
  afterAll(async () => {
    await handle.app?.close();
    await drop?.();
  });
  return handle;
}
