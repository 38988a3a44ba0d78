import type { JsonObject } from '../mintlify/config-refs.ts';
import { type ApiNavigation, expandApiNavigation } from '../openapi/navigation-expansion.ts';
import { loadSpec, looksLikeSpec, type Spec, type SpecLoad } from '../openapi/load-spec.ts';
import type { ProjectFiles } from './project-reader.ts';

/** A project's OpenAPI documents and the pages its navigation makes of them. */
export interface ApiReference {
  specs: Spec[];
  /** docs.json's `api` object (examples, params, playground), as written. */
  api: unknown;
  navigation: ApiNavigation;
  /** Documents that could not be read, and what the navigation could not find. */
  warnings: string[];
}

/** Files that are never OpenAPI documents, whatever they hold. */
const NOT_SPECS = new Set(['docs.json', 'mint.json', 'package.json', 'package-lock.json', 'tsconfig.json']);
const SPEC_FILE = /\.(json|ya?ml)$/i;
/**
 * What this process read of repository files, by path and Git blob: a document parsed, or that the file
 * is no document. A redeployment reads and parses only files that changed. Bounded by the documents'
 * size (a parsed document takes a few times its text).
 */
const MAX_CACHED_CHARS = 50_000_000;
const cache = new Map<string, { load: Promise<SpecLoad> | undefined; chars: number }>();
let cachedChars = 0;

export async function readApiReference(
  files: ProjectFiles,
  paths: Iterable<string>,
  config: JsonObject,
  blobIdOf: (file: string) => string | undefined = () => undefined,
): Promise<ApiReference> {
  const candidates = [...paths]
    .filter((file) => SPEC_FILE.test(file) && !NOT_SPECS.has(file) && !file.split('/').some((part) => part.startsWith('.') || part === 'node_modules'))
    .sort();
  const keyOf = (file: string) => {
    const blobId = blobIdOf(file);
    return blobId ? `${file}\u0000${blobId}` : undefined;
  };
  const unread = candidates.filter((file) => !cache.has(keyOf(file) ?? ''));
  const texts = unread.length > 0 ? await files.read(unread) : new Map<string, string>();
  const specs: Spec[] = [];
  const warnings: string[] = [];
  for (const file of candidates) {
    const key = keyOf(file);
    const known = key ? cache.get(key) : undefined;
    let load = known?.load;
    if (!known) {
      const text = texts.get(file) ?? '';
      load = looksLikeSpec(file, text) ? loadSpec(file, text) : undefined;
      if (key) remember(key, load, load ? text.length : 0);
    }
    const loaded = await load;
    if (!loaded) continue;
    if ('error' in loaded) warnings.push(`OpenAPI: ${loaded.error}; its pages were left out`);
    else {
      specs.push(loaded.spec);
      for (const warning of loaded.spec.warnings) warnings.push(`OpenAPI: ${warning}`);
    }
  }
  const navigation = expandApiNavigation(config, specs);
  return { specs, api: config.api, navigation, warnings: [...warnings, ...navigation.warnings] };
}

/** Keeps what was read of a file, dropping the oldest documents past MAX_CACHED_CHARS. */
function remember(key: string, load: Promise<SpecLoad> | undefined, chars: number): void {
  cache.set(key, { load, chars });
  cachedChars += chars;
  for (const [oldest, entry] of cache) {
    if (cachedChars <= MAX_CACHED_CHARS || oldest === key) break;
    cache.delete(oldest);
    cachedChars -= entry.chars;
  }
}
