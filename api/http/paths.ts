/** The fixed paths of the HTTP surface, besides the API routes (rest/routes.ts). */
export const GRAPHQL_ENDPOINT = '/graphql';
export const SSE_ENDPOINT = '/graphql/stream';
export const OPENAPI_PATH = '/v1/openapi.json';
export const HEALTH_PATH = '/health';
