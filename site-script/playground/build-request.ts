import type { Endpoint } from '../../api/openapi/endpoint.ts';
import { joinUrl, serverUrl } from '../../api/sites/endpoint/server-url.ts';

/** What the reader entered in the playground (collect.ts reads it from the form). */
export interface PlaygroundValues {
  /** The chosen server's index in `endpoint.servers`, and its variables. */
  server: number;
  variables: Record<string, string>;
  /** The chosen way of authenticating's inputs: `bearer`, `basic-user`, `basic-password`, an API key's `header` or `query`. */
  credentials: { kind: string; name?: string; value: string }[];
  parameters: { in: string; name: string; value: string; isArray: boolean }[];
  /** The chosen body type's index in `endpoint.body.contents`, and its text or its form fields. */
  content?: number;
  body?: string | { name: string; value: string | File }[];
}

/** A request the reader must fix before it is sent: its message says what. */
export class PlaygroundInputError extends Error {}

const FORM_DATA = /^multipart\/form-data\b/i;
const URL_ENCODED = /^application\/x-www-form-urlencoded\b/i;

/**
 * The request the playground sends: the server's URL (variables filled) and the path (parameters
 * filled), the query, headers and credentials where their schemes say, and the body in its media
 * type. Nothing is sent for an input left empty. Credentials of the browser (cookies) are never
 * included: `credentials: 'omit'`, as Mintlify's playground does by default.
 *
 * @param pageUrl what a relative server URL is read against
 */
export function buildRequest(endpoint: Endpoint, values: PlaygroundValues, pageUrl: string): { url: URL; init: RequestInit } {
  const server = endpoint.servers[values.server] ?? endpoint.servers[0];
  if (!server) throw new PlaygroundInputError('This endpoint names no server to send the request to.');
  const given = values.parameters.filter((parameter) => parameter.value !== '');
  const path = endpoint.path.replace(/\{([^}]+)\}/g, (whole, name: string) => {
    const parameter = given.find((candidate) => candidate.in === 'path' && candidate.name === name);
    return parameter ? encodeURIComponent(parameter.value) : whole;
  });
  const url = new URL(joinUrl(serverUrl(server, values.variables), path), pageUrl);
  if (!/^https?:$/.test(url.protocol)) throw new PlaygroundInputError(`The server ${server.url} is not an http or https address.`);
  const headers = new Headers();
  for (const parameter of given) {
    const items = parameter.isArray ? parameter.value.split(',').map((item) => item.trim()) : [parameter.value];
    if (parameter.in === 'query') for (const item of items) url.searchParams.append(parameter.name, item);
    if (parameter.in === 'header') headers.set(parameter.name, items.join(','));
  }
  addCredentials(values.credentials, headers, url);
  const method = endpoint.method.toUpperCase();
  const content = endpoint.body?.contents[values.content ?? 0];
  const init: RequestInit = { method, headers, credentials: 'omit', mode: 'cors' };
  // A GET or HEAD cannot carry a body in fetch; the document may still describe one.
  if (content && values.body !== undefined && method !== 'GET' && method !== 'HEAD') {
    const body = bodyOf(content.mediaType, values.body);
    if (body !== undefined) init.body = body;
    // FormData and URLSearchParams set their own type (with the multipart boundary).
    if (typeof body === 'string') headers.set('content-type', content.mediaType);
  }
  return { url, init };
}

function addCredentials(credentials: PlaygroundValues['credentials'], headers: Headers, url: URL): void {
  const basic = { user: '', password: '' };
  for (const credential of credentials) {
    if (credential.value === '') continue;
    if (credential.kind === 'bearer') headers.set('authorization', `Bearer ${credential.value}`);
    else if (credential.kind === 'basic-user') basic.user = credential.value;
    else if (credential.kind === 'basic-password') basic.password = credential.value;
    else if (credential.kind === 'header' && credential.name) headers.set(credential.name, credential.value);
    else if (credential.kind === 'query' && credential.name) url.searchParams.set(credential.name, credential.value);
  }
  if (basic.user || basic.password) headers.set('authorization', `Basic ${base64(new TextEncoder().encode(`${basic.user}:${basic.password}`))}`);
}

function bodyOf(mediaType: string, body: NonNullable<PlaygroundValues['body']>): BodyInit | undefined {
  if (typeof body === 'string') {
    if (body.trim() === '') return undefined;
    if (/json/i.test(mediaType)) {
      try {
        JSON.parse(body);
      } catch (error) {
        throw new PlaygroundInputError(`The body is not valid JSON: ${(error as Error).message}`);
      }
    }
    return body;
  }
  const fields = body.filter((field) => field.value !== '');
  if (FORM_DATA.test(mediaType)) {
    const form = new FormData();
    for (const field of fields) form.append(field.name, field.value);
    return form;
  }
  if (URL_ENCODED.test(mediaType)) return new URLSearchParams(fields.map((field) => [field.name, String(field.value)]));
  return undefined;
}

export function base64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}
