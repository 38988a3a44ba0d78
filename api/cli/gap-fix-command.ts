import { startGapFix } from '../agent/gap-fix.ts';
import { reportRange } from '../analytics/report-range.ts';
import type { Config } from '../config.ts';
import { AppError } from '../errors.ts';
import type { Logger } from '../logger.ts';
import { openRuntime } from '../runtime.ts';
import { CommandError, UsageError } from './cli-error.ts';
import { parseCommandArgs } from './parse.ts';

const GAP_FIX_HELP = `Usage: folio gaps fix PROJECT_ID GAP_ID [--from DATE] [--to DATE] [--json]

Starts an agent job that fixes a content gap (its id from folio gaps): its questions and the pages
readers reached instead are the job's instructions, on a branch named after the gap. When the job has
pushed, Folio deploys the branch's preview, asks each question of the live site and of the preview, and
puts the before/after table in the pull request (docs/previews.md). Needs an answer model
(OPENAI_API_KEY, OPENAI_BASE_URL and ANSWER_MODEL) and a running worker.

--from DATE, --to DATE  The range the gap was listed for (as folio gaps; default: the last 30 days)
--json                  Print {"sessionId", "branch", "gapId"}`;

export async function gapFixCommand(args: string[], config: Config, log: Logger, out: (text: string) => void): Promise<void> {
  const { values, positionals } = parseCommandArgs(args, { from: { type: 'string' }, to: { type: 'string' }, json: { type: 'boolean' } }, true);
  if (values.help) return out(GAP_FIX_HELP);
  if (positionals.length !== 2) throw new UsageError('Give a project id and a gap id (see: folio gaps PROJECT_ID).');
  const [projectId, gapId] = positionals as [string, string];
  const runtime = await openRuntime(config, log, { isWorker: false });
  try {
    const project = await runtime.db.project.findUnique({ where: { id: projectId }, select: { id: true } });
    if (!project) throw new CommandError(`No project with id "${projectId}". See: folio project list`);
    const started = await startGapFix(runtime, projectId, gapId, reportRange(values.from, values.to), true).catch((error: unknown) => {
      if (error instanceof AppError) throw new CommandError(error.message.replace(/^dateFrom/, '--from').replace(/^dateTo/, '--to'));
      throw error;
    });
    if (values.json) return out(JSON.stringify({ sessionId: started.jobId, branch: started.branch, gapId }));
    const job = await runtime.db.agentJob.findUniqueOrThrow({ where: { id: started.jobId }, select: { halted: true, messageToUser: true } });
    if (job.halted) throw new CommandError(job.messageToUser ?? 'The agent job ended at once.');
    out(`Started agent job ${started.jobId} on the branch ${started.branch}.`);
    out(`Follow it: GET /v1/agent/${projectId}/job/${started.jobId} (its pull request will hold the before/after table).`);
  } finally {
    await runtime.close();
  }
}
