import type { Json } from '../mintlify/config-refs.ts';
import { readTag } from '../mintlify/mdx/jsx-tags.ts';
import { readApiOptions } from './api-options.ts';
import { displayOf, type Endpoint, type EndpointAuth, type EndpointField, type EndpointParameter } from './endpoint.ts';
import { byFence } from './mdx-text.ts';
import { isHttpMethod } from './spec-types.ts';

const LOCATIONS = ['path', 'query', 'header', 'cookie'] as const;

/**
 * The endpoint of a hand-written API page (api-playground/mdx-setup.mdx): frontmatter
 * `api: "POST https://api.example.com/users/{id}"` (or a path after docs.json's `api.mdx.server`),
 * `authMethod` over `api.mdx.auth`, `playground` over `api.playground.display`, and the parameters the
 * page documents with top-level `<ParamField>`s (nested ones are properties of those). The same shape
 * as an OpenAPI page's, so both get the same header and playground.
 *
 * @param mdx the page's body (fenced code is skipped: a ParamField shown as an example is not one)
 * @param api docs.json's `api` object
 */
export function apiPageEndpoint(frontmatter: Record<string, unknown>, mdx: string, api?: unknown): { endpoint: Endpoint } | { error: string } {
  const { options } = readApiOptions(api);
  const value = typeof frontmatter.api === 'string' ? frontmatter.api.trim().replace(/^(["'])(.*)\1$/, '$2') : '';
  const match = /^([A-Za-z]+)\s+(\S+)$/.exec(value);
  if (!match || !isHttpMethod(match[1]!.toLowerCase())) {
    const written = frontmatter.api === undefined ? 'frontmatter api is missing' : `frontmatter api: ${JSON.stringify(frontmatter.api)} is not`;
    return { error: `${written} "METHOD /path" or "METHOD https://host/path"` };
  }
  const target = match[2]!;
  const absolute = /^(https?:\/\/[^/?#]+)(.*)$/i.exec(target);
  if (!absolute && !target.startsWith('/')) return { error: `frontmatter api: ${JSON.stringify(target)} is neither a URL nor a path starting with /` };
  const path = absolute ? absolute[2] || '/' : target;
  const servers = absolute ? [{ url: absolute[1]! }] : options.mdxServers.map((url) => ({ url }));
  const documented = documentedFields(mdx);
  const templated = [...path.matchAll(/\{([^}]+)\}/g)].map((found) => found[1]!);
  const parameters: EndpointParameter[] = [
    ...templated
      .filter((name) => !documented.parameters.some((parameter) => parameter.in === 'path' && parameter.name === name))
      .map((name) => ({ in: 'path' as const, name, required: true as const, type: 'string' })),
    ...documented.parameters,
  ];
  const display = displayOf(frontmatter.playground, options.display);
  const isMultipart = documented.body.some((field) => field.file);
  return {
    endpoint: {
      method: match[1]!.toUpperCase(),
      path,
      servers,
      security: securityOf(typeof frontmatter.authMethod === 'string' ? frontmatter.authMethod : options.mdxAuth?.method, options.mdxAuth?.name),
      parameters,
      ...(documented.body.length > 0
        ? { body: { contents: [{ mediaType: isMultipart ? 'multipart/form-data' : 'application/json', fields: documented.body }] } }
        : {}),
      display: display === 'interactive' && servers.length === 0 ? 'simple' : display,
    },
  };
}

function securityOf(method: string | undefined, name: string | undefined): EndpointAuth[][] {
  switch (method?.toLowerCase()) {
    case 'bearer':
      return [[{ key: 'bearer', type: 'http', scheme: 'bearer' }]];
    case 'basic':
      return [[{ key: 'basic', type: 'http', scheme: 'basic' }]];
    case 'key':
      return [[{ key: 'key', type: 'apiKey', in: 'header', ...(name ? { name } : {}) }]];
    case 'cobo':
      return [[{ key: 'cobo', type: 'cobo', ...(name ? { name } : {}) }]];
    default:
      return [];
  }
}

/** The page's top-level ParamFields: parameters by location, and body fields. */
function documentedFields(mdx: string): { parameters: EndpointParameter[]; body: EndpointField[] } {
  const text = byFence(
    mdx,
    (line) => line,
    () => '',
  );
  const parameters: EndpointParameter[] = [];
  const body: EndpointField[] = [];
  let depth = 0;
  for (const found of text.matchAll(/<\/?ParamField\b/g)) {
    if (found[0].startsWith('</')) {
      depth = Math.max(0, depth - 1);
      continue;
    }
    const tag = readTag(text, found.index);
    if (!tag || tag === 'incomplete') continue;
    if (!tag.isSelfClosing) depth++;
    if (depth > (tag.isSelfClosing ? 0 : 1)) continue;
    const attributes = tag.attributes;
    const type = attributes.type?.trim() || 'string';
    const common = {
      ...(attributes.required === 'true' || attributes.required === '' ? { required: true as const } : {}),
      type,
      ...(attributes.default !== undefined && attributes.default !== '' ? { default: attributes.default as Json } : {}),
    };
    const location = LOCATIONS.find((candidate) => attributes[candidate] !== undefined);
    if (location) parameters.push({ in: location, name: attributes[location]!, ...common });
    else if (attributes.body !== undefined) body.push({ name: attributes.body, ...common, ...(type === 'file' ? { file: 'binary' as const } : {}) });
  }
  return { parameters, body };
}
