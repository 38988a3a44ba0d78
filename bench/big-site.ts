import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createProject, type CreatedProject } from '../api/projects/create-project.ts';
import type { Runtime } from '../api/runtime.ts';
import { versionedSite } from '../test/support/versioned-site.ts';
import { CORPUS, corpusRepository } from './corpus.ts';
import { UNLIMITED } from './limits.ts';
import { fmt, percentile } from './support.ts';
import { startFolio } from './web-process.ts';

const QUERIES = (
  JSON.parse(fs.readFileSync(new URL('../eval/search-questions.json', import.meta.url), 'utf8')) as { questions: { language: string; query: string }[] }
).questions.flatMap((question) => (question.language === 'en' ? [question.query] : []));

/** How long the neighbour's searches are watched after the big site goes live. */
const AFTER_LIVE_MS = 10_000;
const MB = 1024 * 1024;

/**
 * A big versioned site as users run one: `versions` versions of the corpus in its four languages (each
 * older version a copy under `v{n}/` with five pages per language edited; 35 make about 34,000 pages),
 * deployed by a `folio worker` process and served by a `folio web` process, both on the bench's
 * database, triggered and read over HTTP. Meanwhile a neighbour site (the corpus) on the same web
 * process is searched every 20 ms: its slowest answers while the big site deploys and goes live are the
 * stall readers of other sites would see. Then the big site's first search, warm searches over its
 * versions, a one-page redeployment, and what its search artifact stores.
 */
export async function benchBigSite(runtime: Runtime, versions = Number(process.env.BIG_SITE_VERSIONS ?? 35)) {
  const db = runtime.database.prisma;
  const made = performance.now();
  const site = versionedSite(CORPUS, { versions, editsPerVersion: 5 });
  const madeSeconds = (performance.now() - made) / 1000;
  const neighbourRepo = corpusRepository();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-bench-big-'));
  const env = {
    DATABASE_URL: runtime.database.url,
    DATA_DIR: dataDir,
    PORT: '0',
    LOG_LEVEL: 'warn',
    PATH: process.env.PATH ?? '',
    CHROMIUM_PATH: '/nonexistent/chromium', // screenshots off: the browser would compete for the two cores
    ...(process.env.DEPLOY_MEMORY_MB ? { DEPLOY_MEMORY_MB: process.env.DEPLOY_MEMORY_MB } : {}),
    ...UNLIMITED,
  };
  const stamp = Date.now().toString(36);
  const big = await createProject(db, { name: 'Big site', subdomain: `big-${stamp}`, repo: site.dir });
  const neighbour = await createProject(db, { name: 'Neighbour', subdomain: `neighbour-${stamp}`, repo: neighbourRepo.dir });
  const worker = await startFolio('worker', env);
  const web = await startFolio('web', env);
  try {
    const http = client(web.url);
    await http.deploy(neighbour);
    for (let i = 0; i < 50; i++) await http.search(neighbour, QUERIES[i % QUERIES.length]!);

    const probe = startProbe(() => http.search(neighbour, QUERIES[Math.floor(Math.random() * QUERIES.length)]!));
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const triggered = performance.now();
    const deployment = await http.deploy(big, 1000);
    const live = performance.now();
    const first = await http.search(big, 'custom domain');
    await new Promise((resolve) => setTimeout(resolve, AFTER_LIVE_MS));
    const probes = await probe.stop();
    const before = probes.filter((sample) => sample.at < triggered).map((sample) => sample.ms);
    const deploying = probes.filter((sample) => sample.at >= triggered && sample.at < live).map((sample) => sample.ms);
    const goingLive = probes.filter((sample) => sample.at >= live).map((sample) => sample.ms);
    const peak = { worker: worker.peakRss(), web: web.peakRss() };

    const warm: number[] = [];
    for (let i = 0; i < 400; i++) {
      const version = site.versions[i % site.versions.length]!;
      warm.push(await http.search(big, QUERIES[i % QUERIES.length]!, { version }));
    }

    const edited = site.fileOf(site.versions[Math.min(12, site.versions.length - 1)]!, 'quickstart');
    site.commitFile(edited, '---\ntitle: "Quickstart"\n---\n\nA rewritten quickstart, deployed alone.\n');
    const redeployStarted = performance.now();
    await http.deploy(big);
    const redeploySeconds = (performance.now() - redeployStarted) / 1000;
    const redeployment = (await db.deployment.findFirstOrThrow({ where: { projectId: big.projectId }, orderBy: { createdAt: 'desc' }, select: { id: true } }))
      .id;

    const distinct = await db.page.count({ where: { projectId: big.projectId } });
    const artifact = await artifactBytes(runtime, deployment);
    const neighbourArtifact = await artifactBytes(runtime, (await db.project.findUniqueOrThrow({ where: { id: neighbour.projectId } })).liveDeploymentId!);
    const full = await db.deployment.findUniqueOrThrow({ where: { id: deployment }, select: { startedAt: true, endedAt: true } });
    const deploySeconds = (full.endedAt!.getTime() - full.startedAt!.getTime()) / 1000;
    const row = (label: string, value: string, goal: string) => `| ${label} | ${value} | ${goal} |`;
    const latency = (values: number[]) => {
      const sorted = [...values].sort((a, b) => a - b);
      return `p50 ${fmt(percentile(sorted, 0.5), 1)} / p99 ${fmt(percentile(sorted, 0.99), 1)} / max ${fmt(sorted.at(-1) ?? 0, 0)} ms (${values.length})`;
    };
    const warmSorted = [...warm].sort((a, b) => a - b);
    return {
      table: [
        `| Big site: ${versions} versions × ${site.languages.length} languages of the corpus, ${site.pages} pages (${site.distinctPages} distinct files; made in ${fmt(madeSeconds, 1)} s) | measured | goal |`,
        '|---|---|---|',
        row('full first deployment (worker: started to success)', `${fmt(deploySeconds, 1)} s`, '≤ 90 s'),
        row('per distinct page stored', `${fmt((1000 * deploySeconds) / distinct, 1)} ms (${distinct} pages stored)`, ''),
        row('peak RSS, worker process', `${fmt(peak.worker / MB, 0)} MB`, '≤ 1,536 MB'),
        row('peak RSS, web process', `${fmt(peak.web / MB, 0)} MB`, '≤ 1,024 MB'),
        row('neighbour searches before the deployment', latency(before), ''),
        row('neighbour searches while it deploys', latency(deploying), 'p99 < 100 ms'),
        row(`neighbour searches in the ${AFTER_LIVE_MS / 1000} s after it goes live`, latency(goingLive), 'max < 100 ms'),
        row('its first search after `success`', `${fmt(first, 1)} ms`, '≤ 100 ms'),
        row('warm search over its versions, p50 / p95', `${fmt(percentile(warmSorted, 0.5), 1)} / ${fmt(percentile(warmSorted, 0.95), 1)} ms`, 'p95 ≤ 25 ms'),
        row('one-page redeployment, trigger to `success`', `${fmt(redeploySeconds, 2)} s`, '≤ 2 s'),
        row(
          'search artifact stored (manifest and parts)',
          `${fmt(artifact / MB, 1)} MB, ${fmt(artifact / neighbourArtifact, 1)}× the corpus's (${fmt(neighbourArtifact / MB, 1)} MB)`,
          '≤ 4×',
        ),
      ].join('\n'),
      notes: [
        "Where the time went (the lines of the deployments' logs that say how long a step took):",
        ...(await timedSteps(db, deployment)).map((line) => `- full: ${line}`),
        ...(await timedSteps(db, redeployment)).map((line) => `- one page: ${line}`),
      ],
    };
  } finally {
    await web.stop();
    await worker.stop();
    await db.project.deleteMany({ where: { id: { in: [big.projectId, neighbour.projectId] } } });
    site.remove();
    neighbourRepo.remove();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** A deployment's log lines that say how long a step took (`… (2.3 s).`, `… in 0.5 s`), warnings left out. */
async function timedSteps(db: Runtime['database']['prisma'], deploymentId: string): Promise<string[]> {
  const { logs } = await db.deployment.findUniqueOrThrow({ where: { id: deploymentId }, select: { logs: true } });
  return logs.filter((line) => !line.startsWith('Warning') && /\d s\b|\d s\)/.test(line));
}

/** The bytes a deployment's search artifact stores: its manifest and every part it names. */
async function artifactBytes(runtime: Runtime, deploymentId: string): Promise<number> {
  const { rows } = await runtime.database.pool.query<{ bytes: string }>(
    `SELECT (SELECT coalesce(sum(length(a.bytes)), 0) FROM search_artifacts a WHERE a.deployment_id = $1)
          + (SELECT coalesce(sum(length(p.bytes)), 0) FROM search_parts p WHERE p.id IN (SELECT unnest(parts) FROM search_artifacts WHERE deployment_id = $1)) AS bytes`,
    [deploymentId],
  );
  return Number(rows[0]!.bytes);
}

/** Searches and deployments over HTTP, as clients make them. */
function client(url: string) {
  return {
    async search(project: CreatedProject, query: string, filter?: { version?: string; language?: string }): Promise<number> {
      const started = performance.now();
      const response = await fetch(`${url}/v1/search/${project.subdomain}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${project.assistantKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({ query, ...(filter ? { filter } : {}) }),
      });
      await response.text();
      if (response.status !== 200) throw new Error(`search answered ${response.status}`);
      return performance.now() - started;
    },
    /**
     * Triggers a deployment and waits for it to succeed, reading its status every `pollMs`; returns its id.
     * A status of a big site's first deployment lists every file it added: clients read it every second
     * or so, not 40 times a second.
     */
    async deploy(project: CreatedProject, pollMs = 25): Promise<string> {
      const headers = { authorization: `Bearer ${project.adminKey}` };
      const triggered = await fetch(`${url}/v1/project/update/${project.projectId}`, { method: 'POST', headers });
      const { statusId } = (await triggered.json()) as { statusId: string };
      for (;;) {
        const status = (await (await fetch(`${url}/v1/project/update-status/${statusId}`, { headers })).json()) as { status: string; summary: string };
        if (status.status === 'success') return statusId;
        if (status.status === 'failure') throw new Error(`deployment failed: ${status.summary}`);
        await new Promise((resolve) => setTimeout(resolve, pollMs));
      }
    },
  };
}

/** Runs `request` back to back, 20 ms apart, recording when each started and how long it took. */
function startProbe(request: () => Promise<number>) {
  const samples: { at: number; ms: number }[] = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      const at = performance.now();
      samples.push({ at, ms: await request() });
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  return {
    async stop(): Promise<{ at: number; ms: number }[]> {
      running = false;
      await loop;
      return samples;
    },
  };
}
