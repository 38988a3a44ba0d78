import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { createApp } from '../api/app.ts';
import { listen } from '../api/http/server.ts';
import type { Runtime } from '../api/runtime.ts';
import { corpusRepository, deployedProject, deploymentEnd, startWorkerBeside } from './corpus.ts';
import { fmt, medianAndMax, percentile } from './support.ts';

/**
 * Previews of branches that differ from the live corpus by one page, as a user triggers them: POST
 * /v1/project/preview/{id} over HTTP to this process's web side, run by a worker runtime beside it with
 * the default job settings (screenshots off), 1 to 3 s apart. Each round is a new branch (its first
 * preview: compared with the live site) and then a second push to it (an update of the preview). Also
 * what each preview adds to the database, by table, against the corpus's live deployment.
 */
export async function benchPreviews(runtime: Runtime, rounds = 8) {
  const worker = await startWorkerBeside(runtime);
  const server = await listen(createApp(runtime), '127.0.0.1', 0);
  const repo = corpusRepository();
  const git = (...args: string[]) => execFileSync('git', ['-C', repo.dir, '-c', 'user.name=Bench', '-c', 'user.email=bench@example.com', ...args]);
  const first: number[] = [];
  const update: number[] = [];
  const storage: Record<string, number>[] = [];
  let liveBytes: Record<string, number> = {};
  try {
    const { project, deploymentId } = await deployedProject(runtime, repo.dir);
    liveBytes = await deploymentBytes(runtime, deploymentId, undefined);
    const trigger = async (branch: string) => {
      await new Promise((resolve) => setTimeout(resolve, 1000 + Math.random() * 2000));
      const triggered = Date.now();
      const response = await fetch(`${server.url}/v1/project/preview/${project.projectId}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${project.adminKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({ branch }),
      });
      const { statusId } = (await response.json()) as { statusId: string };
      const ended = await deploymentEnd(runtime, statusId);
      return { ms: ended.endedAt!.getTime() - triggered, deploymentId: statusId };
    };
    // Round 0 warms the worker up (its first deployment loads the pipeline) and is not counted.
    for (let round = 0; round <= rounds; round++) {
      const branch = `preview-${round}`;
      git('checkout', '-q', '-b', branch, 'main');
      fs.appendFileSync(path.join(repo.dir, 'quickstart.mdx'), `\n\n## Preview round ${round}\n\nA changed paragraph.\n`);
      git('commit', '-q', '-am', `Preview ${round}`);
      const created = await trigger(branch);
      fs.appendFileSync(path.join(repo.dir, 'quickstart.mdx'), '\n\nA second push.\n');
      git('commit', '-q', '-am', `Preview ${round}, again`);
      git('checkout', '-q', 'main');
      const updated = await trigger(branch);
      if (round === 0) continue;
      first.push(created.ms);
      update.push(updated.ms);
      storage.push(await deploymentBytes(runtime, updated.deploymentId, deploymentId));
    }
  } finally {
    await server.close();
    await worker.close();
    repo.remove();
  }
  const kb = (bytes: number) => fmt(bytes / 1024, 0);
  const tables = Object.keys(liveBytes);
  const median = (table: string) =>
    percentile(
      storage.map((row) => row[table] ?? 0).sort((a, b) => a - b),
      0.5,
    );
  const total = (row: Record<string, number>) => Object.values(row).reduce((sum, bytes) => sum + bytes, 0);
  return {
    table: [
      `| Preview of a branch one page away from the live corpus, triggered over HTTP (${rounds} rounds) | p50 ms | max ms |`,
      '|---|---|---|',
      `| new branch: trigger to \`success\` (goal ≤ 2,000) | ${medianAndMax(first)} |`,
      `| second push to it: trigger to \`success\` | ${medianAndMax(update)} |`,
      '',
      '| What a preview adds to the database (median of the rounds), KB | preview | the live deployment, for scale |',
      '|---|---|---|',
      ...tables.map((table) => `| ${table} | ${kb(median(table))} | ${kb(liveBytes[table]!)} |`),
      `| **all** | **${kb(
        percentile(
          storage.map(total).sort((a, b) => a - b),
          0.5,
        ),
      )}** | ${kb(total(liveBytes))} |`,
    ].join('\n'),
  };
}

/**
 * The bytes a deployment holds of its own, by table (`pg_column_size` of its rows): what it shares with
 * `base` (pages, their chunks, vectors and renders, search parts, files) is not counted; without `base`,
 * everything it serves is.
 */
async function deploymentBytes(runtime: Runtime, deploymentId: string, base: string | undefined): Promise<Record<string, number>> {
  const { rows } = await runtime.database.pool.query<{ name: string; bytes: string }>(
    `WITH own_pages AS (
       SELECT page_id FROM deployment_pages WHERE deployment_id = $1
       UNION SELECT page_id FROM hidden_pages WHERE deployment_id = $1
       EXCEPT (SELECT page_id FROM deployment_pages WHERE deployment_id = $2 UNION SELECT page_id FROM hidden_pages WHERE deployment_id = $2)
     ), own_parts AS (
       SELECT unnest(parts) AS id FROM search_artifacts WHERE deployment_id = $1
       EXCEPT SELECT unnest(parts) FROM search_artifacts WHERE deployment_id = $2
     )
     SELECT 'status record (files list, logs)' AS name, coalesce(sum(pg_column_size(d.*)), 0) AS bytes FROM deployments d WHERE id = $1
     UNION ALL SELECT 'page list (deployment_pages, hidden_pages)', coalesce((SELECT sum(pg_column_size(x.*)) FROM deployment_pages x WHERE deployment_id = $1), 0)
       + coalesce((SELECT sum(pg_column_size(x.*)) FROM hidden_pages x WHERE deployment_id = $1), 0)
     UNION ALL SELECT 'pages, chunks, vectors, renders, analyses', coalesce((SELECT sum(pg_column_size(p.*)) FROM pages p WHERE id IN (SELECT page_id FROM own_pages)), 0)
       + coalesce((SELECT sum(pg_column_size(c.*)) FROM chunks c WHERE page_id IN (SELECT page_id FROM own_pages)), 0)
       + coalesce((SELECT sum(pg_column_size(e.*)) FROM chunk_embeddings e JOIN chunks c ON c.id = e.chunk_id WHERE c.page_id IN (SELECT page_id FROM own_pages)), 0)
       + coalesce((SELECT sum(pg_column_size(r.*)) FROM page_renders r WHERE page_id IN (SELECT page_id FROM own_pages)), 0)
       + coalesce((SELECT sum(pg_column_size(a.*)) FROM page_analyses a WHERE page_id IN (SELECT page_id FROM own_pages)), 0)
     UNION ALL SELECT 'site build (layout, llms.txt, llms-full.txt)', coalesce((SELECT sum(pg_column_size(s.*)) FROM site_builds s WHERE deployment_id = $1), 0)
     UNION ALL SELECT 'search artifact (manifest, parts of its own)', coalesce((SELECT sum(pg_column_size(a.*)) FROM search_artifacts a WHERE deployment_id = $1), 0)
       + coalesce((SELECT sum(pg_column_size(p.*)) FROM search_parts p WHERE id IN (SELECT id FROM own_parts)), 0)`,
    [deploymentId, base ?? ''],
  );
  return Object.fromEntries(rows.map((row) => [row.name, Number(row.bytes)]));
}
