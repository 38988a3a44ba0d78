import type { Prisma } from '../db/generated/prisma/client.ts';

/** One message of a job's conversation: the instructions, and after each turn the agent's answer. */
// A type, not an interface: Prisma stores it as JSON, which needs an index signature.
export type ConversationMessage = {
  role: 'system' | 'user' | 'assistant';
  content: string;
};

/** A job's `messages` or `pendingMessages` column as the messages it holds. */
// Prisma reads JSON columns untyped; these two are written only from ConversationMessage values.
export const conversationOf = (column: Prisma.JsonValue) => column as ConversationMessage[];

/** What a turn that failed says of the follow-ups that were waiting for it. */
export const followUpsNotRun = (count: number) =>
  count === 1
    ? 'The follow-up sent while it ran was not run; create a new job for it.'
    : `The ${count} follow-ups sent while it ran were not run; create a new job for them.`;

/** Whether a turn continues the job: an earlier turn has answered. */
export const isFollowUpTurn = (messages: readonly ConversationMessage[]) => messages.some((message) => message.role === 'assistant');

/**
 * What a follow-up turn is told beside the conversation: the earlier turns' work is on the branch (and in
 * its pull request), and their todo list, which it keeps up to date.
 */
export function followUpNote(todos: readonly { content: string; status: string }[], pullRequestLink: string | null): string {
  const list = todos.length > 0 ? todos.map((todo) => `- [${todo.status}] ${todo.content}`).join('\n') : '(empty)';
  const pull = pullRequestLink ? ` and in its pull request (${pullRequestLink}), which your commits update` : '';
  return `This job continues: the changes of its earlier turns are on the branch${pull}. Do what the latest message asks, on top of them.\n\nThe todo list so far:\n${list}`;
}
