import { fixedAgentCases, fixedPreviewCases, randomAgentCase, validAgentJob, validAgentPrompt, validPreview } from './cases/agent.ts';
import { fixedAssistantCases, questionBody, QUESTIONS, randomAssistantCase } from './cases/assistant.ts';
import { fixedFeedbackCases, fixedPathCases, randomReaderCase, validClick, validFeedback, validPage } from './cases/reader.ts';
import { fixedSearchCases, randomSearchCase, validSearch } from './cases/search.ts';
import type { Random } from './random.ts';
import type { Fixture } from './setup.ts';
import type { JsonSchema, Target } from './target.ts';
import type { FuzzCase, StreamKind } from './types.ts';

/** One target per operation of the OpenAPI document, so a route added to /v1 or /v2 is fuzzed without a change here. */

interface OpenApiOperation {
  description?: string;
  parameters?: { name: string; in: string; schema?: JsonSchema }[];
  tags?: string[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  responses?: Record<string, { content?: Record<string, unknown> }>;
}

interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

/** What the fuzzer knows of each route beyond the document: cases of its own and a valid body. */
interface RouteKnowledge {
  validBody?: (random: Random) => unknown;
  fixed?: (target: Target, random: Random) => FuzzCase[];
  random?: (target: Target, random: Random) => FuzzCase;
  ownShare?: number;
}

function knowledgeOf(template: string, fixture: Fixture): RouteKnowledge {
  const reader = (target: Target, random: Random) => randomReaderCase(target, random, fixture);
  if (template.endsWith('/assistant/{domain}/message')) {
    const style = template.startsWith('/v2/') ? 'v5' : 'v4';
    return {
      validBody: (random) => questionBody(style, random.pick(QUESTIONS)),
      fixed: (target, random) => fixedAssistantCases(target, random, fixture),
      random: (target, random) => randomAssistantCase(target, random, fixture),
      ownShare: 0.35,
    };
  }
  if (template.endsWith('/click')) {
    return { validBody: validClick(fixture), fixed: (target, random) => fixedPathCases(target, random, fixture), random: reader, ownShare: 0.3 };
  }
  if (template.startsWith('/v1/page/')) {
    return { validBody: validPage(fixture), fixed: (target, random) => fixedPathCases(target, random, fixture), random: reader, ownShare: 0.3 };
  }
  if (template.startsWith('/v1/feedback/')) {
    return { validBody: validFeedback(fixture), fixed: (target, random) => fixedFeedbackCases(target, random, fixture), random: reader, ownShare: 0.3 };
  }
  if (template.startsWith('/v1/project/preview/')) return { validBody: validPreview, fixed: fixedPreviewCases };
  if (template.startsWith('/v1/search/')) {
    return { validBody: validSearch, fixed: fixedSearchCases, random: randomSearchCase, ownShare: 0.35 };
  }
  if (template.endsWith('/job') && template.startsWith('/v1/agent/')) {
    return { validBody: validAgentJob, fixed: fixedAgentCases, random: randomAgentCase, ownShare: 0.3 };
  }
  // Mintlify's current agent API: a job is made from a prompt, continued by a message.
  if (template.startsWith('/v2/agent/') && (template.endsWith('/job') || template.endsWith('/message'))) return { validBody: validAgentPrompt };
  return {};
}

export async function restTargets(fixture: Fixture): Promise<Target[]> {
  const response = await fetch(`${fixture.url}/v1/openapi.json`);
  const document = (await response.json()) as OpenApiDocument;
  const targets: Target[] = [];
  for (const [template, operations] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const isUpdate = template.startsWith('/v1/project/update/') || template.startsWith('/v1/project/preview/');
      // Accepted updates and previews deploy: they go to the small site, whose deployments take a moment.
      const project = isUpdate ? fixture.other : fixture.main;
      const isAssistant = /assistant key/i.test(operation.description ?? '') || operation.tags?.includes('Assistant');
      const schema = resolve(operation.requestBody?.content?.['application/json']?.schema, document);
      const knowledge = knowledgeOf(template, fixture);
      const target: Target = {
        route: `${method.toUpperCase()} ${template}`,
        method: method.toUpperCase(),
        template,
        params: paramsOf(template, {
          domain: project.subdomain,
          projectId: project.projectId,
          statusId: project.statusId,
          id: fixture.sessionId,
          threadId: fixture.threadId,
          gapId: fixture.gapId,
        }),
        key: isAssistant ? project.assistantKey : project.adminKey,
        ...(schema ? { schema, validBody: knowledge.validBody ?? ((random: Random) => exampleOf(schema, random)) } : {}),
        ...(streamOf(template, operation) ? { stream: streamOf(template, operation) } : {}),
        ...(queryOf(operation) ? { query: queryOf(operation) } : {}),
        ...(knowledge.ownShare ? { ownShare: knowledge.ownShare } : {}),
      };
      if (knowledge.fixed) target.fixed = (random) => knowledge.fixed!(target, random);
      if (knowledge.random) target.random = (random) => knowledge.random!(target, random);
      targets.push(target);
    }
  }
  return targets;
}

/** The query parameters an operation declares, by name, if any. */
function queryOf(operation: OpenApiOperation): Record<string, JsonSchema> | undefined {
  const declared = (operation.parameters ?? []).filter((parameter) => parameter.in === 'query');
  return declared.length > 0 ? Object.fromEntries(declared.map((parameter) => [parameter.name, parameter.schema ?? {}])) : undefined;
}

/** Valid values of the template's parameters (an unknown one: "x"). */
function paramsOf(template: string, known: Record<string, string>): Record<string, string> {
  const names = [...template.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!);
  return Object.fromEntries(names.map((name) => [name, known[name] ?? 'x']));
}

/** Streaming routes answer 200 with a stream: the AI SDK v4 data stream (text/plain) or the v5 UI message stream (SSE). */
function streamOf(template: string, operation: OpenApiOperation): StreamKind | undefined {
  const types = Object.keys(operation.responses?.['200']?.content ?? {});
  if (types.some((type) => type.startsWith('text/event-stream'))) return 'ui-message-stream';
  if (types.some((type) => type.startsWith('text/plain'))) return template.includes('/agent/') ? 'agent-stream' : 'data-stream-v4';
  return undefined;
}

/** The schema with its `$ref`s replaced by what they name. */
function resolve(schema: JsonSchema | undefined, document: OpenApiDocument, depth = 0): JsonSchema | undefined {
  if (!schema || depth > 10) return schema;
  if (typeof schema.$ref === 'string') return resolve(document.components?.schemas?.[schema.$ref.split('/').pop()!], document, depth + 1);
  const resolved: JsonSchema = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'properties') {
      resolved.properties = Object.fromEntries(
        Object.entries(value as Record<string, JsonSchema>).map(([name, child]) => [name, resolve(child, document, depth + 1)]),
      );
    } else if (key === 'items') resolved.items = resolve(value as JsonSchema, document, depth + 1);
    else if (key === 'oneOf' || key === 'anyOf') resolved[key] = (value as JsonSchema[]).map((child) => resolve(child, document, depth + 1));
    else resolved[key] = value;
  }
  return resolved;
}

/** A body with the required fields of a schema the fuzzer knows nothing else of. */
function exampleOf(schema: JsonSchema, random: Random): unknown {
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return random.pick(schema.enum);
  if (type === 'object' || schema.properties) {
    const required = new Set((schema.required ?? []) as string[]);
    const properties = Object.entries((schema.properties ?? {}) as Record<string, JsonSchema>).filter(([name]) => required.has(name));
    return Object.fromEntries(properties.map(([name, child]) => [name, exampleOf(child, random)]));
  }
  if (type === 'array') return schema.items ? [exampleOf(schema.items as JsonSchema, random)] : [];
  if (type === 'integer' || type === 'number') return typeof schema.minimum === 'number' ? schema.minimum : 1;
  if (type === 'boolean') return true;
  return 'x';
}
