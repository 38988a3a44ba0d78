import type { EndpointAuth, EndpointServer } from '../../openapi/endpoint.ts';
import { escapeHtml as e } from '../../http/html.ts';
import { authControls, bodyControls, controlHtml, cookieNote, parameterControl } from './playground-inputs.ts';
import type { PageEndpoint } from './read-endpoint.ts';
import { serverUrl } from './server-url.ts';

const LOCATION_LEGENDS = { path: 'Path parameters', query: 'Query parameters', header: 'Headers' } as const;

/**
 * The "Try it" playground, complete in HTML but hidden: the page says it needs JavaScript until the
 * playground's script (site-script/playground/) shows the form and takes over sending. The endpoint
 * reaches the script as JSON in `data-endpoint`, never in a script element (the page runs no inline
 * script). A choice between options (servers, ways to authenticate, body types) shows one option's
 * inputs; the others are `hidden` and `disabled`, so that the browser neither checks nor sends them.
 */
export function playgroundHtml(endpoint: PageEndpoint): string {
  const urls = endpoint.servers.map((server) => `<code>${e(serverUrl(server))}</code>`).join(' or ');
  const parts = [serversHtml(endpoint.servers), authHtml(endpoint.security), ...parametersHtml(endpoint), bodyHtml(endpoint)];
  // Folded under "Try it", as Mintlify opens its playground on demand: the reference comes first.
  return `<details class="api-try"><summary>Try it</summary>
<p class="api-playground-note">The “Try it” playground needs JavaScript: it sends requests from your browser${urls ? ` to ${urls}` : ''}.</p>
<form class="api-playground" hidden aria-label="Try it" data-endpoint="${e(JSON.stringify(endpoint))}">
${parts.filter(Boolean).join('\n')}
<div class="api-pg-actions"><button type="submit" class="api-pg-send">Send</button></div>
<div class="api-response"><p class="api-response-status" role="status"></p><div class="api-response-details" hidden></div></div>
</form>
</details>
`;
}

/** One option of a choice: shown for the first, hidden (and so never sent) for the others until the reader picks it. */
const option = (attribute: string, index: number, inner: string, legend?: string) =>
  `<fieldset class="api-pg-option" ${attribute}="${index}"${index > 0 ? ' hidden disabled' : ''}>${legend ? `<legend>${legend}</legend>` : ''}${inner}</fieldset>`;

function choiceHtml(name: string, label: string, labels: readonly string[]): string {
  return `<div class="api-pg-field"><label for="api-pg-${name}">${label}</label><select id="api-pg-${name}" name="${name}">${labels
    .map((text, index) => `<option value="${index}">${e(text)}</option>`)
    .join('')}</select></div>`;
}

function serversHtml(servers: readonly EndpointServer[]): string {
  if (servers.length === 0) return '';
  const choice =
    servers.length > 1
      ? choiceHtml(
          'server',
          'Server',
          servers.map((server) => (server.description ? `${server.description}: ${server.url}` : server.url)),
        )
      : `<p class="api-pg-server">Server <code>${e(servers[0]!.url)}</code>${servers[0]!.description ? ` ${e(servers[0]!.description)}` : ''}</p>`;
  const variables = servers.map((server, index) => {
    const entries = Object.entries(server.variables ?? {});
    if (entries.length === 0) return option('data-server', index, '');
    const inputs = entries.map(([name, variable], position) =>
      controlHtml({
        id: `api-pg-server-${index}-${position}`,
        label: `${e(name)}${variable.description ? ` <span class="api-pg-note">${e(variable.description)}</span>` : ''}`,
        value: variable.default,
        ...(variable.enum ? { choices: variable.enum, isRequired: true } : {}),
        data: `data-variable="${e(name)}"`,
      }),
    );
    return option('data-server', index, inputs.join(''), 'Server variables');
  });
  return `<div class="api-pg-servers">${choice}${variables.join('')}</div>`;
}

function authHtml(security: readonly EndpointAuth[][]): string {
  if (security.length === 0) return '';
  const name = (together: readonly EndpointAuth[]) => (together.length === 0 ? 'No authentication' : together.map((scheme) => scheme.key).join(' and '));
  const choice = security.length > 1 ? choiceHtml('auth', 'Authenticate with', security.map(name)) : '';
  const options = security.map((together, index) => option('data-auth-option', index, authControls(together, `api-pg-auth-${index}`).join('')));
  return `<fieldset class="api-pg-group"><legend>Authorization</legend>${choice}${options.join('')}</fieldset>`;
}

function parametersHtml(endpoint: PageEndpoint): string[] {
  const groups = (['path', 'query', 'header'] as const).map((location) => {
    const controls = endpoint.parameters.flatMap((parameter, index) =>
      parameter.in === location ? [controlHtml(parameterControl(parameter, `api-pg-param-${index}`))] : [],
    );
    return controls.length > 0 ? `<fieldset class="api-pg-group"><legend>${LOCATION_LEGENDS[location]}</legend>${controls.join('')}</fieldset>` : '';
  });
  const cookies = endpoint.parameters.filter((parameter) => parameter.in === 'cookie').map((parameter) => parameter.name);
  return [...groups, cookies.length > 0 ? `<fieldset class="api-pg-group"><legend>Cookies</legend>${cookieNote(cookies)}</fieldset>` : ''];
}

function bodyHtml(endpoint: PageEndpoint): string {
  const contents = endpoint.body?.contents ?? [];
  if (contents.length === 0) return '';
  const isRequired = endpoint.body?.required === true;
  const choice =
    contents.length > 1
      ? choiceHtml(
          'content',
          'Content type',
          contents.map((content) => content.mediaType),
        )
      : '';
  const options = contents.map((content, index) => option('data-content', index, bodyControls(content, `api-pg-body-${index}`, isRequired)));
  return `<fieldset class="api-pg-group"><legend>Body</legend>${choice}${options.join('')}</fieldset>`;
}
