import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { AppError, notFound } from '../errors.ts';
import { lookupTable } from '../lookup-table.ts';

/** Files served as they are (the widget's bundle), below `path`, from `dir`. */
export interface FileRoute {
  path: string;
  dir: string;
  /** Names carry a content hash: cache them for a year. */
  isImmutable: boolean;
  /** The file served for the route's own path, with or without its trailing slash (a page). */
  indexFile?: string;
  /** Headers the route's files are served with besides the usual ones (a page's Content-Security-Policy). */
  headers?: Readonly<Record<string, string>>;
}

const MEDIA_TYPES = lookupTable<string>({
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.ttf': 'font/ttf',
});

/** Precompressed variants a file may have beside it, in order of preference. */
const ENCODINGS = [
  { name: 'br', suffix: '.br' },
  { name: 'gzip', suffix: '.gz' },
] as const;

/** The file route whose path the request's path is under, if any. */
export function matchFileRoute(routes: readonly FileRoute[], pathname: string): FileRoute | undefined {
  return routes.find((route) => pathname === route.path || pathname.startsWith(`${route.path.replace(/\/$/, '')}/`));
}

/**
 * Serves one file below a file route: GET and HEAD only, never outside the route's folder (no `..`,
 * no hidden files, no symbolic links out), with a strong ETag (304 when it matches), long-lived caching
 * for content-hashed names, and a precompressed `.br`/`.gz` variant when the client accepts it.
 */
export async function serveFile(route: FileRoute, request: Request, pathname: string): Promise<Response> {
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    throw new AppError('METHOD_NOT_ALLOWED', `${request.method} is not allowed here; use GET.`, { headers: { Allow: 'GET, HEAD' } });
  }
  const file = await resolveFile(route, pathname);
  const encoding = await pickEncoding(file, request.headers.get('accept-encoding') ?? '');
  const served = encoding ? `${file}${encoding.suffix}` : file;
  const content = await fs.readFile(served);
  const etag = `"${createHash('sha256').update(content).digest('base64url').slice(0, 27)}${encoding ? `-${encoding.name}` : ''}"`;
  const headers = new Headers({
    'content-type': MEDIA_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream',
    'cache-control': route.isImmutable ? 'public, max-age=31536000, immutable' : 'public, max-age=0, must-revalidate',
    etag,
    vary: 'Accept-Encoding',
    'x-content-type-options': 'nosniff',
    // Public files for any page: a cross-origin <script type="module"> is fetched with CORS.
    'access-control-allow-origin': '*',
  });
  for (const [name, value] of Object.entries(route.headers ?? {})) headers.set(name, value);
  if (encoding) headers.set('content-encoding', encoding.name);
  if (matchesEtag(request.headers.get('if-none-match'), etag)) return new Response(null, { status: 304, headers });
  headers.set('content-length', String(content.byteLength));
  return new Response(request.method === 'HEAD' ? null : content, { status: 200, headers });
}

async function resolveFile(route: FileRoute, pathname: string): Promise<string> {
  const missing = () => notFound(`No file ${pathname}.`);
  let relative: string;
  try {
    relative = decodeURIComponent(pathname.slice(route.path.replace(/\/$/, '').length));
  } catch {
    throw missing();
  }
  // A route whose path names one file (`/widget.js`) serves the file of that name from its folder.
  const isRouteItself = pathname === route.path || (route.indexFile !== undefined && pathname === `${route.path}/`);
  const parts = isRouteItself ? [route.indexFile ?? path.posix.basename(route.path)] : relative.split('/').filter(Boolean);
  if (parts.length === 0 || parts.some((part) => part.startsWith('.') || part.includes('\\') || part.includes('\0'))) throw missing();
  const root = await fs.realpath(route.dir).catch(() => undefined);
  if (!root) throw missing();
  const real = await fs.realpath(path.join(root, ...parts)).catch(() => undefined);
  if (!real?.startsWith(`${root}${path.sep}`)) throw missing();
  const stat = await fs.stat(real);
  if (!stat.isFile()) throw missing();
  return real;
}

async function pickEncoding(file: string, accepted: string) {
  for (const encoding of ENCODINGS) {
    if (!accepts(accepted, encoding.name)) continue;
    if (
      await fs.stat(`${file}${encoding.suffix}`).then(
        (stat) => stat.isFile(),
        () => false,
      )
    )
      return encoding;
  }
  return undefined;
}

/** Whether an Accept-Encoding header accepts an encoding (named, with no `q=0`). */
function accepts(header: string, name: string): boolean {
  return header.split(',').some((part) => {
    const [token, ...parameters] = part.split(';');
    if (token!.trim().toLowerCase() !== name) return false;
    const quality = parameters.map((parameter) => parameter.trim()).find((parameter) => parameter.startsWith('q='));
    return quality === undefined || Number(quality.slice(2)) > 0;
  });
}

/** Whether an If-None-Match header names this ETag (or `*`). */
export function matchesEtag(header: string | null, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag || tag.trim() === '*');
}
