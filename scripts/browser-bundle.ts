/**
 * Builds a browser bundle (the widget, the console): Vite bundles one entry and its dependencies into one
 * ES module named by its content hash, with .br and .gz beside it. Rebuilds only when the sources (or the
 * installed dependencies) changed since the last build.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

export interface BundleSpec {
  /** The folder of the sources; its `dist/` holds the build. */
  root: string;
  /** The entry module, relative to `root`. */
  entry: string;
  /** The bundle's name before its hash: `folio` makes `folio-0123456789ab.js`. */
  name: string;
  /** Where the hashed bundles go. */
  bundleDir: string;
  /** Files outside `root` the bundle imports (a rebuild follows their changes too). */
  alsoReads?: readonly string[];
  /** Writes what names the bundle (a loader, a page) once it is built. */
  writeEntryPoints(file: string): void;
}

export interface BundleBuild {
  /** The hashed bundle's file name, in the spec's bundleDir. */
  file: string;
  bytes: number;
  gzipBytes: number;
  brotliBytes: number;
  fingerprint: string;
}

/** The current build, building first when the sources changed since the last one. */
export async function ensureBundle(spec: BundleSpec, { isForced = false } = {}): Promise<BundleBuild> {
  const fingerprint = sourceFingerprint(spec);
  const built = readManifest(spec);
  if (!isForced && built?.fingerprint === fingerprint && fs.existsSync(path.join(spec.bundleDir, built.file))) return built;
  return buildBundle(spec, fingerprint);
}

async function buildBundle(spec: BundleSpec, fingerprint: string): Promise<BundleBuild> {
  const { build } = await import('vite');
  const output = await build({
    configFile: false,
    root: spec.root,
    logLevel: 'warn',
    mode: 'production',
    // The production builds of Lit and the rest, even when built from a test run (NODE_ENV=test).
    resolve: { conditions: ['module', 'browser', 'production'] },
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    build: {
      write: false,
      target: 'es2022',
      minify: true,
      // An ES library build is minified without its whitespace stripped unless codegen minifying is asked for too.
      rolldownOptions: { output: { minify: { codegen: true } } },
      lib: { entry: path.join(spec.root, spec.entry), formats: ['es'] },
    },
  });
  const chunks = (Array.isArray(output) ? output : [output]).flatMap((result) => ('output' in result ? result.output : []));
  if (chunks.length !== 1 || chunks[0]!.type !== 'chunk')
    throw new Error(`${spec.name} must build into one module; Vite made ${chunks.map((chunk) => chunk.fileName).join(', ')}`);
  const code = Buffer.from(chunks[0]!.code);
  const file = `${spec.name}-${createHash('sha256').update(code).digest('hex').slice(0, 12)}.js`;
  const gzip = zlib.gzipSync(code, { level: 9 });
  const brotli = zlib.brotliCompressSync(code, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: code.length } });
  writeWhole(path.join(spec.bundleDir, file), code);
  writeWhole(path.join(spec.bundleDir, `${file}.gz`), gzip);
  writeWhole(path.join(spec.bundleDir, `${file}.br`), brotli);
  spec.writeEntryPoints(file);
  const result: BundleBuild = { file, bytes: code.length, gzipBytes: gzip.length, brotliBytes: brotli.length, fingerprint };
  writeWhole(manifestOf(spec), Buffer.from(`${JSON.stringify(result, null, 2)}\n`));
  pruneOldBundles(spec, file);
  return result;
}

/** Readers (a running Folio) never see half a file: each is written aside and renamed into place. */
export function writeWhole(file: string, content: Buffer | string): void {
  const temporary = `${file}.tmp-${process.pid}`;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(temporary, content);
  fs.renameSync(temporary, file);
}

/** Keeps the current bundle and the one before it (a page that loaded the old entry a moment ago still gets its bundle). */
function pruneOldBundles(spec: BundleSpec, current: string): void {
  const pattern = new RegExp(`^${spec.name}-[0-9a-f]{12}\\.js$`);
  const bundles = fs
    .readdirSync(spec.bundleDir)
    .filter((name) => pattern.test(name) && name !== current)
    .map((name) => ({ name, time: fs.statSync(path.join(spec.bundleDir, name)).mtimeMs }))
    .sort((a, b) => b.time - a.time);
  for (const { name } of bundles.slice(1)) {
    for (const suffix of ['', '.gz', '.br']) fs.rmSync(path.join(spec.bundleDir, `${name}${suffix}`), { force: true });
  }
}

const manifestOf = (spec: BundleSpec) => path.join(spec.root, 'dist', 'build.json');

function readManifest(spec: BundleSpec): BundleBuild | undefined {
  try {
    return JSON.parse(fs.readFileSync(manifestOf(spec), 'utf8')) as BundleBuild;
  } catch {
    return undefined;
  }
}

/** Names every source file with its size and modification time, and the installed dependencies' lock. */
function sourceFingerprint({ root, alsoReads = [] }: BundleSpec): string {
  const hash = createHash('sha256');
  const visit = (file: string) => {
    const stat = fs.statSync(file, { throwIfNoEntry: false });
    if (!stat) return;
    if (stat.isDirectory()) {
      for (const name of fs.readdirSync(file).sort()) if (name !== 'dist') visit(path.join(file, name));
    } else {
      hash.update(`${path.relative(root, file)}\0${stat.size}\0${stat.mtimeMs}\n`);
    }
  };
  for (const file of [root, path.join(root, '..', 'package-lock.json'), path.join(root, '..', 'scripts', 'browser-bundle.ts'), ...alsoReads]) visit(file);
  return hash.digest('hex').slice(0, 16);
}

export const kB = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;

/** What `tsx widget/build.ts` and `tsx console/build.ts` print: the bundle, its sizes against the goal, the time taken. */
export function describeBuild(name: string, file: string, build: BundleBuild, goalBytes: number, startedAt: number): string {
  const verdict = build.gzipBytes <= goalBytes ? 'within' : 'OVER';
  return (
    `folio: ${name} ${path.relative(process.cwd(), file)}: ${kB(build.bytes)}, ${kB(build.gzipBytes)} gzipped ` +
    `(${verdict} the ${kB(goalBytes)} goal), ${kB(build.brotliBytes)} brotli, in ${((performance.now() - startedAt) / 1000).toFixed(1)} s`
  );
}
