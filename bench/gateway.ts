import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApp } from '../api/app.ts';
import { RequestAuth } from '../api/auth/request-auth.ts';
import { triggerDeployment } from '../api/deploy/trigger.ts';
import { AppError } from '../api/errors.ts';
import { errorBody } from '../api/http/error-response.ts';
import { createProject } from '../api/projects/create-project.ts';
import { omitNulls } from '../api/rest/omit-nulls.ts';
import type { Runtime } from '../api/runtime.ts';
import { listen } from '../api/http/server.ts';
import { fmt, measureLoad, type LoadResult } from './support.ts';

const ROUTE = /^\/v1\/project\/update-status\/([^/]+)$/;

/**
 * The same work as GET /v1/project/update-status/{id} (key check, lookup, authorisation, JSON) in a bare
 * node:http handler: the floor the gateway's cost is measured against.
 */
function bareHandler(runtime: Runtime): http.RequestListener {
  const db = runtime.database.prisma;
  return (request, response) => {
    const match = ROUTE.exec(request.url ?? '');
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
      response.end(JSON.stringify(body));
    };
    if (!match || request.method !== 'GET') return send(404, { error: 'not found', code: 'NOT_FOUND' });
    const auth = new RequestAuth(runtime.keys, request.headers.authorization ?? null);
    (async () => {
      await auth.requireKind('admin');
      const deployment = await db.deployment.findUnique({ where: { id: match[1] }, include: { project: { select: { subdomain: true } } } });
      if (!deployment) throw new AppError('NOT_FOUND', 'No update with that status id.');
      await auth.requireProject(deployment.projectId);
      const d = deployment;
      send(
        200,
        omitNulls({
          _id: d.id,
          projectId: d.projectId,
          createdAt: d.createdAt.toISOString(),
          endedAt: d.endedAt?.toISOString() ?? null,
          status: d.status,
          summary: d.summary,
          logs: d.logs,
          subdomain: d.project.subdomain,
          screenshot: d.screenshot,
          screenshotLight: d.screenshotLight,
          screenshotDark: d.screenshotDark,
          author: d.author,
          commit: {
            sha: d.commitSha,
            ref: d.commitRef,
            message: d.commitMessage,
            filesChanged: { added: d.filesAdded, modified: d.filesModified, removed: d.filesRemoved },
          },
          source: d.source.replaceAll('_', '-'),
        }),
      );
    })().catch((error) =>
      error instanceof AppError ? send(error.status, errorBody(error.code, error.message)) : send(500, { error: 'internal', code: 'INTERNAL' }),
    );
  };
}

export async function benchGateway(runtime: Runtime, options: { durationMs: number; concurrency: number; rounds: number }) {
  const db = runtime.database.prisma;
  const project = await createProject(db, { name: 'Bench', subdomain: `bench-${Date.now()}`, repo: process.cwd() });
  const deployment = await triggerDeployment({ db, jobs: runtime.jobs, events: runtime.events }, project.projectId, 'api');
  const path = `/v1/project/update-status/${deployment.id}`;
  const headers = { authorization: `Bearer ${project.adminKey}` };

  const gateway = await listen(createApp(runtime), '127.0.0.1', 0);
  const bare = http.createServer(bareHandler(runtime));
  await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
  const bareUrl = `http://127.0.0.1:${(bare.address() as AddressInfo).port}`;

  // Same answer from both, then alternate rounds so drift in machine load hits both alike.
  const [viaGateway, viaBare] = await Promise.all([fetch(gateway.url + path, { headers }), fetch(bareUrl + path, { headers })]);
  const [gatewayBody, bareBody] = [await viaGateway.text(), await viaBare.text()];
  if (gatewayBody !== bareBody) throw new Error(`gateway and bare handler disagree:\n${gatewayBody}\n${bareBody}`);

  await measureLoad(gateway.url + path, headers, 1000, options.concurrency); // warm-up
  await measureLoad(bareUrl + path, headers, 1000, options.concurrency);
  const results: { gateway: LoadResult[]; bare: LoadResult[] } = { gateway: [], bare: [] };
  for (let round = 0; round < options.rounds; round++) {
    results.gateway.push(await measureLoad(gateway.url + path, headers, options.durationMs, options.concurrency));
    results.bare.push(await measureLoad(bareUrl + path, headers, options.durationMs, options.concurrency));
  }
  await gateway.close();
  await new Promise((resolve) => bare.close(resolve));

  const summary = (rs: LoadResult[]) => ({
    rps: median(rs.map((r) => r.rps)),
    p50: median(rs.map((r) => r.p50)),
    p99: median(rs.map((r) => r.p99)),
    cpuMs: median(rs.map((r) => r.cpuMsPerRequest)),
    errors: rs.reduce((n, r) => n + r.errors, 0),
  });
  const g = summary(results.gateway);
  const b = summary(results.bare);
  return {
    gateway: g,
    bare: b,
    cpuRatio: g.cpuMs / b.cpuMs,
    table: [
      '| GET /v1/project/update-status/{id} | req/s | p50 ms | p99 ms | server CPU ms/req |',
      '|---|---|---|---|---|',
      `| through the gateway (yoga + SOFA) | ${fmt(g.rps, 0)} | ${fmt(g.p50)} | ${fmt(g.p99)} | ${fmt(g.cpuMs, 3)} |`,
      `| bare node:http handler | ${fmt(b.rps, 0)} | ${fmt(b.p50)} | ${fmt(b.p99)} | ${fmt(b.cpuMs, 3)} |`,
      `| ratio gateway / bare | ${fmt(g.rps / b.rps)} | ${fmt(g.p50 / b.p50)} | ${fmt(g.p99 / b.p99)} | **${fmt(g.cpuMs / b.cpuMs)}** |`,
    ].join('\n'),
  };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}
