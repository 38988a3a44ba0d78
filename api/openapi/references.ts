import path from 'node:path';
import type { Spec } from './load-spec.ts';
import { listOperations, type Operation } from './operations.ts';
import { type HttpMethod, isHttpMethod, isRecord, type SchemaObject } from './spec-types.ts';

/**
 * An operation as frontmatter (`openapi: …`) and navigation entries name it: `GET /users`,
 * `openapi.json POST /users`, `/specs/v2.yaml put /pets/{id}`, `v3-openapi PUT /api/v1/schedules/{id}`
 * (a document named by its file name without extension), `webhook orderUpdated`, quoted or not.
 */
export interface OperationRef {
  /** The document as written, when the reference names one. */
  file?: string;
  method: HttpMethod | 'webhook';
  /** The path, or the webhook's name. */
  path: string;
}

/** A data model as `openapi-schema:` frontmatter names it: `OrderItem`, `en-schema.json OrderItem`. */
export interface SchemaRef {
  file?: string;
  name: string;
}

export interface FoundOperation {
  spec: Spec;
  operation: Operation;
}

export interface FoundSchema {
  spec: Spec;
  name: string;
  schema: SchemaObject;
}

/** The reference a frontmatter value or navigation entry makes, or undefined when it names no operation. */
export function parseOperationRef(value: string): OperationRef | undefined {
  const tokens = unquote(value).split(/\s+/).filter(Boolean);
  for (let i = 0; i + 1 < tokens.length; i++) {
    const method = tokens[i]!.toLowerCase();
    const rest = tokens.slice(i + 1).join(' ');
    const file = i > 0 ? tokens.slice(0, i).join(' ') : undefined;
    if (method === 'webhook' || (isHttpMethod(method) && rest.startsWith('/'))) return { ...(file ? { file } : {}), method, path: rest };
  }
  return undefined;
}

export function parseSchemaRef(value: string): SchemaRef | undefined {
  const tokens = unquote(value).split(/\s+/).filter(Boolean);
  const name = tokens.pop();
  if (!name) return undefined;
  return tokens.length > 0 ? { file: tokens.join(' '), name } : { name };
}

/**
 * The operation a reference names among a project's documents. With a document named, only that
 * document is searched; otherwise the navigation's inherited one (`inherited`, a repository path), and
 * without either, Mintlify's rule for frontmatter: every document of the repository, the first match
 * in alphabetical order of their paths.
 */
export function findOperation(ref: OperationRef, specs: readonly Spec[], inherited?: string): FoundOperation | undefined {
  for (const spec of candidates(ref.file ?? inherited, specs)) {
    const operation = operationsOf(spec).find((candidate) =>
      ref.method === 'webhook'
        ? candidate.isWebhook && candidate.path === ref.path
        : !candidate.isWebhook && candidate.method === ref.method && candidate.path === ref.path,
    );
    if (operation) return { spec, operation };
  }
  return undefined;
}

/** The `components.schemas` entry a reference names, by the same rule as operations. */
export function findSchema(ref: SchemaRef, specs: readonly Spec[]): FoundSchema | undefined {
  for (const spec of candidates(ref.file, specs)) {
    const schemas = spec.document.components?.schemas;
    const schema = isRecord(schemas) && Object.hasOwn(schemas, ref.name) ? schemas[ref.name] : undefined;
    if (isRecord(schema)) return { spec, name: ref.name, schema };
  }
  return undefined;
}

/**
 * The documents a file reference may mean, best match first: the exact path (with or without a leading
 * `/` or `./`), the path without its extension, then the file name with or without extension (a
 * frontmatter reference often gives only that).
 */
export function specsNamed(file: string, specs: readonly Spec[]): Spec[] {
  const name = normalise(file);
  const matchers = [
    (spec: string) => spec === name,
    (spec: string) => withoutExtension(spec) === name,
    (spec: string) => path.posix.basename(spec) === name,
    (spec: string) => withoutExtension(path.posix.basename(spec)) === name,
  ];
  for (const matches of matchers) {
    const found = specs.filter((spec) => matches(normalise(spec.file)));
    if (found.length > 0) return byPath(found);
  }
  return [];
}

function candidates(file: string | undefined, specs: readonly Spec[]): Spec[] {
  return file === undefined ? byPath(specs) : specsNamed(file, specs);
}

const operationsCache = new WeakMap<Spec, Operation[]>();

function operationsOf(spec: Spec): Operation[] {
  let operations = operationsCache.get(spec);
  if (!operations) operationsCache.set(spec, (operations = listOperations(spec)));
  return operations;
}

const byPath = (specs: readonly Spec[]) =>
  [...specs].sort((a, b) => (normalise(a.file) < normalise(b.file) ? -1 : normalise(a.file) > normalise(b.file) ? 1 : 0));
const normalise = (file: string) => file.trim().replace(/^\.?\/+/, '');
const withoutExtension = (file: string) => file.replace(/\.(json|ya?ml)$/i, '');
const unquote = (value: string) => value.trim().replace(/^(["'])([\s\S]*)\1$/, '$2');
