import fs from 'node:fs';
import type { Runtime } from '../api/runtime.ts';
import { searchDocs } from '../api/search/search-docs.ts';
import { SearchIndexes } from '../api/search/search-indexes.ts';
import { MB, memoryInUse, mixRow, sizeRows, storeOf } from './fleet-memory.ts';
import { makeFleet, siteTemplates, type FleetSite } from './fleet-sites.ts';
import { fmt, medianAndP95, percentile } from './support.ts';

export interface FleetOptions {
  /** Fleet sizes, in sites, each run with the same memory budget. */
  sizes: number[];
  /** The web process's SEARCH_MEMORY_MB. */
  budgetMb: number;
  /** Searches before counting (the budget fills), then searches counted, per fleet size. */
  warmUpSearches: number;
  searches: number;
  /** Sites loaded (and searched once) to measure memory per chunk. */
  measuredSites: number;
  /** Zipf's exponent: the site of popularity rank k gets a share of searches proportional to 1 / k^s. */
  zipf: number;
}

export const FLEET = { sizes: [50, 100, 200, 400], budgetMb: 160, warmUpSearches: 500, searches: 1500, measuredSites: 100, zipf: 1 } satisfies FleetOptions;

const QUERIES = (
  JSON.parse(fs.readFileSync(new URL('../eval/search-questions.json', import.meta.url), 'utf8')) as { questions: { language: string; query: string }[] }
).questions.flatMap((question) => (question.language === 'en' ? [question.query] : []));

/**
 * A hosted fleet on one machine, from one web process's point of view: synthetic sites of varied sizes
 * (made, not deployed: their artifacts name the parts of artifacts built from the corpus), searches
 * spread over them by Zipf, one at a time, through a SearchIndexes whose budget holds part of the fleet.
 * Reports what an artifact costs to store and load by size, the memory a loaded chunk takes (the stored
 * estimate and the process's heap and array buffers), and, per fleet size, the hit rate, the loads and
 * the searches' latency, misses included. Deletes every project and part it made.
 */
export async function benchFleet(runtime: Runtime, options: FleetOptions = FLEET) {
  if (!globalThis.gc) throw new Error('the fleet bench measures memory after garbage collection: run node with --expose-gc (npm run bench does)');
  const started = performance.now();
  const random = seeded(1);
  const { templates, remove: removeTemplates } = await siteTemplates(runtime);
  try {
    const fleet = await makeFleet(runtime, templates, Math.max(...options.sizes), random);
    try {
      const sizes = await sizeRows(runtime, templates, fleet.sites, QUERIES[0]!);
      const mix = await mixRow(runtime, fleet.sites.slice(0, options.measuredSites), QUERIES[0]!);
      const trafficRows: string[] = [];
      for (const size of options.sizes) trafficRows.push(await traffic(runtime, fleet.sites.slice(0, size), options, random));
      const budget = `${options.budgetMb} MB`;
      return {
        seconds: (performance.now() - started) / 1000,
        table: [
          `| Size of site | sites of ${fleet.sites.length} | chunks | artifact KB (deflated) | stored bytes per chunk | parts / inflated MB | memory per chunk, estimate (bytes) | memory per chunk, measured / of which heap (sites loaded) | load p50 / p95 ms (5 loads) |`,
          '|---|---|---|---|---|---|---|---|---|',
          ...sizes,
          '',
          '| The first sites of the fleet, loaded and searched once | chunks | stored estimate MB | measured MB (heap + array buffers) | of which array buffers | memory per chunk, estimate (bytes) | **measured** | measured / estimate |',
          '|---|---|---|---|---|---|---|---|',
          mix,
          '',
          `| Sites (budget ${budget}, Zipf s = ${options.zipf}, ${options.searches} searches after ${options.warmUpSearches}) | chunks | all indexes, estimate MB | held at the end: sites / estimate MB / measured MB | **hit rate** | hit rate if the most searched sites that fit were held | loads (evictions) | load p50 / p95 ms | search p50 ms | **search p95 ms** | search mean ms | seconds |`,
          '|---|---|---|---|---|---|---|---|---|---|---|---|',
          ...trafficRows,
        ].join('\n'),
      };
    } finally {
      await fleet.remove();
    }
  } finally {
    await removeTemplates();
  }
}

/** Zipf-distributed searches over the sites (popularity in a random order, not by size), one at a time. */
async function traffic(runtime: Runtime, sites: FleetSite[], options: FleetOptions, random: () => number): Promise<string> {
  const started = performance.now();
  const byRank = shuffled(sites, random);
  const weights = byRank.map((_, rank) => 1 / (rank + 1) ** options.zipf);
  const draw = sampler(weights);
  const budget = options.budgetMb * MB;
  const before = await memoryInUse();
  const indexes = new SearchIndexes(storeOf(runtime), runtime.embedder, runtime.events, runtime.log, { memoryBytes: budget, followsLiveSites: false });
  const services = { searchIndexes: indexes };
  const loads: number[] = [];
  const searches: number[] = [];
  let hits = 0;
  const search = async (isCounted: boolean) => {
    const site = byRank[draw(random())]!;
    const query = QUERIES[Math.floor(random() * QUERIES.length)]!;
    const { loaded, built } = indexes.stats();
    const searchStarted = performance.now();
    await indexes.forProject(site);
    const loadMs = performance.now() - searchStarted;
    await searchDocs(services, site, { query, pageSize: 10 });
    if (!isCounted) return;
    searches.push(performance.now() - searchStarted);
    const after = indexes.stats();
    if (after.loaded + after.built > loaded + built) loads.push(loadMs);
    else hits++;
  };
  try {
    for (let i = 0; i < options.warmUpSearches; i++) await search(false);
    const evictedBefore = indexes.stats().evicted;
    for (let i = 0; i < options.searches; i++) await search(true);
    const stats = indexes.stats();
    const held = (await memoryInUse()).total - before.total;
    // The best a cache of this size could do if it knew the popularity: the most searched sites, in order, while they fit.
    let room = budget;
    let ideal = 0;
    byRank.forEach((site, rank) => {
      if (site.template.memoryBytes > room) return;
      room -= site.template.memoryBytes;
      ideal += weights[rank]!;
    });
    const total = weights.reduce((sum, weight) => sum + weight, 0);
    const chunks = sites.reduce((sum, site) => sum + site.template.chunks, 0);
    const allMemory = sites.reduce((sum, site) => sum + site.template.memoryBytes, 0);
    const sorted = [...searches].sort((a, b) => a - b);
    const mean = searches.reduce((sum, ms) => sum + ms, 0) / searches.length;
    return `| ${sites.length} | ${chunks.toLocaleString('en-US')} | ${Math.round(allMemory / MB).toLocaleString('en-US')} | ${stats.sites} / ${fmt(stats.memoryBytes / MB, 0)} / ${fmt(held / MB, 0)} | **${fmt((100 * hits) / searches.length, 1)}%** | ${fmt((100 * ideal) / total, 1)}% | ${loads.length} (${stats.evicted - evictedBefore}) | ${medianAndP95(loads).replace(' | ', ' / ')} | ${fmt(percentile(sorted, 0.5), 1)} | **${fmt(percentile(sorted, 0.95), 1)}** | ${fmt(mean, 1)} | ${fmt((performance.now() - started) / 1000, 0)} |`;
  } finally {
    indexes.close();
  }
}

/** A draw in [0, 1) -> an index, in proportion to the weights. */
function sampler(weights: number[]): (draw: number) => number {
  const cumulative: number[] = [];
  let sum = 0;
  for (const weight of weights) cumulative.push((sum += weight));
  return (draw) => {
    const target = draw * sum;
    let low = 0;
    let high = cumulative.length - 1;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (cumulative[middle]! > target) high = middle;
      else low = middle + 1;
    }
    return low;
  };
}

function shuffled<T>(items: T[], random: () => number): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

/** A seeded generator (mulberry32): the same fleet and traffic on every run. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}
