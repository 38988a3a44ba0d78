import type { Spec } from './load-spec.ts';
import { HTTP_METHODS, type HttpMethod, isRecord, type OperationObject, type PathItemObject } from './spec-types.ts';

/** `x-mint` (or its older spelling `x-mintlify`) on an operation: how Mintlify customises its page. */
export interface MintExtension {
  /** Frontmatter for the generated page (any key but `openapi`). */
  metadata: Record<string, unknown>;
  /** MDX shown before the generated reference. */
  content?: string;
  /** The page's URL instead of the generated one: `/guides/special-endpoint`. */
  href?: string;
  /** Whether the operation is offered as a tool by the site's MCP server, as the document says it. */
  mcp?: unknown;
}

/** One operation of a document: a method on a path, or (OpenAPI 3.1) a webhook. */
export interface Operation {
  isWebhook: boolean;
  method: HttpMethod;
  /** The path (`/users/{id}`), or the webhook's name. */
  path: string;
  operationId?: string;
  summary?: string;
  description?: string;
  tags: string[];
  /** The navigation group: the first tag's `x-group`, else the tag; undefined without tags. */
  group?: string;
  isDeprecated: boolean;
  /** `x-hidden`: the page is made but left out of the navigation. */
  isHidden: boolean;
  /** `x-excluded`: no page at all. */
  isExcluded: boolean;
  mint: MintExtension;
  /** The operation object itself and the path item around it (path-level parameters and servers). */
  object: OperationObject;
  pathItem: PathItemObject;
}

/**
 * Every operation of a document, then its webhooks, in the document's order and, within a path, in
 * Mintlify's method order (get, put, post, delete, options, head, patch, trace). Excluded and hidden
 * operations are listed too, flagged, since a page may still name one.
 */
export function listOperations(spec: Spec): Operation[] {
  const { document } = spec;
  const groups = tagGroups(spec);
  const operations: Operation[] = [];
  const collect = (items: unknown, isWebhook: boolean) => {
    if (!isRecord(items)) return;
    for (const [path, pathItem] of Object.entries(items)) {
      if (!isRecord(pathItem)) continue;
      for (const method of HTTP_METHODS) {
        const object = pathItem[method];
        if (isRecord(object)) operations.push(operationOf(object as OperationObject, pathItem as PathItemObject, method, path, isWebhook, groups));
      }
    }
  };
  collect(document.paths, false);
  collect(document.webhooks, true);
  return operations;
}

function operationOf(
  object: OperationObject,
  pathItem: PathItemObject,
  method: HttpMethod,
  path: string,
  isWebhook: boolean,
  groups: Map<string, string>,
): Operation {
  const tags = Array.isArray(object.tags) ? object.tags.filter((tag): tag is string => typeof tag === 'string') : [];
  const first = tags[0];
  return {
    isWebhook,
    method,
    path,
    ...(typeof object.operationId === 'string' ? { operationId: object.operationId } : {}),
    ...(typeof object.summary === 'string' && object.summary.trim() ? { summary: object.summary.trim() } : {}),
    ...(typeof object.description === 'string' && object.description.trim() ? { description: object.description.trim() } : {}),
    tags,
    ...(first !== undefined ? { group: groups.get(first) ?? first } : {}),
    isDeprecated: object.deprecated === true,
    isHidden: object['x-hidden'] === true,
    isExcluded: object['x-excluded'] === true,
    mint: mintExtension(object['x-mint'] ?? object['x-mintlify']),
    object,
    pathItem,
  };
}

/**
 * The title Mintlify gives an operation's page: `x-mint.metadata.title`, else the summary, else the
 * method and path (a webhook: its name).
 */
export function pageTitle(operation: Operation): string {
  const title = operation.mint.metadata.title;
  if (typeof title === 'string' && title.trim()) return title.trim();
  return operation.summary ?? (operation.isWebhook ? operation.path : `${operation.method.toUpperCase()} ${operation.path}`);
}

/** Each tag's group label: its `x-group`, where the document gives one. */
function tagGroups(spec: Spec): Map<string, string> {
  const groups = new Map<string, string>();
  for (const tag of Array.isArray(spec.document.tags) ? spec.document.tags : []) {
    if (isRecord(tag) && typeof tag.name === 'string' && typeof tag['x-group'] === 'string' && tag['x-group'].trim())
      groups.set(tag.name, tag['x-group'].trim());
  }
  return groups;
}

function mintExtension(value: unknown): MintExtension {
  if (!isRecord(value)) return { metadata: {} };
  const { openapi: _ignored, ...metadata } = isRecord(value.metadata) ? value.metadata : {};
  return {
    metadata,
    ...(typeof value.content === 'string' && value.content.trim() ? { content: value.content } : {}),
    ...(typeof value.href === 'string' && value.href.trim() ? { href: value.href.trim() } : {}),
    ...(value.mcp !== undefined ? { mcp: value.mcp } : {}),
  };
}
