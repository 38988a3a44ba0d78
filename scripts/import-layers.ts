// The layers of api/ and the check that keeps them: `npx tsx scripts/import-layers.ts` prints every
// import that breaks them (npm test runs the same check, test/architecture/import-layers.test.ts).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

/**
 * The layers of api/, lowest first, and the modules (a folder, or a file at the top of api/) in each.
 * An import at run time goes to its own layer or a lower one, never up; no two modules import each
 * other, however indirectly, and no two files. `import type` is left out: types describe shapes and
 * do not run (every layer may name `Services`, which the composition layer assembles).
 */
export const LAYERS: readonly { name: string; about: string; modules: readonly string[] }[] = [
  {
    name: 'foundation',
    about: 'errors, logging, word lists, small data structures, whether a deployment runs in the process',
    modules: [
      'errors.ts',
      'logger.ts',
      'operational-error.ts',
      'package-root.ts',
      'lookup-table.ts',
      'bounded-map.ts',
      'counted.ts',
      'deploying-here.ts',
      'language/',
    ],
  },
  {
    name: 'infrastructure',
    about: 'the configuration, PostgreSQL, events between processes, HTTP plumbing, rate limits, Chromium',
    modules: ['config.ts', 'db/', 'events/', 'http/', 'rate-limits.ts', 'browser/'],
  },
  {
    name: 'domain',
    about:
      'the documentation format and its OpenAPI documents, then the work: keys, search, rendering, sites, their MCP servers, deployments, the assistant, previews, agent jobs',
    modules: [
      'mintlify/',
      'openapi/',
      'auth/',
      'search/',
      'analytics/',
      'render/',
      'projects/',
      'sites/',
      'mcp/',
      'screenshots/',
      'assistant/',
      'deploy/',
      'previews/',
      'agent/',
    ],
  },
  { name: 'api', about: 'the GraphQL schema and the REST routes made from it', modules: ['schema/', 'rest/'] },
  { name: 'edge', about: 'who answers a request: the edge, graphql-sse, streaming routes, CORS', modules: ['edge/'] },
  {
    name: 'composition',
    about: 'the app, the runtime of a process, the job registry, the CLI',
    modules: ['app.ts', 'runtime.ts', 'services.ts', 'jobs/', 'cli/', 'main.ts'],
  },
];

const API = fileURLToPath(new URL('../api/', import.meta.url));

/** The module of a file under api/ (`search/` for api/search/x.ts, `app.ts` for api/app.ts). */
export function moduleOf(file: string): string {
  const [first, ...rest] = path.relative(API, file).split(path.sep);
  return rest.length > 0 ? `${first}/` : first!;
}

/** The files of api/ and the files each imports at run time, as esbuild resolves them. */
export async function runtimeImports(entryPoints: string[]): Promise<Map<string, string[]>> {
  const result = await build({
    entryPoints,
    bundle: true,
    write: false,
    metafile: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    outdir: '/nonexistent',
    logLevel: 'silent',
  });
  const cwd = process.cwd();
  const imports = new Map<string, string[]>();
  for (const [input, { imports: found }] of Object.entries(result.metafile.inputs)) {
    const file = path.resolve(cwd, input);
    if (!file.startsWith(API) || file.includes(`${path.sep}generated${path.sep}`)) continue;
    imports.set(
      file,
      found.map((entry) => path.resolve(cwd, entry.path)).filter((target) => target.startsWith(API) && !target.includes(`${path.sep}generated${path.sep}`)),
    );
  }
  return imports;
}

/** Every import that breaks the layers, and every cycle, as lines that say what to do. */
export function layerProblems(imports: Map<string, string[]>): string[] {
  const problems: string[] = [];
  const layerOf = new Map(LAYERS.flatMap((layer, rank) => layer.modules.map((module) => [module, rank] as const)));
  const relative = (file: string) => `api/${path.relative(API, file)}`;
  for (const file of imports.keys()) {
    if (!layerOf.has(moduleOf(file))) problems.push(`${relative(file)} is in no layer: add "${moduleOf(file)}" to one in scripts/import-layers.ts`);
  }
  const moduleEdges = new Map<string, Map<string, string>>();
  for (const [file, targets] of imports) {
    for (const target of targets) {
      const [from, to] = [moduleOf(file), moduleOf(target)];
      const [fromRank, toRank] = [layerOf.get(from), layerOf.get(to)];
      if (fromRank !== undefined && toRank !== undefined && toRank > fromRank) {
        problems.push(
          `${relative(file)} imports ${relative(target)}: ${LAYERS[fromRank]!.name} code may not import ${LAYERS[toRank]!.name} code; move what both need down`,
        );
      }
      if (from !== to) {
        const edges = moduleEdges.get(from) ?? new Map<string, string>();
        edges.set(to, `${relative(file)} -> ${relative(target)}`);
        moduleEdges.set(from, edges);
      }
    }
  }
  for (const { members, cycle } of cyclesOf(new Map([...moduleEdges].map(([from, edges]) => [from, [...edges.keys()]])))) {
    const through = cycle.map((module, i) => moduleEdges.get(module)!.get(cycle[(i + 1) % cycle.length]!)!);
    problems.push(`modules that import each other: ${members.sort().join(', ')}; one cycle: ${[...cycle, cycle[0]].join(' -> ')} (${through.join('; ')})`);
  }
  for (const { cycle } of cyclesOf(imports)) problems.push(`files that import each other: ${[...cycle, cycle[0]!].map(relative).join(' -> ')}`);
  return problems;
}

/** Each strongly connected component of more than one node (Tarjan), with one of its cycles. */
function cyclesOf(graph: Map<string, string[]>): { members: string[]; cycle: string[] }[] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node)!);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node)!, index.get(next)!));
      }
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1) components.push(component);
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return components.map((members) => ({ members, cycle: cycleWithin(graph, new Set(members)) }));
}

/** A path through the component that returns to its start. */
function cycleWithin(graph: Map<string, string[]>, members: Set<string>): string[] {
  const start = [...members].sort()[0]!;
  const previous = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift()!;
    for (const next of graph.get(node) ?? []) {
      if (!members.has(next)) continue;
      if (next === start) {
        const cycle = [node];
        while (cycle[0] !== start) cycle.unshift(previous.get(cycle[0]!)!);
        return cycle;
      }
      if (!previous.has(next)) {
        previous.set(next, node);
        queue.push(next);
      }
    }
  }
  return [start];
}

/** Every .ts file of api/ except the generated Prisma client. */
export function apiFiles(dir = API): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const at = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'generated' ? [] : apiFiles(at);
    return entry.name.endsWith('.ts') ? [at] : [];
  });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const problems = layerProblems(await runtimeImports(apiFiles()));
  for (const problem of problems) console.log(problem);
  console.log(problems.length === 0 ? 'api/ keeps its layers: no upward import, no cycle.' : `${problems.length} problems.`);
  process.exitCode = problems.length === 0 ? 0 : 1;
}
