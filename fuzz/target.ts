import type { Fixture } from './setup.ts';
import { jsonBytes } from './json-body.ts';
import type { Random } from './random.ts';
import type { FuzzCase, RequestSpec, StreamKind } from './types.ts';

/** A JSON Schema as the OpenAPI document writes it, `$ref`s resolved. */
export type JsonSchema = Record<string, unknown>;

/** One route (or endpoint) and what a valid request to it looks like. */
export interface Target {
  /** As the report groups requests: `POST /v1/search/{domain}`, `/graphql`, `/sites/{subdomain}/{page}`. */
  route: string;
  method: string;
  /** The path with `{param}`s. */
  template: string;
  /** Valid values of the parameters, URL-safe as they are. */
  params: Record<string, string>;
  /** The key that opens it. */
  key?: string;
  schema?: JsonSchema;
  /** The query parameters it declares, by name. */
  query?: Record<string, JsonSchema>;
  validBody?: (random: Random) => unknown;
  /** What a successful body must be. */
  stream?: StreamKind;
  /** Headers a valid request carries besides the key and the content type. */
  headers?: [string, string][];
  /** Cases of its own, all sent. */
  fixed?: (random: Random) => FuzzCase[];
  /** Random cases of its own, mixed with the generic ones. */
  random?: (random: Random) => FuzzCase;
  /** How much of the random mix is its own (default 0.3 when it has some). */
  ownShare?: number;
}

const bearer = (key: string): [string, string] => ['authorization', `Bearer ${key}`];
const JSON_TYPE: [string, string] = ['content-type', 'application/json'];

/** The path of a target, with its parameters (or these replacements of them, as written). */
export function pathOf(target: Target, params: Record<string, string> = {}): string {
  return target.template.replace(/\{(\w+)\}/g, (_, name: string) => params[name] ?? target.params[name] ?? 'x');
}

export interface RequestChange {
  method?: string;
  /** The whole target (path and query). */
  target?: string;
  params?: Record<string, string>;
  query?: string;
  /** A JSON value for the body (undefined: the target's valid body, if it takes one). */
  body?: unknown;
  /** Body bytes as they are. */
  bodyBytes?: Uint8Array;
  isBodyless?: boolean;
  /** Replaces the target's key (null: no Authorization header). */
  key?: string | null;
  /** Headers added after the usual ones; a name given here replaces the usual header of that name. */
  headers?: [string, string][];
  /** Usual headers left out. */
  dropHeaders?: string[];
  via?: 'fetch' | 'raw';
  leave?: RequestSpec['leave'];
}

/** A valid request to the target, with `change` applied. */
export function requestOf(target: Target, random: Random, change: RequestChange = {}): RequestSpec {
  const method = change.method ?? target.method;
  const key = change.key === undefined ? target.key : change.key;
  let body: Uint8Array | undefined;
  if (change.bodyBytes) body = change.bodyBytes;
  else if (change.body !== undefined) body = jsonBytes(change.body);
  else if (target.validBody && !change.isBodyless) body = jsonBytes(target.validBody(random));
  const replaced = new Set([...(change.headers ?? []).map(([name]) => name.toLowerCase()), ...(change.dropHeaders ?? [])]);
  const usual: [string, string][] = [];
  if (key !== null && key !== undefined) usual.push(bearer(key));
  if (body) usual.push(JSON_TYPE);
  usual.push(...(target.headers ?? []));
  const path = change.target ?? pathOf(target, change.params) + (change.query === undefined ? '' : `?${change.query}`);
  return {
    method,
    target: path,
    headers: [...usual.filter(([name]) => !replaced.has(name)), ...(change.headers ?? [])],
    body,
    via: change.via ?? 'fetch',
    ...(change.leave ? { leave: change.leave } : {}),
  };
}

export function caseOf(target: Target, label: string, request: RequestSpec, extra: Partial<FuzzCase> = {}): FuzzCase {
  return { route: target.route, label, request, ...(target.stream ? { stream: target.stream } : {}), ...extra };
}

/** Keys of every sort for a target, each with what it is. */
/** fetch trims and refuses some header values: those keys go over a socket, as written. */
export function keyVariants(fixture: Fixture, target: Target): { label: string; key: string | null; via?: 'raw' }[] {
  const isOther = target.key === fixture.other.adminKey || target.key === fixture.other.assistantKey;
  const [own, foreign] = isOther ? [fixture.other, fixture.main] : [fixture.main, fixture.other];
  const isAdmin = target.key === own.adminKey;
  return [
    { label: 'no key', key: null },
    { label: 'empty bearer', key: '' },
    { label: 'a key of the other kind', key: isAdmin ? own.assistantKey : own.adminKey },
    { label: "another project's admin key", key: foreign.adminKey },
    { label: "another project's assistant key", key: foreign.assistantKey },
    { label: 'a revoked admin key', key: fixture.revokedAdminKey },
    { label: 'a revoked assistant key', key: fixture.revokedAssistantKey },
    { label: 'a key limited to another origin', key: fixture.originKey },
    { label: 'an unknown, well-formed key', key: `folio_assistant_zzzzzzzzzz_${'A'.repeat(43)}` },
    { label: 'a key with its last character changed', key: `${(target.key ?? fixture.main.adminKey).slice(0, -1)}x` },
    { label: 'a key of 8 KB', key: `folio_admin_${'k'.repeat(8000)}` },
    { label: 'the key "__proto__"', key: '__proto__' },
    { label: 'the key "constructor"', key: 'constructor' },
    { label: 'a key with a trailing space', key: `${target.key ?? fixture.main.adminKey} `, via: 'raw' },
    { label: 'a key with a NUL', key: `${target.key ?? fixture.main.adminKey}\u0000`, via: 'raw' },
    { label: 'a key with a lone surrogate (as UTF-8 bytes)', key: `${target.key ?? fixture.main.adminKey}\u00ed\u00a0\u0080`, via: 'raw' },
  ];
}
