import type { Operation } from './operations.ts';
import { isRecord, type OpenApiDocument, type ParameterLocation, type ParameterObject, type SecuritySchemeObject, type ServerObject } from './spec-types.ts';

/**
 * What a request to an operation is made of, as the document says it at several levels: parameters
 * (the path item's, overridden by the operation's), servers (the operation's, else the path item's,
 * else the document's) and security (the operation's, else the document's).
 */

export interface Parameter extends ParameterObject {
  name: string;
  in: ParameterLocation;
}

export const PARAMETER_LOCATIONS: readonly ParameterLocation[] = ['path', 'query', 'header', 'cookie'];

export function parametersOf(operation: Operation): Parameter[] {
  const byKey = new Map<string, Parameter>();
  for (const list of [operation.pathItem.parameters, operation.object.parameters]) {
    for (const parameter of Array.isArray(list) ? list : []) {
      if (!isRecord(parameter) || typeof parameter.name !== 'string' || !PARAMETER_LOCATIONS.includes(parameter.in as ParameterLocation)) continue;
      const key = `${parameter.in}:${parameter.in === 'header' ? parameter.name.toLowerCase() : parameter.name}`;
      byKey.set(key, parameter as Parameter);
    }
  }
  return [...byKey.values()];
}

export function serversOf(operation: Operation, document: OpenApiDocument): ServerObject[] {
  for (const list of [operation.object.servers, operation.pathItem.servers, document.servers]) {
    const servers = Array.isArray(list) ? list.filter((server) => isRecord(server) && typeof server.url === 'string') : [];
    if (servers.length > 0) return servers;
  }
  return [];
}

/** A server's URL with each `{variable}` replaced by its default: `http://{host}` → `http://localhost:3000`. */
export function serverUrl(server: ServerObject): string {
  const variables = isRecord(server.variables) ? server.variables : {};
  return String(server.url ?? '').replace(/\{([^}]+)\}/g, (whole, name: string) => {
    const variable = variables[name];
    return isRecord(variable) && variable.default !== undefined ? String(variable.default) : whole;
  });
}

export interface AuthScheme {
  /** The scheme's key in `components.securitySchemes`. */
  key: string;
  scheme: SecuritySchemeObject;
  scopes: string[];
}

/**
 * The ways to authenticate: alternatives, each a list of schemes used together. An empty list (no
 * `security`, or `security: []`, or an empty requirement) means no authentication.
 */
export function securityOf(operation: Operation, document: OpenApiDocument): AuthScheme[][] {
  const requirements = Array.isArray(operation.object.security) ? operation.object.security : Array.isArray(document.security) ? document.security : [];
  const schemes = isRecord(document.components?.securitySchemes) ? document.components.securitySchemes : {};
  const alternatives: AuthScheme[][] = [];
  for (const requirement of requirements) {
    if (!isRecord(requirement)) continue;
    const together = Object.entries(requirement)
      .filter(([key]) => isRecord(schemes[key]))
      .map(([key, scopes]) => ({ key, scheme: schemes[key]!, scopes: Array.isArray(scopes) ? scopes.map(String) : [] }));
    if (together.length === 0) return [];
    alternatives.push(together);
  }
  return alternatives;
}

/** Where a scheme's credential goes and what the examples put there. */
export interface Credential {
  in: 'header' | 'query' | 'cookie';
  name: string;
  placeholder: string;
}

export function credentialOf(scheme: SecuritySchemeObject): Credential | undefined {
  const type = String(scheme.type ?? '').toLowerCase();
  if (type === 'apikey') {
    const location = scheme.in === 'query' || scheme.in === 'cookie' ? scheme.in : 'header';
    return typeof scheme.name === 'string' && scheme.name ? { in: location, name: scheme.name, placeholder: '<api-key>' } : undefined;
  }
  if (type === 'http') {
    const name = String(scheme.scheme ?? 'bearer').toLowerCase();
    if (name === 'basic') return { in: 'header', name: 'Authorization', placeholder: 'Basic <encoded-value>' };
    return { in: 'header', name: 'Authorization', placeholder: `${name === 'bearer' ? 'Bearer' : scheme.scheme} <token>` };
  }
  if (type === 'oauth2' || type === 'openidconnect') return { in: 'header', name: 'Authorization', placeholder: 'Bearer <token>' };
  return undefined;
}
