import fs from 'node:fs';
import { createProject } from '../api/projects/create-project.ts';
import type { Runtime } from '../api/runtime.ts';
import { buildArtifact } from '../api/search/search-artifact.ts';
import { payloadLengthOf } from '../api/search/artifact-codec.ts';
import { corpusRepository, deployNow } from './corpus.ts';
import { replicatedRepository } from './search.ts';

/** A search artifact that fleet sites copy: one size of site. */
export interface SiteTemplate {
  name: string;
  deploymentId: string;
  chunks: number;
  /** Deflated bytes as stored: the manifest and its parts. */
  bytes: number;
  /** Each part's payload, inflated: the header and typed arrays that the loaded part's typed arrays are views of. */
  partPayloads: number[];
  /** The stored estimate of what the loaded index takes. */
  memoryBytes: number;
  /** The fraction of the fleet's sites of this size. */
  share: number;
}

/** One synthetic site of the fleet: a project whose live deployment's artifact names a template's parts. */
export interface FleetSite {
  id: string;
  liveDeploymentId: string;
  template: SiteTemplate;
}

/**
 * Sizes of site, from a quarter of the corpus's English pages to a 16,000-chunk English site. Most
 * documentation sites are small and few are large, so the small sizes are the most common.
 */
const SIZES: { name: string; languages?: string[]; chunks?: number; share: number }[] = [
  { name: 'English, first 250 chunks', languages: ['en'], chunks: 250, share: 0.25 },
  { name: 'English, first 500 chunks', languages: ['en'], chunks: 500, share: 0.25 },
  { name: 'English, first 1,000 chunks', languages: ['en'], chunks: 1000, share: 0.2 },
  { name: 'English pages', languages: ['en'], share: 0.15 },
  { name: 'English and Spanish pages', languages: ['en', 'es'], share: 0.08 },
  { name: 'the corpus, 4 languages', share: 0.05 },
];
const LARGE = { name: 'English pages ×8', copies: 8, share: 0.02 };

/**
 * Deploys the corpus, and the corpus's English pages replicated 8 times, through the whole pipeline
 * (once each), then makes one artifact per size of site from subsets of the corpus deployment's pages:
 * a deployment row of the same project whose page list is the subset, its index built and stored as a
 * worker would. `remove` deletes both projects and everything under them.
 */
export async function siteTemplates(runtime: Runtime): Promise<{ templates: SiteTemplate[]; remove(): Promise<void> }> {
  const db = runtime.database.prisma;
  const pool = runtime.database.pool;
  const stamp = Date.now().toString(36);
  const projects: string[] = [];
  const deployCopy = async (name: string, dir: string) => {
    const project = await createProject(db, { name, subdomain: `bench-fleet-${projects.length}-${stamp}`, repo: dir });
    projects.push(project.projectId);
    return { projectId: project.projectId, ...(await deployNow(runtime, project.projectId)) };
  };
  // Parts are named by their content and shared by the artifacts that name them: only those no artifact names any more go.
  const remove = async () => {
    const { rows } = await pool.query<{ parts: string[] }>(
      'SELECT a.parts FROM search_artifacts a JOIN deployments d ON d.id = a.deployment_id WHERE d.project_id = ANY($1)',
      [projects],
    );
    await pool.query('DELETE FROM projects WHERE id = ANY($1)', [projects]);
    await pool.query('DELETE FROM search_parts p WHERE p.id = ANY($1) AND NOT EXISTS (SELECT 1 FROM search_artifacts a WHERE p.id = ANY(a.parts))', [
      rows.flatMap((row) => row.parts),
    ]);
  };
  try {
    const repo = corpusRepository();
    const corpus = await deployCopy('Fleet corpus', repo.dir).finally(() => repo.remove());
    const templates: SiteTemplate[] = [];
    for (const size of SIZES) {
      const { id } = await db.deployment.create({
        data: { projectId: corpus.projectId, source: 'internal', status: 'success', defaultLanguage: 'en', defaultVersion: '', endedAt: new Date() },
      });
      // The pages in the languages asked for, in route order, until the running count of chunks passes the size.
      await pool.query(
        `INSERT INTO deployment_pages (deployment_id, page_id, route, language, version, section, is_searchable)
         SELECT $2, page_id, route, language, version, section, is_searchable FROM (
           SELECT dp.*, sum(n.chunks) OVER (ORDER BY dp.language, dp.route, dp.page_id) AS running
           FROM deployment_pages dp CROSS JOIN LATERAL (SELECT count(*) AS chunks FROM chunks c WHERE c.page_id = dp.page_id) n
           WHERE dp.deployment_id = $1 AND dp.is_searchable AND ($3::text[] IS NULL OR dp.language = ANY($3))
         ) pages WHERE $4::int IS NULL OR running <= $4`,
        [corpus.deploymentId, id, size.languages ?? null, size.chunks ?? null],
      );
      await buildArtifact({ db, pool }, runtime.embedder, id);
      templates.push({ name: size.name, share: size.share, ...(await storedArtifact(runtime, id)) });
    }
    const dir = replicatedRepository(LARGE.copies);
    const large = await deployCopy('Fleet large site', dir).finally(() => fs.rmSync(dir, { recursive: true, force: true }));
    templates.push({ name: LARGE.name, share: LARGE.share, ...(await storedArtifact(runtime, large.deploymentId)) });
    return { templates, remove };
  } catch (error) {
    await remove();
    throw error;
  }
}

async function storedArtifact(runtime: Runtime, deploymentId: string) {
  const pool = runtime.database.pool;
  const { rows } = await pool.query<{ chunks: number; bytes: number; memory: string; parts: string[] }>(
    'SELECT chunk_count AS chunks, length(bytes) AS bytes, memory_bytes AS memory, parts FROM search_artifacts WHERE deployment_id = $1 AND embedder = $2',
    [deploymentId, runtime.embedder.id],
  );
  const manifest = rows[0]!;
  const { rows: parts } = await pool.query<{ bytes: Buffer }>('SELECT bytes FROM search_parts WHERE id = ANY($1)', [manifest.parts]);
  return {
    deploymentId,
    chunks: manifest.chunks,
    bytes: manifest.bytes + parts.reduce((sum, part) => sum + part.bytes.length, 0),
    partPayloads: parts.map((part) => payloadLengthOf(part.bytes)),
    memoryBytes: Number(manifest.memory),
  };
}

/**
 * `count` sites, each a project with a live deployment whose artifact is a copy of a template's manifest
 * (naming the template's parts), made in four statements rather than deployed: sizes drawn by the
 * templates' shares. Each site's index is loaded on its own, as another site's would be. `remove` deletes them.
 */
export async function makeFleet(runtime: Runtime, templates: SiteTemplate[], count: number, random: () => number) {
  const pool = runtime.database.pool;
  const stamp = Date.now().toString(36);
  const chosen = Array.from({ length: count }, () => pick(templates, random()));
  const { rows: projects } = await pool.query<{ id: string }>(
    `INSERT INTO projects (name, subdomain, repo_url, code_host, updated_at)
     SELECT 'Fleet site ' || n, 'fleet-' || $2 || '-' || n, '/nonexistent', 'local', now() FROM generate_series(1, $1) AS n
     ORDER BY n RETURNING id`,
    [count, stamp],
  );
  const ids = projects.map((project) => project.id);
  const remove = async () => {
    await pool.query('DELETE FROM projects WHERE id = ANY($1)', [ids]);
  };
  try {
    const { rows: deployments } = await pool.query<{ id: string; project_id: string }>(
      `INSERT INTO deployments (project_id, status, source, default_language, default_version, started_at, ended_at)
       SELECT id, 'success', 'internal', 'en', '', now(), now() FROM unnest($1::text[]) WITH ORDINALITY AS p(id, n) ORDER BY n
       RETURNING id, project_id`,
      [ids],
    );
    const liveOf = new Map(deployments.map((deployment) => [deployment.project_id, deployment.id]));
    const sites: FleetSite[] = ids.map((id, i) => ({ id, liveDeploymentId: liveOf.get(id)!, template: chosen[i]! }));
    await pool.query(
      `INSERT INTO search_artifacts (deployment_id, embedder, build, bytes, memory_bytes, chunk_count, build_ms, parts)
       SELECT s.deployment_id, a.embedder, a.build, a.bytes, a.memory_bytes, a.chunk_count, a.build_ms, a.parts
       FROM unnest($1::text[], $2::text[]) AS s(deployment_id, template)
       JOIN search_artifacts a ON a.deployment_id = s.template AND a.embedder = $3`,
      [sites.map((site) => site.liveDeploymentId), sites.map((site) => site.template.deploymentId), runtime.embedder.id],
    );
    await pool.query(
      `UPDATE projects p SET live_deployment_id = s.deployment_id
       FROM unnest($1::text[], $2::text[]) AS s(project_id, deployment_id) WHERE p.id = s.project_id`,
      [sites.map((site) => site.id), sites.map((site) => site.liveDeploymentId)],
    );
    return { sites, remove };
  } catch (error) {
    await remove();
    throw error;
  }
}

function pick(templates: SiteTemplate[], draw: number): SiteTemplate {
  let left = draw;
  for (const template of templates) {
    left -= template.share;
    if (left < 0) return template;
  }
  return templates.at(-1)!;
}
