import { type ApiOptions, readApiOptions } from './api-options.ts';
import { requestSamples } from './code-samples.ts';
import { type Endpoint, endpointOf } from './endpoint.ts';
import { mediaExamples } from './examples.ts';
import type { Spec } from './load-spec.ts';
import { codeBlock, inlineCode, prose } from './mdx-text.ts';
import { type Operation, pageTitle } from './operations.ts';
import { authorizationsMdx } from './page-auth.ts';
import { PARAMETER_LOCATIONS, parametersOf, securityOf } from './request-parts.ts';
import { type FieldOptions, fieldMdx, propertiesMdx } from './schema-fields.ts';
import { isRecord, type MediaTypeObject, type OperationObject, type ResponseObject, type SchemaObject } from './spec-types.ts';

/** A page generated from one operation: its frontmatter, its MDX body, and what its playground needs. */
export interface OperationPage {
  frontmatter: Record<string, unknown>;
  mdx: string;
  endpoint: Endpoint;
}

const LOCATION_HEADINGS = { path: 'Path parameters', query: 'Query parameters', header: 'Headers', cookie: 'Cookies' } as const;

/**
 * The page Mintlify makes for an operation, as MDX that Folio's renderer and search read:
 * `x-mint.content` first, then the method and path (for readers and search of the page's text), authorizations, parameters by location, the body, callbacks and each
 * response under their own headings, then `<RequestExample>` and `<ResponseExample>`.
 *
 * @param api docs.json's `api` object (examples, params, playground), as it is written there
 */
export function operationPage(operation: Operation, spec: Spec, api?: unknown): OperationPage {
  const { options } = readApiOptions(api);
  const fields: FieldOptions = { document: spec.document, pills: options.pills };
  const { lead, rest } = descriptionParts(operation.description);
  const sections = [
    operation.mint.content ?? '',
    rest ? prose(rest) : '',
    // The page's header shows the method and path to readers; this line is for AI tools and search.
    `<Visibility for="agents">\n\n${
      operation.isWebhook
        ? `Webhook ${inlineCode(operation.path)} (${inlineCode(operation.method.toUpperCase())})`
        : inlineCode(`${operation.method.toUpperCase()} ${operation.path}`)
    }\n\n</Visibility>`,
    authorizationsMdx(securityOf(operation, spec.document)),
    ...PARAMETER_LOCATIONS.map((location) => {
      const parameters = parametersOf(operation).filter((parameter) => parameter.in === location);
      if (parameters.length === 0) return '';
      const items = parameters.map((parameter) => {
        const media: MediaTypeObject | undefined = isRecord(parameter.content) ? Object.values(parameter.content).find(isRecord) : undefined;
        const schema: SchemaObject = (isRecord(parameter.schema) ? parameter.schema : media?.schema) ?? {};
        return fieldMdx(
          parameter.name,
          schema,
          location,
          {
            isRequired: parameter.required === true || location === 'path',
            isDeprecated: parameter.deprecated === true,
            ...(typeof parameter.description === 'string' ? { description: parameter.description } : {}),
          },
          fields,
        );
      });
      return `## ${LOCATION_HEADINGS[location]}\n\n${items.join('\n\n')}`;
    }),
    bodyMdx(operation.object, '##', fields),
    callbacksMdx(operation.object, fields),
    responsesMdx(operation.object.responses, '##', fields),
    requestExampleMdx(operation, spec, options),
    responseExampleMdx(operation.object.responses),
  ];
  return { frontmatter: frontmatterOf(operation, lead), mdx: `${sections.filter(Boolean).join('\n\n')}\n`, endpoint: endpointOf(operation, spec, options) };
}

/** A heading made of the document's text (a status code, a media type, a callback's name), on one line and inert as MDX. */
const heading = (text: string) => prose(text.replace(/\s+/g, ' ').trim()).replace(/^#/, '\\#');

/**
 * An operation's description as its page shows it: the first paragraph under the title (the page's
 * description, Markdown, which the page header renders inline), the rest at the top of the body. A
 * description that opens with a code block is all body.
 */
export function descriptionParts(description: string | undefined): { lead?: string; rest?: string } {
  const text = description?.replace(/\r\n?/g, '\n').trim();
  if (!text) return {};
  if (/^(```|~~~|<|\||[-*+] |\d+\. |#)/.test(text)) return { rest: text };
  // A line holding only a backslash (a Markdown hard break) ends a paragraph as a blank line does.
  const end = text.search(/\n[ \t]*\\?[ \t]*\n/);
  if (end < 0) return { lead: text };
  const rest = text
    .slice(end)
    .replace(/^(\s*\\[ \t]*(?=\n))+/, '')
    .trim();
  return { lead: text.slice(0, end).trim(), ...(rest ? { rest } : {}) };
}

function frontmatterOf(operation: Operation, lead: string | undefined): Record<string, unknown> {
  const { metadata } = operation.mint;
  const own = Array.isArray(metadata.keywords) ? metadata.keywords : typeof metadata.keywords === 'string' ? [metadata.keywords] : [];
  const keywords = [...own, operation.path, ...(operation.operationId ? [operation.operationId] : [])];
  return {
    title: pageTitle(operation),
    ...(lead ? { description: lead } : {}),
    ...(operation.isDeprecated ? { deprecated: true } : {}),
    ...metadata,
    keywords: [...new Set(keywords)],
  };
}

function bodyMdx(object: OperationObject, level: string, fields: FieldOptions): string {
  const body = object.requestBody;
  if (!isRecord(body) || !isRecord(body.content)) return '';
  const types = Object.entries(body.content).filter(([, media]) => isRecord(media));
  if (types.length === 0) return '';
  const parts = types.map(([mediaType, media]) => {
    const note = `Content type: ${inlineCode(mediaType)}${body.required === true ? ' (required)' : ''}`;
    const schemaMdx = isRecord(media.schema) ? propertiesMdx(media.schema, 'body', fields) : '';
    return [types.length > 1 ? `${level}# ${heading(mediaType)}` : '', note, schemaMdx].filter(Boolean).join('\n\n');
  });
  const description = typeof body.description === 'string' && body.description.trim() ? prose(body.description.trim()) : '';
  return [`${level} Body`, description, ...parts].filter(Boolean).join('\n\n');
}

function responsesMdx(responses: unknown, level: string, fields: FieldOptions): string {
  if (!isRecord(responses)) return '';
  const parts = Object.entries(responses)
    .filter(([, response]) => isRecord(response))
    .map(([status, response]) => {
      const { description, content } = response as ResponseObject;
      const types = Object.entries(isRecord(content) ? content : {}).filter(([, media]) => isRecord(media) && isRecord(media.schema));
      const bodies = types.map(([mediaType, media]) =>
        [types.length > 1 || !/json/i.test(mediaType) ? `Content type: ${inlineCode(mediaType)}` : '', propertiesMdx(media.schema!, 'response', fields)]
          .filter(Boolean)
          .join('\n\n'),
      );
      return [`${level}# ${heading(status)}`, typeof description === 'string' && description.trim() ? prose(description.trim()) : '', ...bodies]
        .filter(Boolean)
        .join('\n\n');
    });
  return parts.length > 0 ? `${level} Response\n\n${parts.join('\n\n')}` : '';
}

/** Callbacks (requests the API makes to the caller), each with its body and the answers it expects. */
function callbacksMdx(object: OperationObject, fields: FieldOptions): string {
  if (!isRecord(object.callbacks)) return '';
  const parts: string[] = [];
  for (const [name, expressions] of Object.entries(object.callbacks)) {
    if (!isRecord(expressions)) continue;
    for (const [expression, pathItem] of Object.entries(expressions)) {
      if (!isRecord(pathItem)) continue;
      for (const [method, callback] of Object.entries(pathItem)) {
        if (!isRecord(callback) || !/^(get|put|post|delete|options|head|patch|trace)$/.test(method)) continue;
        const title = `### ${heading(name)}\n\n${inlineCode(`${method.toUpperCase()} ${expression}`)}`;
        const description = typeof callback.description === 'string' && callback.description.trim() ? prose(callback.description.trim()) : '';
        parts.push([title, description, bodyMdx(callback, '####', fields), responsesMdx(callback.responses, '####', fields)].filter(Boolean).join('\n\n'));
      }
    }
  }
  return parts.length > 0 ? `## Callbacks\n\n${parts.join('\n\n')}` : '';
}

function requestExampleMdx(operation: Operation, spec: Spec, options: ApiOptions): string {
  const blocks = requestSamples(operation, spec, options).map((sample) => codeBlock(sample.code, `${sample.language} ${sample.title}`));
  if (operation.isWebhook) {
    const content = isRecord(operation.object.requestBody?.content) ? operation.object.requestBody.content : {};
    for (const [mediaType, media] of Object.entries(content)) {
      const example = isRecord(media) ? mediaExamples(media, 'response')[0] : undefined;
      if (example) blocks.push(codeBlock(exampleText(example.value, mediaType), `${fenceOf(mediaType)} Payload`));
    }
  }
  return blocks.length > 0 ? `<RequestExample>\n${blocks.join('\n\n')}\n</RequestExample>` : '';
}

/** One block per response with an example (each of several named examples as its own block). */
function responseExampleMdx(responses: unknown): string {
  if (!isRecord(responses)) return '';
  const blocks: string[] = [];
  for (const [status, response] of Object.entries(responses)) {
    if (!isRecord(response) || !isRecord(response.content)) continue;
    const [mediaType, media] = Object.entries(response.content).find(([, candidate]) => isRecord(candidate)) ?? [];
    if (!mediaType || !isRecord(media)) continue;
    const examples = mediaExamples(media as MediaTypeObject, 'response');
    for (const example of examples) {
      const title = examples.length > 1 ? `${status} ${example.summary ?? example.name ?? ''}`.trim() : status;
      blocks.push(codeBlock(exampleText(example.value, mediaType), `${fenceOf(mediaType)} ${title}`));
    }
  }
  return blocks.length > 0 ? `<ResponseExample>\n${blocks.join('\n\n')}\n</ResponseExample>` : '';
}

function exampleText(value: unknown, mediaType: string): string {
  if (typeof value === 'string' && !/json/i.test(mediaType)) return value;
  try {
    return JSON.stringify(value, null, 2) ?? String(value);
  } catch {
    return String(value); // a YAML alias that contains itself
  }
}

const fenceOf = (mediaType: string) => (/json/i.test(mediaType) ? 'json' : /xml/i.test(mediaType) ? 'xml' : /yaml/i.test(mediaType) ? 'yaml' : 'text');
