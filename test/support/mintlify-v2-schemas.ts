import fs from 'node:fs';
import { Ajv } from 'ajv';
import { expect } from 'vitest';

/** Mintlify's later admin document (the /v2 agent routes), copied from the spec. */
const document = JSON.parse(fs.readFileSync(new URL('../fixtures/mintlify-openapi/later/admin-openapi.json', import.meta.url), 'utf8'));
const ajv = new Ajv({ strict: false, allErrors: true, formats: { 'date-time': /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/, uri: /^https?:\/\/\S+$/ } });

/** The document's path of a request below `/v2/agent/{projectId}`: `/job`, `/job/{id}` or `/job/{id}/message`. */
const templateOf = (path: string) => `/v2/agent/{projectId}${path.replace(/^\/job\/[^/]+/, '/job/{id}')}`;

/**
 * Checks an answer of a /v2 agent route against the document: its schema for the status, or the document's
 * `Error` for a refusal the document does not list (401, 403, 409).
 */
export const v2Schemas = {
  expectValid(method: string, path: string, status: number, body: unknown): void {
    const operation = document.paths[templateOf(path)]?.[method.toLowerCase()];
    if (!operation) throw new Error(`the document has no ${method} ${templateOf(path)}`);
    const response = operation.responses[String(status)];
    if (!response && status < 400) throw new Error(`the document has no ${status} answer to ${method} ${templateOf(path)}`);
    const schema = response ? response.content['application/json'].schema : { $ref: '#/components/schemas/Error' };
    const validate = ajv.compile({ ...schema, components: document.components });
    expect(validate(body), `${method} ${path} ${status}: ${JSON.stringify(validate.errors)}`).toBe(true);
  },
};
