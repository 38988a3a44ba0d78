import { type ContentGap, contentGaps } from '../analytics/content-gaps.ts';
import { reportRange } from '../analytics/report-range.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import { AppError } from '../errors.ts';
import { createEmbedder } from '../search/embedders/create-embedder.ts';
import { CommandError, UsageError } from './cli-error.ts';
import { parseCommandArgs } from './parse.ts';

const GAPS_HELP = `Usage: folio gaps PROJECT_ID [--from DATE] [--to DATE] [--json]

The content gaps of a project's site: what readers asked or searched and could not find, grouped into
topics, the most met first (docs/analytics.md). Reads the database directly.

--from DATE  From this day (2026-11-01) or ISO 8601 time, included (default: 30 days before --to)
--to DATE    Up to this day or time, excluded (default: now)
--json       Print the gaps as JSON, as GET /v1/analytics/{projectId}/gaps answers them

Fix a gap with the agent: folio gaps fix PROJECT_ID GAP_ID (folio gaps fix --help)`;

export async function gapsCommand(
  args: string[],
  config: Config,
  withDatabase: <T>(run: (database: Database) => Promise<T>) => Promise<T>,
  out: (text: string) => void,
): Promise<void> {
  const { values, positionals } = parseCommandArgs(args, { from: { type: 'string' }, to: { type: 'string' }, json: { type: 'boolean' } }, true);
  if (values.help) return out(GAPS_HELP);
  if (positionals.length !== 1) throw new UsageError('Give exactly one project id (see: folio project list).');
  const projectId = positionals[0]!;
  let range: ReturnType<typeof reportRange>;
  try {
    range = reportRange(values.from, values.to);
  } catch (error) {
    if (error instanceof AppError) throw new UsageError(error.message.replace(/^dateFrom/, '--from').replace(/^dateTo/, '--to'));
    throw error;
  }
  const gaps = await withDatabase(async (database) => {
    const project = await database.prisma.project.findUnique({ where: { id: projectId }, select: { id: true } });
    if (!project) throw new CommandError(`No project with id "${projectId}". See: folio project list`);
    return contentGaps(database.pool, createEmbedder(config), projectId, range);
  });
  if (values.json) return out(JSON.stringify({ gaps }, null, 2));
  out(`Content gaps from ${range.from.toISOString().slice(0, 10)} to ${range.to.toISOString().slice(0, 10)} (excluded):`);
  if (gaps.length === 0) return out('None: no unanswered question, thumbed-down answer or fruitless search in this range.');
  for (const [index, gap] of gaps.entries()) out(describeGap(gap, index + 1));
}

function describeGap(gap: ContentGap, rank: number): string {
  return [
    `\n${rank}. ${gap.title}  (${gap.count}: ${gap.summary}; ${gap.trend.direction})`,
    ...gap.examples.slice(1).map((example) => `     "${example}"`),
    ...(gap.pagesReachedInstead.length ? [`     reached instead: ${gap.pagesReachedInstead.map((page) => `${page.path} (${page.count})`).join(', ')}`] : []),
    `     id ${gap.id}`,
  ].join('\n');
}
