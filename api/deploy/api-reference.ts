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
/** Documents kept parsed between deployments by one process (a redeployment of an unchanged spec does not parse it again). */
const MAX_CACHED_SPECS = 8;
const cache = new Map<string, Promise<SpecLoad>>();

/**
 * Reads every OpenAPI document of the project (Mintlify uploads every one in the repository, named in
 * docs.json or not) and makes its navigation's `openapi` entries into pages. `blobIdOf` names a file's
 * content, so that a document already read by this process is not parsed again.
 */
export async function readApiReference(
  files: ProjectFiles,
  paths: Iterable<string>,
  config: JsonObject,
  blobIdOf: (file: string) => string | undefined = () => undefined,
): Promise<ApiReference> {
  const candidates = [...paths].filter(
    (file) => SPEC_FILE.test(file) && !NOT_SPECS.has(file) && !file.split('/').some((part) => part.startsWith('.') || part === 'node_modules'),
  );
  const texts = candidates.length > 0 ? await files.read(candidates) : new Map<string, string>();
  const specs: Spec[] = [];
  const warnings: string[] = [];
  for (const file of candidates.sort()) {
    const text = texts.get(file) ?? '';
    if (!looksLikeSpec(file, text)) continue;
    const loaded = await loadCached(file, text, blobIdOf(file));
    if ('error' in loaded) warnings.push(`OpenAPI: ${loaded.error}; its pages were left out`);
    else {
      specs.push(loaded.spec);
      for (const warning of loaded.spec.warnings) warnings.push(`OpenAPI: ${warning}`);
    }
  }
  const navigation = expandApiNavigation(config, specs);
  return { specs, api: config.api, navigation, warnings: [...warnings, ...navigation.warnings] };
}

function loadCached(file: string, text: string, blobId: string | undefined): Promise<SpecLoad> {
  if (!blobId) return loadSpec(file, text);
  const key = `${file}\u0000${blobId}`;
  let loading = cache.get(key);
  if (loading) {
    cache.delete(key); // most recently used last
  } else {
    loading = loadSpec(file, text);
    if (cache.size >= MAX_CACHED_SPECS) cache.delete(cache.keys().next().value!);
  }
  cache.set(key, loading);
  return loading;
}
