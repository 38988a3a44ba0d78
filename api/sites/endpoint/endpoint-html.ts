import { escapeHtml as e } from '../../http/html.ts';
import { lookupTable } from '../../lookup-table.ts';
import { playgroundHtml } from './playground-html.ts';
import { type PageEndpoint, readEndpoint } from './read-endpoint.ts';
import { joinUrl, serverUrl } from './server-url.ts';

/** Methods with a colour of their own (the badge palette of component-styles.ts); any other is grey. */
const METHOD_COLORS = lookupTable({ get: 'green', post: 'blue', put: 'yellow', patch: 'orange', delete: 'red' });

/**
 * What Mintlify shows above an API page's body: the method's badge and the path, "deprecated" when it is,
 * and per `display` (api-playground/overview.mdx): `interactive`, the "Try it" playground; `simple`, the
 * address to copy; `none`, nothing more. `auth` shows the playground only to signed-in readers, and a
 * Folio site has none, so it shows what `none` does. '' for a page without an endpoint.
 *
 * The element's attributes are a contract: `data-method` in lower case, `data-path` as the document
 * writes it, `data-spec` the spec's repository path when there is one.
 */
export function endpointHtml(value: unknown): string {
  const endpoint = readEndpoint(value);
  if (!endpoint) return '';
  const method = endpoint.method.toLowerCase();
  const spec = endpoint.spec ? ` data-spec="${e(endpoint.spec)}"` : '';
  return `<div class="api-endpoint" data-method="${e(method)}" data-path="${e(endpoint.path)}"${spec}>
${barHtml(endpoint)}
${endpoint.display === 'simple' ? simpleHtml(endpoint) : endpoint.display === 'interactive' ? playgroundHtml(endpoint) : ''}</div>
`;
}

function barHtml(endpoint: PageEndpoint): string {
  const method = endpoint.method.toLowerCase();
  const badge = endpoint.isWebhook
    ? `<span class="api-method api-method-purple">Webhook</span>`
    : `<span class="api-method api-method-${METHOD_COLORS[method] ?? 'gray'}">${e(endpoint.method.toUpperCase())}</span>`;
  return `<div class="api-endpoint-bar">${badge}<code class="api-path">${pathHtml(endpoint.path)}</code>${
    endpoint.isWebhook ? `<span class="api-webhook-method">${e(endpoint.method.toUpperCase())}</span>` : ''
  }${endpoint.isDeprecated ? '<span class="api-deprecated">Deprecated</span>' : ''}</div>`;
}

/** The path with each `{parameter}` marked, so it stands out as Mintlify shows it. */
export function pathHtml(path: string): string {
  return path
    .split(/(\{[^}]*\})/)
    .map((part) => (/^\{[^}]*\}$/.test(part) ? `<span class="api-path-param">${e(part)}</span>` : e(part)))
    .join('');
}

/** `simple`: each server's full address as a code block, which the site script gives a Copy button. */
function simpleHtml(endpoint: PageEndpoint): string {
  return endpoint.servers
    .map((server) => {
      const title = server.description ? `<p class="code-title">${e(server.description)}</p>` : '';
      return `<div class="code-block api-url">${title}<pre><code>${e(joinUrl(serverUrl(server), endpoint.path))}</code></pre></div>\n`;
    })
    .join('');
}
