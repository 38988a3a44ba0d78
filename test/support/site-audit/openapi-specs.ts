import fs from 'node:fs';
import path from 'node:path';
import { dereference } from '@readme/openapi-parser';
import YAML from 'yaml';

/** What a page documenting one operation must show, read from the specification (the audit's oracle). */
export interface SpecOperation {
  /** Repository path of the specification, normalised (`api-reference/admin.yaml`). */
  spec: string;
  /** Lowercase, as the page's `data-method`. */
  method: string;
  path: string;
  /** `x-hidden` or `x-excluded`: no page is owed. */
  isHidden: boolean;
  /** Path, query, header and cookie parameters. */
  parameters: string[];
  /** The request body's properties, top level and one level down (`address`, `address.city`). */
  bodyProperties: { name: string; parent?: string }[];
  statuses: string[];
}

export type LoadedSpec = { spec: string; operations: Map<string, SpecOperation> } | { spec: string; error: string };

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/** `METHOD /path` as one key. */
export const operationKey = (method: string, operationPath: string) => `${method.toLowerCase()} ${operationPath}`;

/** A specification's repository path as the page and docs.json may write it (`/api.yaml`, `./api.yaml`) in one form. */
export const normaliseSpecPath = (file: string) => path.posix.normalize(file.trim().replace(/^\.?\/+/, ''));

/** Every OpenAPI (or Swagger) document of the repository, sorted, as Mintlify finds them wherever they are. */
export function specFiles(folder: string): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(path.join(folder, dir), { withFileTypes: true })) {
      if (entry.name.startsWith('.') || entry.name === 'node_modules') continue;
      const file = dir ? `${dir}/${entry.name}` : entry.name;
      if (entry.isDirectory()) walk(file);
      else if (
        /\.(?:json|ya?ml)$/i.test(entry.name) &&
        /^\s*["']?(?:openapi|swagger)["']?\s*:/m.test(fs.readFileSync(path.join(folder, file), 'utf8').slice(0, 4096))
      )
        found.push(file);
    }
  };
  walk('');
  return found.sort();
}

/** Loads specifications once per site: dereferencing the largest takes a second. */
export function specLoader(folder: string): (spec: string) => Promise<LoadedSpec> {
  const loaded = new Map<string, Promise<LoadedSpec>>();
  return (spec) => {
    const key = normaliseSpecPath(spec);
    let found = loaded.get(key);
    if (!found) loaded.set(key, (found = loadSpec(folder, key)));
    return found;
  };
}

async function loadSpec(folder: string, spec: string): Promise<LoadedSpec> {
  const file = path.join(folder, spec);
  if (!fs.existsSync(file)) return { spec, error: 'no such file in the repository' };
  try {
    const text = fs.readFileSync(file, 'utf8');
    const document = /\.json$/i.test(spec) ? JSON.parse(text) : YAML.parse(text, { maxAliasCount: -1 });
    const api: any = await dereference(withoutDanglingRefs(structuredClone(document)), { resolve: { external: false }, dereference: { circular: true } });
    const operations = new Map<string, SpecOperation>();
    for (const [operationPath, item] of Object.entries<any>(api.paths ?? {})) {
      for (const method of METHODS) {
        const operation = item?.[method];
        if (operation) operations.set(operationKey(method, operationPath), operationOf(spec, method, operationPath, item, operation, Boolean(api.swagger)));
      }
    }
    return { spec, operations };
  } catch (error) {
    return { spec, error: (error as Error).message.split('\n')[0]! };
  }
}

function operationOf(spec: string, method: string, operationPath: string, item: any, operation: any, isSwagger2: boolean): SpecOperation {
  // Operation parameters override the path's of the same name and place.
  const byPlace = new Map<string, any>();
  for (const parameter of [...(item.parameters ?? []), ...(operation.parameters ?? [])])
    if (parameter?.name) byPlace.set(`${parameter.in} ${parameter.name}`, parameter);
  const parameters = [...byPlace.values()];
  const body = isSwagger2
    ? {
        properties: Object.fromEntries(parameters.filter((p) => p.in === 'formData').map((p) => [p.name, p])),
        allOf: parameters.filter((p) => p.in === 'body').map((p) => p.schema),
      }
    : (Object.values<any>(operation.requestBody?.content ?? {})[0]?.schema ?? {});
  const bodyProperties: SpecOperation['bodyProperties'] = [];
  for (const [name, schema] of propertiesOf(body)) {
    bodyProperties.push({ name });
    for (const [inner] of propertiesOf(schema)) bodyProperties.push({ name: inner, parent: name });
  }
  return {
    spec,
    method,
    path: operationPath,
    isHidden: Boolean(operation['x-hidden'] || operation['x-excluded']),
    parameters: parameters.filter((p) => ['path', 'query', 'header', 'cookie'].includes(p.in) && !p['x-hidden']).map((p) => String(p.name)),
    bodyProperties,
    statuses: Object.keys(operation.responses ?? {}),
  };
}

/**
 * A schema's properties as a form shows them: `allOf` merged, `oneOf`/`anyOf` every option's, an array
 * its items'. Read-only properties are not sent, so a request does not show them. Cycles end.
 */
function propertiesOf(schema: any, seen = new Set<unknown>()): Map<string, any> {
  const found = new Map<string, any>();
  if (!schema || typeof schema !== 'object' || seen.has(schema)) return found;
  seen.add(schema);
  for (const [name, property] of Object.entries<any>(schema.properties ?? {})) {
    if (!property?.readOnly && !property?.['x-hidden']) found.set(name, property);
  }
  for (const part of [...(schema.allOf ?? []), ...(schema.oneOf ?? []), ...(schema.anyOf ?? []), ...(schema.items ? [schema.items] : [])]) {
    for (const [name, property] of propertiesOf(part, seen)) if (!found.has(name)) found.set(name, property);
  }
  return found;
}

/**
 * The document with each internal `$ref` that points nowhere replaced by an empty schema: real documents
 * have a few (spree's store.yaml names a schema it does not define), and Mintlify shows their operations
 * all the same, so the oracle must not lose the whole document to one.
 */
function withoutDanglingRefs(document: any): any {
  const resolves = (pointer: string) => {
    let node = document;
    for (const token of pointer.slice(2).split('/')) {
      if (!node || typeof node !== 'object') return false;
      node = node[decodeURIComponent(token.replace(/~1/g, '/').replace(/~0/g, '~'))];
    }
    return node !== undefined;
  };
  const visit = (node: any) => {
    if (!node || typeof node !== 'object') return;
    for (const [key, value] of Object.entries<any>(node)) {
      if (value && typeof value === 'object' && typeof value.$ref === 'string' && value.$ref.startsWith('#/') && !resolves(value.$ref)) node[key] = {};
      else visit(value);
    }
  };
  visit(document);
  return document;
}
