import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseAssistantRequest } from '../../api/assistant/request.ts';
import { openConversation } from '../../api/assistant/threads.ts';
import { createTestProject, isolatedTestApp } from '../support/test-app.ts';

/** A thread's messages keep the order they were asked in, however slowly the rows are built. */
const isolated = isolatedTestApp({ isWorker: false });
afterEach(() => vi.restoreAllMocks());

describe("a thread's stored order", () => {
  it('is question, answer, question, answer even when the clock moves while a turn is recorded', async () => {
    const { db } = isolated.app;
    const project = await createTestProject(db);
    // Every reading of the clock 5 ms later than the one before, as on a loaded machine.
    let clock = Date.now();
    vi.spyOn(Date, 'now').mockImplementation(() => (clock += 5));
    const ask = (question: string, threadId?: string) =>
      openConversation(db, project.projectId, parseAssistantRequest({ fp: 'me', threadId, messages: [{ role: 'user', content: question }] }));
    const first = await ask('How do I set up a custom domain?');
    await first.recorded;
    const second = await ask('and for an apex domain?', first.threadId);
    await second.recorded;
    const stored = await db.message.findMany({ where: { threadId: first.threadId }, orderBy: { createdAt: 'asc' }, select: { role: true, content: true } });
    expect(stored).toEqual([
      { role: 'user', content: 'How do I set up a custom domain?' },
      { role: 'assistant', content: '' },
      { role: 'user', content: 'and for an apex domain?' },
      { role: 'assistant', content: '' },
    ]);
  });
});
