import type { Runtime } from '../api/runtime.ts';
import { loadArtifact } from '../api/search/search-artifact.ts';
import { searchDocs } from '../api/search/search-docs.ts';
import { SearchIndexes } from '../api/search/search-indexes.ts';
import type { FleetSite, SiteTemplate } from './fleet-sites.ts';
import { fmt, medianAndP95 } from './support.ts';

export const MB = 1024 * 1024;

export const storeOf = (runtime: Runtime) => ({ db: runtime.database.prisma, pool: runtime.database.pool });

/**
 * Heap in use and array buffers, after full garbage collections (node --expose-gc). V8 frees the memory
 * of collected array buffers on another thread, after the collection: `arrayBuffers` counts it until then.
 */
export async function memoryInUse() {
  for (let round = 0; round < 3; round++) {
    globalThis.gc!();
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const { heapUsed, arrayBuffers } = process.memoryUsage();
  return { total: heapUsed + arrayBuffers, buffers: arrayBuffers };
}

/**
 * For each size of site: its share of the fleet, its stored artifact, five loads of it, and the memory
 * that loading copies of it (up to 20,000 chunks, at most 20 sites) adds to the process.
 */
export async function sizeRows(runtime: Runtime, templates: SiteTemplate[], sites: FleetSite[], query: string): Promise<string[]> {
  const rows: string[] = [];
  for (const template of templates) {
    const loads: number[] = [];
    for (let round = 0; round < 5; round++) {
      const started = performance.now();
      await loadArtifact(storeOf(runtime), runtime.embedder, template.deploymentId, runtime.log);
      loads.push(performance.now() - started);
    }
    const ofSize = sites.filter((site) => site.template === template);
    const sample = ofSize.slice(0, Math.min(20, Math.ceil(20_000 / template.chunks)));
    const memory = await loadedMemory(runtime, sample, query);
    rows.push(
      `| ${template.name} | ${ofSize.length} | ${count(template.chunks)} | ${count(template.bytes / 1024)} | ${count(template.bytes / template.chunks)} | ${template.partPayloads.length} / ${fmt(sum(template.partPayloads) / MB, 1)} | ${count(template.memoryBytes / template.chunks)} | ${count(memory.measured / memory.chunks)} / ${count((memory.measured - memory.buffers) / memory.chunks)} (${sample.length}) | ${medianAndP95(loads).replace(' | ', ' / ')} |`,
    );
  }
  return rows;
}

/** The memory of a mix of sites: what loading them adds, against what the budget counts for them. */
export async function mixRow(runtime: Runtime, sites: FleetSite[], query: string): Promise<string> {
  const memory = await loadedMemory(runtime, sites, query);
  return `| ${sites.length} | ${count(memory.chunks)} | ${count(memory.estimate / MB)} | ${count(memory.measured / MB)} | ${count(memory.buffers / MB)} | ${count(memory.estimate / memory.chunks)} | **${count(memory.measured / memory.chunks)}** | ${fmt(memory.measured / memory.estimate, 2)} |`;
}

/** What loading these sites' indexes (and searching each once, as a visitor would) adds to the process. */
async function loadedMemory(runtime: Runtime, sites: FleetSite[], query: string) {
  const before = await memoryInUse();
  const indexes = new SearchIndexes(storeOf(runtime), runtime.embedder, runtime.events, runtime.log, {
    memoryBytes: Number.MAX_SAFE_INTEGER,
    followsLiveSites: false,
  });
  try {
    for (const site of sites) await searchDocs({ searchIndexes: indexes }, site, { query, pageSize: 10 });
    const after = await memoryInUse();
    return {
      chunks: sites.reduce((sum, site) => sum + site.template.chunks, 0),
      estimate: indexes.stats().memoryBytes,
      measured: after.total - before.total,
      buffers: after.buffers - before.buffers,
    };
  } finally {
    indexes.close();
  }
}

const count = (n: number) => Math.round(n).toLocaleString('en-US');
const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
