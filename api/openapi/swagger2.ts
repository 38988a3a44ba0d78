import { isRecord } from './spec-types.ts';

/**
 * A Swagger 2.0 document as OpenAPI 3.0, by swagger2openapi (which Mintlify does not offer: it reads
 * 3.0 and 3.1 only). The converter is told never to resolve references and is given a `fetch` that
 * refuses, so it cannot reach the network or the disk; it patches small mistakes rather than failing.
 * Loaded on first use: few repositories hold a Swagger 2 document.
 */
export async function convertSwagger2(document: Record<string, unknown>, text: string): Promise<Record<string, unknown>> {
  const { convertObj } = await import('swagger2openapi');
  const converted = await convertObj(document, {
    patch: true,
    warnOnly: true,
    resolve: false,
    direct: true,
    // Without it the converter re-serialises the whole document as YAML, for messages we do not show.
    text,
    fetch: (url) => Promise.reject(new Error(`Folio does not fetch ${url}`)),
  });
  if (!isRecord(converted)) throw new Error('the Swagger 2.0 converter returned no document');
  return converted;
}
