import { describe, expect, it } from 'vitest';
import { apiPageEndpoint } from '../../api/openapi/api-frontmatter.ts';

/** The page api-playground/mdx-setup.mdx shows, with an example of a field inside a code block. */
const PAGE = `<ParamField path="userId" type="string" required>
  Unique identifier for the user
</ParamField>

<ParamField body="email" type="string" required>
  User's email address
</ParamField>

<ParamField body="profile" type="object">
  <Expandable title="properties">
    <ParamField body="nickname" type="string" />
  </Expandable>
</ParamField>

<ParamField query={"verbose"} type={"boolean"} default={"false"} />

    \`\`\`mdx
    <ParamField header="X-Example" type="string" />
    \`\`\`

<ResponseField name="id" type="string" required>
  Unique identifier for the newly created user
</ResponseField>
`;

const endpointOf = (frontmatter: Record<string, unknown>, api?: unknown) => {
  const result = apiPageEndpoint(frontmatter, PAGE, api);
  if ('error' in result) throw new Error(result.error);
  return result.endpoint;
};

describe('a hand-written API page', () => {
  it('calls the full URL its frontmatter gives, with the parameters and body fields the page documents', () => {
    expect(
      endpointOf({ title: 'Create new user', api: 'POST https://api.acme.com/v1/users/{userId}' }, { mdx: { server: 'https://ignored.example' } }),
    ).toEqual({
      method: 'POST',
      path: '/v1/users/{userId}',
      servers: [{ url: 'https://api.acme.com' }],
      security: [],
      parameters: [
        { in: 'path', name: 'userId', required: true, type: 'string' },
        { in: 'query', name: 'verbose', type: 'boolean', default: 'false' },
      ],
      body: {
        contents: [
          {
            mediaType: 'application/json',
            fields: [
              { name: 'email', required: true, type: 'string' },
              { name: 'profile', type: 'object' },
            ],
          },
        ],
      },
      display: 'interactive',
    });
  });

  it("puts a relative path after docs.json's api.mdx.server and authenticates as api.mdx.auth says", () => {
    const endpoint = endpointOf(
      { api: "'get /v1/users'" },
      { mdx: { server: ['https://api.acme.com/', 'https://eu.acme.com'], auth: { method: 'key', name: 'x-api-key' } } },
    );
    expect(endpoint).toMatchObject({
      method: 'GET',
      path: '/v1/users',
      servers: [{ url: 'https://api.acme.com/' }, { url: 'https://eu.acme.com' }],
      security: [[{ key: 'key', type: 'apiKey', in: 'header', name: 'x-api-key' }]],
    });
    // A path parameter the page does not document still comes from the path.
    expect(endpointOf({ api: 'DELETE /v1/users/{id}' }).parameters[0]).toEqual({ in: 'path', name: 'id', required: true, type: 'string' });
  });

  it("lets the page's authMethod and playground override docs.json", () => {
    const api = { mdx: { server: 'https://api.acme.com', auth: { method: 'bearer' } }, playground: { display: 'interactive' } };
    expect(endpointOf({ api: 'POST /user' }, api).security).toEqual([[{ key: 'bearer', type: 'http', scheme: 'bearer' }]]);
    expect(endpointOf({ api: 'POST /user', authMethod: 'basic' }, api).security).toEqual([[{ key: 'basic', type: 'http', scheme: 'basic' }]]);
    expect(endpointOf({ api: 'POST /user', authMethod: 'none' }, api).security).toEqual([]);
    expect(endpointOf({ api: 'POST /user', playground: 'none' }, api).display).toBe('none');
    // Without a base URL the playground cannot send anything: Mintlify falls back to the simple view.
    expect(endpointOf({ api: 'POST /user' }).display).toBe('simple');
  });

  it('says what is wrong with an api value it cannot read', () => {
    expect(apiPageEndpoint({ api: 'users' }, '')).toEqual({ error: 'frontmatter api: "users" is not "METHOD /path" or "METHOD https://host/path"' });
    expect(apiPageEndpoint({ api: 'FETCH /users' }, '')).toEqual({
      error: 'frontmatter api: "FETCH /users" is not "METHOD /path" or "METHOD https://host/path"',
    });
    expect(apiPageEndpoint({ api: 'GET users' }, '')).toEqual({ error: 'frontmatter api: "users" is neither a URL nor a path starting with /' });
    expect(apiPageEndpoint({}, '')).toEqual({ error: 'frontmatter api is missing "METHOD /path" or "METHOD https://host/path"' });
  });
});
