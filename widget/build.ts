/**
 * Builds the widget: Vite (library mode) bundles widget/index.ts and its dependencies into one ES
 * module, named by its content hash, with .br and .gz beside it, and a small `widget.js` that imports
 * it. Folio serves `/widget.js` revalidated on every load (ETag) and the hashed bundle under
 * `/widget/` cached for a year (api/rest/routes.ts, FILE_ROUTES). Runs in `npm install`; rebuilds only
 * when the sources changed (`--force` always).
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

const WIDGET_ROOT = path.dirname(fileURLToPath(import.meta.url));
/** What Folio serves: `widget.js` here, the hashed bundles in BUNDLE_DIR. */
export const WIDGET_DIST = path.join(WIDGET_ROOT, 'dist');
export const BUNDLE_DIR = path.join(WIDGET_DIST, 'widget');
const MANIFEST = path.join(WIDGET_DIST, 'build.json');
/** The goal the issue sets for the whole widget. */
export const GZIP_GOAL_BYTES = 50 * 1024;

export interface WidgetBuild {
  /** The hashed bundle's file name, in BUNDLE_DIR. */
  file: string;
  bytes: number;
  gzipBytes: number;
  brotliBytes: number;
  fingerprint: string;
}

/** The current build, building first when the sources changed since the last one. */
export async function ensureWidgetBuilt({ isForced = false } = {}): Promise<WidgetBuild> {
  const fingerprint = sourceFingerprint();
  const built = readManifest();
  if (!isForced && built?.fingerprint === fingerprint && fs.existsSync(path.join(BUNDLE_DIR, built.file))) return built;
  return buildWidget(fingerprint);
}

async function buildWidget(fingerprint: string): Promise<WidgetBuild> {
  const { build } = await import('vite');
  const output = await build({
    configFile: false,
    root: WIDGET_ROOT,
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
      lib: { entry: path.join(WIDGET_ROOT, 'index.ts'), formats: ['es'] },
    },
  });
  const chunks = (Array.isArray(output) ? output : [output]).flatMap((result) => ('output' in result ? result.output : []));
  if (chunks.length !== 1 || chunks[0]!.type !== 'chunk')
    throw new Error(`the widget must build into one module; Vite made ${chunks.map((chunk) => chunk.fileName).join(', ')}`);
  const code = Buffer.from(chunks[0]!.code);
  const file = `folio-${createHash('sha256').update(code).digest('hex').slice(0, 12)}.js`;
  const gzip = zlib.gzipSync(code, { level: 9 });
  const brotli = zlib.brotliCompressSync(code, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: code.length } });
  fs.mkdirSync(BUNDLE_DIR, { recursive: true });
  writeWhole(path.join(BUNDLE_DIR, file), code);
  writeWhole(path.join(BUNDLE_DIR, `${file}.gz`), gzip);
  writeWhole(path.join(BUNDLE_DIR, `${file}.br`), brotli);
  const loader = `// The Folio widget. This file is revalidated on every load; the bundle it names is cached for a year.\nexport * from './widget/${file}';\n`;
  writeWhole(path.join(WIDGET_DIST, 'widget.js'), Buffer.from(loader));
  const result: WidgetBuild = { file, bytes: code.length, gzipBytes: gzip.length, brotliBytes: brotli.length, fingerprint };
  writeWhole(MANIFEST, Buffer.from(`${JSON.stringify(result, null, 2)}\n`));
  pruneOldBundles(file);
  return result;
}

/** Readers (a running Folio) never see half a file: each is written aside and renamed into place. */
function writeWhole(file: string, content: Buffer): void {
  const temporary = `${file}.tmp-${process.pid}`;
  fs.writeFileSync(temporary, content);
  fs.renameSync(temporary, file);
}

/** Keeps the current bundle and the one before it (a page that loaded the old loader a moment ago still gets its bundle). */
function pruneOldBundles(current: string): void {
  const bundles = fs
    .readdirSync(BUNDLE_DIR)
    .filter((name) => /^folio-[0-9a-f]{12}\.js$/.test(name) && name !== current)
    .map((name) => ({ name, time: fs.statSync(path.join(BUNDLE_DIR, name)).mtimeMs }))
    .sort((a, b) => b.time - a.time);
  for (const { name } of bundles.slice(1)) {
    for (const suffix of ['', '.gz', '.br']) fs.rmSync(path.join(BUNDLE_DIR, `${name}${suffix}`), { force: true });
  }
}

function readManifest(): WidgetBuild | undefined {
  try {
    return JSON.parse(fs.readFileSync(MANIFEST, 'utf8')) as WidgetBuild;
  } catch {
    return undefined;
  }
}

/** Names every source file with its size and modification time, and the installed dependencies' lock. */
function sourceFingerprint(): string {
  const hash = createHash('sha256');
  const visit = (file: string) => {
    const stat = fs.statSync(file, { throwIfNoEntry: false });
    if (!stat) return;
    if (stat.isDirectory()) {
      for (const name of fs.readdirSync(file).sort()) if (name !== 'dist') visit(path.join(file, name));
    } else {
      hash.update(`${path.relative(WIDGET_ROOT, file)}\0${stat.size}\0${stat.mtimeMs}\n`);
    }
  };
  visit(WIDGET_ROOT);
  visit(path.join(WIDGET_ROOT, '..', 'package-lock.json'));
  return hash.digest('hex').slice(0, 16);
}

const kB = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const started = performance.now();
  const result = await ensureWidgetBuilt({ isForced: process.argv.includes('--force') });
  const verdict = result.gzipBytes <= GZIP_GOAL_BYTES ? 'within' : 'OVER';
  console.log(
    `folio: widget ${path.relative(process.cwd(), path.join(BUNDLE_DIR, result.file))}: ${kB(result.bytes)}, ${kB(result.gzipBytes)} gzipped ` +
      `(${verdict} the ${kB(GZIP_GOAL_BYTES)} goal), ${kB(result.brotliBytes)} brotli, in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
}
