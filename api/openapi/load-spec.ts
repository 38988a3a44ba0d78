import { dereference } from '@readme/openapi-parser';
import YAML from 'yaml';
import { dropUnresolvableRefs } from './local-refs.ts';
import { isRecord, type OpenApiDocument } from './spec-types.ts';
import { convertSwagger2 } from './swagger2.ts';

/** A document as @readme/openapi-parser types it. */
type ParserDocument = Exclude<Parameters<typeof dereference>[0], string>;

/** An OpenAPI document of a repository, read and dereferenced. */
export interface Spec {
  /** Its repository path, as given: `api-reference/admin.yaml`. */
  file: string;
  /**
   * The document as OpenAPI 3.x with every `$ref` replaced by what it names. A circular schema is an
   * object that contains itself: walk it with a set of ancestors, and never JSON.stringify it.
   */
  document: OpenApiDocument;
  /** What was wrong but could be read around, each naming the file and where. */
  warnings: string[];
}

export type SpecLoad = { spec: Spec } | { error: string };

/** A larger document is not an API description Folio should spend a deployment on. */
const MAX_SPEC_CHARS = 20_000_000;
const SPEC_EXTENSION = /\.(json|ya?ml)$/i;
/** A top-level `openapi: 3.x` or `swagger: "2.0"` line of a YAML document (top-level keys start the line). */
const YAML_SPEC_KEY = /^["']?(?:openapi["']?\s*:\s*["']?3\.|swagger["']?\s*:\s*["']?2\.)/m;

/**
 * Whether a repository file is an OpenAPI (or Swagger) document: Mintlify uploads every one it finds,
 * named in docs.json or not, and `openapi:` frontmatter may name an operation of any of them. The
 * version value is checked, not only the key: a legacy mint.json has a top-level `"openapi": "./spec.yaml"`.
 */
export function looksLikeSpec(file: string, text: string): boolean {
  if (!SPEC_EXTENSION.test(file) || text.length > MAX_SPEC_CHARS) return false;
  if (!/\.json$/i.test(file)) return YAML_SPEC_KEY.test(text);
  if (!/"(openapi|swagger)"\s*:/.test(text)) return false;
  try {
    const parsed: unknown = JSON.parse(text);
    return isRecord(parsed) && (/^3\./.test(String(parsed.openapi)) || /^2\./.test(String(parsed.swagger)));
  } catch {
    return false;
  }
}

/** Whether docs.json names a document by URL rather than by a repository path. */
export const isSpecUrl = (source: string) => /^[a-z][a-z0-9+.-]*:\/\//i.test(source.trim());

/** What a deployment logs for a document named by URL (Mintlify fetches it; a self-hosted Folio does not). */
export const specUrlMessage = (url: string) =>
  `the OpenAPI document ${url} is a URL; Folio does not fetch documents from the network: add the file to the repository`;

/**
 * Reads a repository file as an OpenAPI 3.0 or 3.1 document (a Swagger 2.0 one is converted to 3.0)
 * and dereferences it, without reading any other file or the network. A reference that cannot be
 * followed is dropped with a warning; a document that cannot be read at all is an error that says
 * what is wrong and where.
 */
export async function loadSpec(file: string, text: string): Promise<SpecLoad> {
  if (text.length > MAX_SPEC_CHARS) return { error: `${file}: the document is larger than ${MAX_SPEC_CHARS / 1_000_000} MB` };
  const parsed = parseText(file, text);
  if ('error' in parsed) return parsed;
  let document = parsed.document;
  const warnings = dropUnresolvableRefs(document).map((warning) => `${file}: ${warning}`);
  if (typeof document.swagger === 'string' || typeof document.swagger === 'number') {
    if (!String(document.swagger).startsWith('2.')) return { error: `${file}: Swagger ${document.swagger} is not supported; use OpenAPI 3.0 or 3.1` };
    try {
      document = await convertSwagger2(document, text);
    } catch (error) {
      return { error: `${file}: this Swagger 2.0 document could not be converted to OpenAPI 3.0: ${messageOf(error)}` };
    }
    warnings.push(`${file}: a Swagger 2.0 document, read as OpenAPI 3.0 (Mintlify reads OpenAPI 3.0 and 3.1 only)`);
  } else if (typeof document.openapi !== 'string' || !document.openapi.startsWith('3.')) {
    return { error: `${file}: not an OpenAPI 3.x document: its top-level "openapi" is ${JSON.stringify(document.openapi) ?? 'missing'}` };
  } else if (!/^3\.[01]\b/.test(document.openapi)) {
    warnings.push(`${file}: OpenAPI ${document.openapi} is read as 3.1 (Mintlify reads 3.0 and 3.1)`);
  }
  try {
    // Parsed text checked above to be OpenAPI 3.x (or converted from Swagger 2.0); the parser's type wants its fields declared.
    const dereferenced = await dereference(document as ParserDocument, { resolve: { external: false, file: false }, dereference: { circular: true } });
    return { spec: { file, document: dereferenced as OpenApiDocument, warnings: [...warnings, ...emptiness(file, dereferenced as OpenApiDocument)] } };
  } catch (error) {
    return { error: `${file}: its references could not be resolved: ${messageOf(error)}` };
  }
}

function parseText(file: string, text: string): { document: Record<string, unknown> } | { error: string } {
  let parsed: unknown;
  try {
    // A JSON document is read by JSON.parse: the YAML parser, which reads JSON too, is far slower on big documents.
    parsed = /\.json$/i.test(file) ? JSON.parse(text) : YAML.parse(text, { uniqueKeys: false, prettyErrors: true });
  } catch (error) {
    return { error: `${file}: not valid ${/\.json$/i.test(file) ? 'JSON' : 'YAML'}: ${messageOf(error).split('\n')[0]}` };
  }
  if (!isRecord(parsed)) return { error: `${file}: not an OpenAPI document: it is not an object` };
  if (!('openapi' in parsed) && !('swagger' in parsed)) return { error: `${file}: not an OpenAPI document: it has no top-level "openapi" or "swagger" key` };
  return { document: parsed };
}

function emptiness(file: string, document: OpenApiDocument): string[] {
  const count = Object.keys(isRecord(document.paths) ? document.paths : {}).length + Object.keys(isRecord(document.webhooks) ? document.webhooks : {}).length;
  return count === 0 ? [`${file}: the document has no paths or webhooks, so it makes no pages`] : [];
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));
