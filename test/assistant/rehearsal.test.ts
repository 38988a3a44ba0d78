import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatedProject } from '../../api/projects/create-project.ts';
import { deployedSite } from '../support/docs-site.ts';
import { startFolio } from '../support/folio-process.ts';
import { startChatServer, type ChatServer } from '../support/openai-chat-server.ts';
import { createScratchDatabase } from '../support/scratch-database.ts';
import { isolatedTestApp, startTestApp, type TestApp } from '../support/test-app.ts';

/**
 * A web process rehearses an answer as it starts (once it listens: a request that comes first does not
 * wait for it), so that the first visitor's answer does not wait for the answer path to load: with the
 * offline model only, leaving nothing stored.
 */
const isolated = isolatedTestApp({ isWorker: true });
let t: TestApp;
let site: CreatedProject;
let chat: ChatServer;
let dataDir: string;

beforeAll(async () => {
  t = isolated.app;
  site = await deployedSite(t, 'acme-rehearsal');
  chat = await startChatServer(() => ({ text: 'Set it in docs.json.' }));
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-rehearsal-'));
});
afterAll(async () => {
  await chat?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const stored = async () => ({
  threads: await t.db.thread.count({ where: { projectId: site.projectId } }),
  messages: await t.db.message.count({ where: { thread: { projectId: site.projectId } } }),
});

describe('a web process that starts', () => {
  it('answers a question with the offline model as it starts, and leaves nothing stored', async () => {
    const web = await startFolio('web', { DATABASE_URL: isolated.databaseUrl, DATA_DIR: dataDir, LOG_LEVEL: 'debug' });
    try {
      for (let i = 0; i < 200 && !/rehearsed an answer/.test(web.output()); i++) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(web.output()).toMatch(/rehearsed an answer on Acme Docs in \d+ ms/);
      expect(await stored()).toEqual({ threads: 0, messages: 0 });
      // A visitor's question is answered and stored as always.
      const response = await fetch(`${web.url}/v1/assistant/${site.subdomain}/message`, {
        method: 'POST',
        headers: { authorization: `Bearer ${site.assistantKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({ fp: 'visitor', messages: [{ role: 'user', content: 'How do I set a custom domain?' }] }),
      });
      expect(response.status).toBe(200);
      expect(await response.text()).toMatch(/^0:/m);
      expect(await stored()).toMatchObject({ threads: 1 });
    } finally {
      await web.stop();
    }
  });

  it('with no site live rehearses as soon as the first deployment goes live, and leaves nothing stored', async () => {
    const scratch = await createScratchDatabase();
    const worker = await startTestApp({ databaseUrl: scratch.url, isWorker: true });
    const web = await startFolio('web', { DATABASE_URL: scratch.url, DATA_DIR: dataDir, LOG_LEVEL: 'debug' });
    try {
      expect(web.output()).not.toMatch(/rehearsed an answer/);
      const first = await deployedSite(worker, 'acme-first-live');
      for (let i = 0; i < 200 && !/rehearsed an answer/.test(web.output()); i++) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(web.output()).toMatch(/rehearsed an answer on Acme Docs in \d+ ms/);
      expect(await worker.db.thread.count({ where: { projectId: first.projectId } })).toBe(0);
    } finally {
      await web.stop();
      await worker.close();
      await scratch.drop();
    }
  });

  it('asks nothing of a configured answer model: a rehearsal there would be a paid call', async () => {
    const web = await startFolio('web', {
      DATABASE_URL: isolated.databaseUrl,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'debug',
      ANSWER_BASE_URL: chat.baseURL,
      ANSWER_API_KEY: 'k',
      ANSWER_MODEL: 'scripted',
    });
    try {
      expect(web.output()).not.toMatch(/rehearsed an answer/);
      expect(chat.requests).toEqual([]);
    } finally {
      await web.stop();
    }
  });
});
