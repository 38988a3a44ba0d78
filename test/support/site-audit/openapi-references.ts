import fs from 'node:fs';
import path from 'node:path';
import { isObject, type Json, resolveRefs } from '../../../api/mintlify/config-refs.ts';
import { normaliseSpecPath } from './openapi-specs.ts';

/** `METHOD /path`, with the specification when the reference names one (`api.yaml GET /users`). */
export interface OperationRef {
  spec?: string;
  method: string;
  path: string;
}

/** Which operations a site's config owes pages to, as Mintlify reads it (api-playground/openapi-setup.mdx). */
export interface ConfigReferences {
  /** Specifications of navigation elements that list no operation of their own: every operation gets a page. */
  wholeSpecs: { spec: string; where: string }[];
  /** `METHOD /path` entries of the navigation, with the specifications their elements inherit. */
  picked: (OperationRef & { inherited: string[]; where: string })[];
  /** `api.openapi` (and mint.json's `openapi`): whole unless the site picks their operations one by one. */
  siteWide: string[];
  /** Specifications given by URL, which the audit cannot read offline. */
  remote: string[];
}

const OPERATION = /^\s*(?:(\S+)\s+)?(get|put|post|delete|options|head|patch|trace)\s+(\/\S*)\s*$/i;

/** A `METHOD /path` reference (navigation entry or frontmatter `openapi:`), or undefined for anything else. */
export function parseOperationRef(value: unknown): OperationRef | undefined {
  if (typeof value !== 'string') return undefined;
  const match = OPERATION.exec(value);
  if (!match) return undefined;
  return { ...(match[1] ? { spec: match[1] } : {}), method: match[2]!.toLowerCase(), path: match[3]! };
}

/** The site's docs.json (its `$ref`s resolved) or legacy mint.json, read for its OpenAPI references. */
export async function configReferences(folder: string): Promise<ConfigReferences> {
  const references: ConfigReferences = { wholeSpecs: [], picked: [], siteWide: [], remote: [] };
  const file = ['docs.json', 'mint.json'].find((name) => fs.existsSync(path.join(folder, name)));
  if (!file) return references;
  const config = await resolveRefs(file, async (name) => JSON.parse(fs.readFileSync(path.join(folder, name), 'utf8')) as Json);
  if (!isObject(config)) return references;
  const local = (value: Json | undefined) => {
    const sources = specSources(value);
    references.remote.push(...sources.filter(isRemote));
    return sources.filter((source) => !isRemote(source)).map(normaliseSpecPath);
  };
  references.siteWide = [...local(config.openapi), ...(isObject(config.api) ? local(config.api.openapi) : [])];

  const walk = (node: Json, inherited: string[], where: string) => {
    if (typeof node === 'string') {
      const ref = parseOperationRef(node);
      if (ref) references.picked.push({ ...ref, ...(ref.spec ? { spec: normaliseSpecPath(ref.spec) } : {}), inherited, where });
    } else if (Array.isArray(node)) {
      for (const [index, item] of node.entries()) walk(item, inherited, `${where}[${index}]`);
    } else if (isObject(node)) {
      const own = 'openapi' in node ? local(node.openapi) : undefined;
      const label =
        typeof (node.group ?? node.tab ?? node.anchor ?? node.item ?? node.version) === 'string'
          ? ` "${node.group ?? node.tab ?? node.anchor ?? node.item ?? node.version}"`
          : '';
      if (own && !picksOperations(node)) for (const spec of own) references.wholeSpecs.push({ spec, where: `${where}${label}` });
      for (const [key, value] of Object.entries(node)) if (key !== 'openapi') walk(value, own ?? inherited, `${where}.${key}`);
    }
  };
  for (const [key, value] of Object.entries(config)) if (key !== 'openapi' && key !== 'api') walk(value, [], key);
  return references;
}

/** `openapi` as docs.json writes it: a path or URL, a list of them, or `{source, directory}`. */
function specSources(value: Json | undefined): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap((item) => specSources(item));
  if (isObject(value) && typeof value.source === 'string') return [value.source];
  return [];
}

export const isRemote = (source: string) => /^https?:\/\//i.test(source);

/** Whether an element lists operations itself (then only those get pages); elements below with a specification of their own list theirs. */
function picksOperations(node: Json, isOwn = true): boolean {
  if (typeof node === 'string') return parseOperationRef(node) !== undefined;
  if (Array.isArray(node)) return node.some((item) => picksOperations(item, false));
  if (!isObject(node) || (!isOwn && 'openapi' in node)) return false;
  return Object.entries(node).some(([key, value]) => key !== 'openapi' && picksOperations(value, false));
}

/** Notes for the report: specifications given by URL, whose operations the audit cannot count offline. */
export async function remoteSpecNotes(folder: string): Promise<string[]> {
  // A config that cannot be read is the OpenAPI check's finding.
  const { remote } = await configReferences(folder).catch(() => ({ remote: [] as string[] }));
  return [...new Set(remote)].map((url) => `OpenAPI specification by URL, not audited offline: ${url}`);
}
