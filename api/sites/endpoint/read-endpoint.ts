import type { Json } from '../../mintlify/config-refs.ts';
import type { PlaygroundDisplay } from '../../openapi/api-options.ts';
import type { Endpoint, EndpointAuth, EndpointBody, EndpointField, EndpointParameter, EndpointServer } from '../../openapi/endpoint.ts';
import { isRecord } from '../../openapi/spec-types.ts';

/** An API page's endpoint as it is stored with its render: api/openapi/endpoint.ts's, and the spec's repository path (none for `api:` pages). */
export type PageEndpoint = Endpoint & { spec?: string };

const records = (value: unknown): Record<string, unknown>[] => (Array.isArray(value) ? value.filter(isRecord) : []);
const text = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);
/** The keys of `record` among `names` whose values are text. */
const texts = <K extends string>(record: Record<string, unknown>, names: readonly K[]) =>
  Object.fromEntries(names.flatMap((name) => (text(record[name]) !== undefined ? [[name, record[name]]] : []))) as Partial<Record<K, string>>;
const values = (record: Record<string, unknown>) => ({
  ...(Array.isArray(record.enum) ? { enum: record.enum as Json[] } : {}),
  ...(record.default !== undefined ? { default: record.default as Json } : {}),
});

const DISPLAYS: readonly string[] = ['interactive', 'simple', 'none', 'auth'];
const LOCATIONS: readonly string[] = ['path', 'query', 'header', 'cookie'];

/**
 * The stored endpoint, or undefined when the page has none. The JSON is Folio's own, but it outlives
 * the code that wrote it (a page rendered by an older Folio): each part the header and the playground
 * read is checked here, once, and what lacks the names they need is left out rather than breaking the page.
 */
export function readEndpoint(value: unknown): PageEndpoint | undefined {
  if (!isRecord(value) || !text(value.method) || typeof value.path !== 'string') return undefined;
  const body = isRecord(value.body) ? bodyOf(value.body) : undefined;
  return {
    method: String(value.method),
    path: value.path,
    ...(value.isWebhook === true ? { isWebhook: true as const } : {}),
    ...(value.isDeprecated === true ? { isDeprecated: true as const } : {}),
    servers: records(value.servers).flatMap(serverOf),
    security: (Array.isArray(value.security) ? value.security : []).map((together) => records(together).map(authOf)),
    parameters: records(value.parameters).flatMap(parameterOf),
    ...(body ? { body } : {}),
    display: typeof value.display === 'string' && DISPLAYS.includes(value.display) ? (value.display as PlaygroundDisplay) : 'interactive',
    ...(text(value.spec) ? { spec: String(value.spec) } : {}),
  };
}

function serverOf(server: Record<string, unknown>): EndpointServer[] {
  if (typeof server.url !== 'string') return [];
  const variables = Object.entries(isRecord(server.variables) ? server.variables : {}).flatMap(([name, variable]) =>
    isRecord(variable)
      ? [
          [
            name,
            {
              default: String(variable.default ?? ''),
              ...(Array.isArray(variable.enum) ? { enum: variable.enum.map(String) } : {}),
              ...texts(variable, ['description']),
            },
          ],
        ]
      : [],
  );
  return [{ url: server.url, ...texts(server, ['description']), ...(variables.length > 0 ? { variables: Object.fromEntries(variables) } : {}) }];
}

function authOf(scheme: Record<string, unknown>): EndpointAuth {
  const location = LOCATIONS.includes(String(scheme.in)) && scheme.in !== 'path' ? { in: scheme.in as EndpointAuth['in'] } : {};
  return { key: String(scheme.key ?? ''), type: String(scheme.type ?? ''), ...location, ...texts(scheme, ['name', 'scheme', 'default']) };
}

function parameterOf(parameter: Record<string, unknown>): EndpointParameter[] {
  if (typeof parameter.name !== 'string' || !LOCATIONS.includes(String(parameter.in))) return [];
  return [
    {
      in: parameter.in as EndpointParameter['in'],
      name: parameter.name,
      type: String(parameter.type ?? ''),
      ...(parameter.required === true ? { required: true as const } : {}),
      ...values(parameter),
      ...(parameter.example !== undefined ? { example: parameter.example as Json } : {}),
      ...(parameter.prefill !== undefined ? { prefill: parameter.prefill as Json } : {}),
    },
  ];
}

function bodyOf(body: Record<string, unknown>): EndpointBody | undefined {
  const contents = records(body.contents).flatMap((content) => {
    if (!text(content.mediaType)) return [];
    const fields = Array.isArray(content.fields) ? records(content.fields).flatMap(fieldOf) : undefined;
    return [
      { mediaType: String(content.mediaType), ...(content.example !== undefined ? { example: content.example as Json } : {}), ...(fields ? { fields } : {}) },
    ];
  });
  return contents.length > 0 ? { ...(body.required === true ? { required: true as const } : {}), contents } : undefined;
}

function fieldOf(field: Record<string, unknown>): EndpointField[] {
  if (typeof field.name !== 'string') return [];
  return [
    {
      name: field.name,
      type: String(field.type ?? ''),
      ...(field.required === true ? { required: true as const } : {}),
      ...(field.file === 'binary' || field.file === 'base64' ? { file: field.file } : {}),
      ...(field.isArray === true ? { isArray: true as const } : {}),
      ...values(field),
    },
  ];
}

/** A value from the document as the text an input starts with: strings as they are, anything else as JSON. */
export const inputText = (value: unknown): string => (value === undefined || value === null ? '' : typeof value === 'string' ? value : JSON.stringify(value));
