import path from 'node:path';
import { answerModelFor } from '../assistant/models.ts';
import { runToolLoop } from '../assistant/tool-loop.ts';
import { makeDirectory, withFileLock } from '../db/data-dir.ts';
import type { Prisma } from '../db/generated/prisma/client.ts';
import { pathInDocsFolder } from '../deploy/commit-navigation.ts';
import { GitError, type Repository } from '../deploy/git.ts';
import { checkProject } from '../deploy/project-reader.ts';
import { routeOfResultPath, searchDocs } from '../search/search-docs.ts';
import type { Services } from '../services.ts';
import { CodeHostUnusable, GitHubPullRequests, gitHubRepository } from './code-hosts/github.ts';
import { recordLocalPullRequest } from './code-hosts/local-pull-requests.ts';
import { conversationOf, followUpNote, isFollowUpTurn } from './conversation.ts';
import { AgentEventLog } from './event-log.ts';
import { haltJob, NO_ANSWER_MODEL, type Halt } from './halt.ts';
import { hiddenPagesNote, pagesLeftHidden } from './hidden-pages.ts';
import { agentSystemPrompt } from './system-prompt.ts';
import { TodoList } from './todos.ts';
import { agentTools, type FoundPage } from './tools.ts';
import { reviewPreview } from './review-preview.ts';
import { PushFailure, WorkingCopy } from './working-copy.ts';
import { Workspace } from './workspace.ts';
import { startTurn } from './turn.ts';

/** Model steps per job: planning, finding, reading, editing, validating, finishing. */
export const AGENT_MAX_STEPS = 40;

/**
 * Runs one agent job to its end: a working copy of the branch, the model's tool loop over it, a final
 * check with the deployment's reader, then a commit, a push of the branch (never the deployment branch)
 * and a pull request (on GitHub, or kept by Folio). Whatever happens, the job ends halted with a
 * reason and a message that says what happened; a worker that stops mid-job leaves it to a retry.
 */
export async function runAgentJob(services: Services, jobId: string, attempt: number, signal?: AbortSignal): Promise<void> {
  const { db, config } = services;
  const turn = await startTurn(db, jobId, config.answerModel?.model);
  if (!turn) return;
  const job = await db.agentJob.findUniqueOrThrow({
    where: { id: jobId },
    include: { project: true, todos: { orderBy: { position: 'asc' } } },
  });
  const { project } = job;
  const log = await AgentEventLog.open(db, services.events, jobId);
  for (const message of turn.taken) await log.append('message', { ...message });
  const halt = async (outcome: Halt) => {
    await log.flush();
    await haltJob(services, log, jobId, outcome);
  };
  // Job creation ends such jobs at once; this worker may be configured otherwise than the web process was.
  if (!config.answerModel) return halt(NO_ANSWER_MODEL);
  if (attempt > 1) await log.append('status', { message: `Attempt ${attempt}: starting over after the worker running the job stopped.` });

  const repository: Repository = { url: project.repoUrl, branch: project.branch, github: { url: config.githubUrl, token: config.githubToken } };
  const onGitHub = gitHubRepository(project.repoUrl, config.githubUrl);
  const github = onGitHub ? new GitHubPullRequests(onGitHub, { apiUrl: config.githubApiUrl, token: config.githubToken }) : undefined;
  const mirrorDir = path.join(config.dataDir, 'agent-repos', `${project.id}.git`);
  let copy: WorkingCopy | undefined;
  try {
    await github?.checkAccess();
    await makeDirectory(path.dirname(mirrorDir));
    copy = await withFileLock(`${mirrorDir}.lock`, () =>
      WorkingCopy.prepare({ mirrorDir, repository, branch: job.branch, dir: path.join(config.dataDir, 'agent-work', jobId), signal }),
    );
    await log.append('status', {
      message: copy.isNewBranch
        ? `Created the branch ${job.branch} from ${project.branch} (${copy.baseSha.slice(0, 7)}).`
        : `Working on the existing branch ${job.branch}.`,
    });

    // The agent works in the project's docs folder, as a deployment reads it: its paths are from there.
    const workspace = new Workspace(path.join(copy.dir, project.docsFolder));
    const finished = await runModel(services, { job, project, workspace, log, signal });
    // What this job changed and what the branch already changed are checked; the rest deployed as it is.
    const branchChanges = (await copy.diff()).files.flatMap((file) => pathInDocsFolder(file, project.docsFolder) ?? []);
    const changed = new Set([...workspace.changedFiles(), ...branchChanges]);
    const check = await checkProject(workspace.projectFiles(), `branch "${job.branch}"`, changed);
    if (check.problems.length > 0) {
      return halt({
        reason: 'error',
        message: `The changes were not published: a deployment would fail or leave pages out (${check.problems.slice(0, 3).join('; ')}).`,
      });
    }
    const hasCommitted = await copy.commit(`${finished.title}\n\n${finished.summary}\n\nFolio agent job ${jobId}`);
    const pullRequest = job.pullRequestLink;
    if (!hasCommitted && pullRequest) {
      return halt({
        reason: 'completed',
        pullRequestLink: pullRequest,
        message: `No change was needed, so the pull request is unchanged (${pullRequest}). ${finished.summary}`,
      });
    }
    if (!(await copy.isAheadOfBase())) {
      return halt({ reason: 'completed', message: `No change was needed, so no pull request was opened. ${finished.summary}` });
    }
    // A page left out of the navigation is not searchable: a gap's questions stay unanswered on the preview.
    const hidden = hiddenPagesNote(await pagesLeftHidden(workspace.projectFiles(), `branch "${job.branch}"`, changed));
    const summary = hidden ? `${finished.summary} ${hidden}` : finished.summary;
    await log.append('status', { message: `Pushing ${job.branch} to ${github ? github.name : project.repoUrl}.` });
    await copy.push(repository, job.branch, signal);
    const preview = await reviewPreview(services, { project, jobId, branch: job.branch, log, signal });
    const body = [finished.summary, hidden, preview.body].filter(Boolean).join('\n\n');
    // A follow-up's commits join the pull request an earlier turn opened: GitHub's shows them, Folio's own page is updated.
    const link = github
      ? await github.open({ head: job.branch, base: project.branch, title: finished.title, body, draft: job.asDraft })
      : await recordLocalPullRequest(
          db,
          {
            projectId: project.id,
            jobId,
            branch: job.branch,
            baseBranch: project.branch,
            title: finished.title,
            description: body,
            isFollowUp: isFollowUpTurn(conversationOf(job.messages)),
            diff: (await copy.diff()).text,
            isDraft: job.asDraft,
            headSha: await copy.headSha(),
            baseSha: copy.baseSha,
          },
          config.publicUrl,
        );
    const kind = job.asDraft ? 'a draft pull request' : 'a pull request';
    const done = pullRequest === link ? `Pushed the changes to the pull request: ${link}` : `Opened ${kind} for review: ${link}`;
    return halt({ reason: 'completed', pullRequestLink: link, message: `${summary} ${done}${preview.message}` });
  } catch (error) {
    if (signal?.aborted) {
      await log.append('status', { message: 'Interrupted: the worker is stopping; another attempt will redo this job.' });
      await log.flush();
      throw error;
    }
    if (error instanceof CodeHostUnusable) return halt({ reason: 'github_misconfigured', message: error.message });
    if (error instanceof GitError) return halt({ reason: error.kind === 'unreachable' ? 'github_misconfigured' : 'error', message: error.message });
    if (error instanceof PushFailure) {
      return halt({
        reason: 'error',
        message: `The changes were committed but the push of ${job.branch} failed (${error.message}), so no pull request was opened; create the job again once the repository accepts pushes.`,
      });
    }
    services.log.error(`agent job ${jobId} failed`, error);
    return halt({ reason: 'error', message: `The job failed: ${(error as Error).message}. Nothing was pushed.` });
  } finally {
    await copy?.remove();
  }
}

interface Finished {
  title: string;
  summary: string;
}

/** The model's tool loop; its steps, text, tool calls and todos go to the event log as they happen. */
async function runModel(
  services: Services,
  input: {
    job: {
      id: string;
      branch: string;
      messageId: string | null;
      messages: Prisma.JsonValue;
      todos: { content: string; status: string }[];
      pullRequestLink: string | null;
    };
    project: { id: string; name: string; branch: string; liveDeploymentId: string | null };
    workspace: Workspace;
    log: AgentEventLog;
    signal?: AbortSignal;
  },
): Promise<Finished> {
  const { job, project, log } = input;
  const messageId = job.messageId ?? job.id;
  const todos = new TodoList(services.db, job.id);
  const tools = agentTools({
    workspace: input.workspace,
    todos,
    branch: job.branch,
    onTodos: (stored) => log.append('todos', { todos: stored }),
    search: (query) => searchLivePages(services, project, query),
  });
  const instructions = conversationOf(job.messages);
  const system = agentSystemPrompt({ siteName: project.name, branch: job.branch, baseBranch: project.branch });
  const parts = runToolLoop({
    model: await answerModelFor(services.config),
    system: isFollowUpTurn(instructions) ? `${system}\n\n${followUpNote(job.todos, job.pullRequestLink)}` : system,
    messages: instructions.map((message) => ({ role: message.role, content: message.content })),
    tools,
    maxSteps: AGENT_MAX_STEPS,
    stopAfter: 'finish',
    abortSignal: input.signal,
    maxRetries: 2,
  });
  let finished: Finished | undefined;
  let lastText = '';
  for await (const part of parts) {
    switch (part.type) {
      case 'start-step':
        lastText = '';
        await log.append('step-started', { messageId });
        break;
      case 'text-delta':
        lastText += part.text;
        log.text(part.text);
        break;
      case 'tool-call':
        await log.append('tool-call', { toolCallId: part.toolCallId, toolName: part.toolName, args: part.input });
        break;
      case 'tool-result':
        if (part.toolName === 'finish' && !part.isError) finished = part.output as Finished;
        await log.append('tool-result', { toolCallId: part.toolCallId, toolName: part.toolName, result: part.output });
        break;
      case 'finish-step':
        await log.append('step-finished', {
          finishReason: part.finishReason,
          usage: { promptTokens: part.usage.inputTokens, completionTokens: part.usage.outputTokens },
        });
        break;
    }
  }
  input.signal?.throwIfAborted();
  if (finished) return finished;
  // The model stopped without finish (its step limit, or it just answered): its last words are the summary.
  const first = instructions.findLast((message) => message.role === 'user')?.content ?? 'Update the documentation';
  return { title: first.split('\n')[0]!.slice(0, 72), summary: lastText.trim() || 'The agent ended without a summary.' };
}

/** The live deployment's search, with each result's source file, for the agent to open. */
async function searchLivePages(services: Services, project: { id: string; liveDeploymentId: string | null }, query: string): Promise<FoundPage[]> {
  const results = await searchDocs(services, project, { query, pageSize: 8 });
  const routes = [...new Set(results.map((result) => routeOfResultPath(result.path)))];
  const pages = project.liveDeploymentId
    ? await services.db.deploymentPage.findMany({
        where: { deploymentId: project.liveDeploymentId, route: { in: routes } },
        select: { route: true, sourcePath: true },
      })
    : [];
  const fileOf = new Map(pages.map((page) => [page.route, page.sourcePath]));
  return results.map((result) => ({
    file: fileOf.get(routeOfResultPath(result.path)),
    path: result.path,
    title: result.metadata.title,
    content: result.content,
  }));
}
