import type { Config } from '../config.ts';
import type { Deployment } from '../db/generated/prisma/client.ts';
import { triggerDeployment } from '../deploy/trigger.ts';
import { AppError } from '../errors.ts';
import { type PreviewServices, triggerPreview } from '../previews/trigger-preview.ts';
import { watchDeployment } from '../deploy/watch.ts';
import type { Logger } from '../logger.ts';
import { openRuntime } from '../runtime.ts';
import { CommandError, UsageError } from './cli-error.ts';
import { parseCommandArgs } from './parse.ts';

const DEPLOY_HELP = `Usage: folio deploy PROJECT_ID [--preview BRANCH] [--follow] [--json]

Queues a deployment of the project's deployment branch (source "dashboard": an operator's request) and
prints its status id. A running worker (folio serve or folio worker) carries it out.

--preview BRANCH  Deploy BRANCH's preview instead (its own site, search and assistant, beside the live
                  site); prints where it is read.
--follow          Print the deployment's log lines as they happen; exit 0 when it succeeds, 1 when it fails.
--json            Print {"statusId"} ({"statusId", "previewUrl"} for a preview) without --follow, or the
                  final status record with it, on stdout.`;

const QUEUED_HINT_MS = 10_000;

export async function deployCommand(args: string[], config: Config, log: Logger, out: (text: string) => void): Promise<void> {
  const { values, positionals } = parseCommandArgs(args, { follow: { type: 'boolean' }, json: { type: 'boolean' }, preview: { type: 'string' } }, true);
  if (values.help) return out(DEPLOY_HELP);
  if (positionals.length !== 1) throw new UsageError('Give exactly one project id (see: folio project list).');
  const projectId = positionals[0]!;

  const runtime = await openRuntime(config, log, { isWorker: false });
  try {
    const services = { db: runtime.database.prisma, events: runtime.events, jobs: runtime.jobs, config };
    const project = await services.db.project.findUnique({ where: { id: projectId }, select: { id: true, branch: true } });
    if (!project) throw new CommandError(`No project with id "${projectId}". See: folio project list`);
    const queued = values.preview === undefined ? await queueLive(services, project.id) : await queuePreview(services, project.id, values.preview);
    const branch = values.preview ?? project.branch;
    const what = values.preview === undefined ? `deployment ${queued.statusId} of ${branch}` : `preview deployment ${queued.statusId} of ${branch}`;
    if (!values.follow) {
      if (values.json) return out(JSON.stringify(queued));
      return out(`Queued ${what}.${queued.previewUrl ? ` Its preview: ${queued.previewUrl}` : ''}`);
    }
    if (!values.json) out(`${what[0]!.toUpperCase()}${what.slice(1)}${queued.previewUrl ? ` (${queued.previewUrl})` : ''}:`);
    const deployment = { id: queued.statusId };
    let printed = 0;
    let lastStatus = '';
    // On stderr: with --json, stdout holds the final record and nothing else.
    const hint = setTimeout(() => process.stderr.write('Still queued: is a worker running (folio serve or folio worker)?\n'), QUEUED_HINT_MS);
    let final: Deployment | undefined;
    for await (const current of watchDeployment(services, deployment.id)) {
      if (current.status !== 'queued') clearTimeout(hint);
      if (!values.json) progressLines(current, printed, lastStatus).forEach(out);
      printed = current.logs.length;
      lastStatus = current.status;
      final = current;
    }
    clearTimeout(hint);
    if (values.json)
      out(
        JSON.stringify({
          statusId: final?.id,
          status: final?.status,
          summary: final?.summary,
          ...(queued.previewUrl ? { previewUrl: queued.previewUrl } : {}),
        }),
      );
    if (final?.status !== 'success') throw new CommandError(final?.summary || 'The deployment did not succeed.');
  } finally {
    await runtime.close();
  }
}

async function queueLive(services: PreviewServices, projectId: string): Promise<{ statusId: string; previewUrl?: string }> {
  return { statusId: (await triggerDeployment(services, projectId, 'dashboard')).id };
}

async function queuePreview(services: PreviewServices, projectId: string, branch: string): Promise<{ statusId: string; previewUrl?: string }> {
  try {
    return await triggerPreview(services, projectId, branch, 'dashboard');
  } catch (error) {
    if (error instanceof AppError) throw new UsageError(error.message);
    throw error;
  }
}

const ENDED = new Set(['success', 'failure']);

/**
 * What `--follow` prints for a status snapshot: its new log lines, and a `[status]` header where the
 * status changed. One snapshot may hold lines written before the change, so those stay under the
 * previous header; an ending change writes exactly one line (`Live: ...` or `Failed: ...`), printed
 * under its own header.
 */
export function progressLines(current: { status: string; logs: string[] }, printed: number, lastStatus: string): string[] {
  const fresh = current.logs.slice(printed).map((line) => `  ${line}`);
  if (current.status === lastStatus) return fresh;
  const header = `[${current.status}]`;
  if (!ENDED.has(current.status) || fresh.length === 0) return [header, ...fresh];
  return [...fresh.slice(0, -1), header, fresh.at(-1)!];
}
