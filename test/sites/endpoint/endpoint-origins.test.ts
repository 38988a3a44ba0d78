import { describe, expect, it } from 'vitest';
import type { Endpoint } from '../../../api/openapi/endpoint.ts';
import { endpointOrigins } from '../../../api/sites/endpoint/endpoint-origins.ts';

const endpoint = (servers: Endpoint['servers'], display: Endpoint['display'] = 'interactive'): Endpoint => ({
  method: 'GET',
  path: '/users',
  servers,
  security: [],
  parameters: [],
  display,
});

describe('the origins an API page may connect to', () => {
  it("are its servers' origins, without paths, once each", () => {
    expect(
      endpointOrigins(
        endpoint([
          { url: 'https://api.example.com/v1' },
          { url: 'https://API.example.com:443/v2/' },
          { url: 'http://127.0.0.1:8080/' },
          { url: 'https://bücher.example/api' },
        ]),
      ),
    ).toEqual(['https://api.example.com', 'http://127.0.0.1:8080', 'https://xn--bcher-kva.example']);
  });

  it('take each server variable at every value it may have (its enum, else its default)', () => {
    const servers: Endpoint['servers'] = [
      {
        url: 'https://{region}.api.example.com:{port}',
        variables: { region: { default: 'eu', enum: ['eu', 'us'] }, port: { default: '443', enum: ['443', '8443'] } },
      },
      { url: 'https://{tenant}.example.com', variables: { tenant: { default: 'acme' } } },
    ];
    expect(endpointOrigins(endpoint(servers))).toEqual([
      'https://eu.api.example.com',
      'https://eu.api.example.com:8443',
      'https://us.api.example.com',
      'https://us.api.example.com:8443',
      'https://acme.example.com',
    ]);
  });

  it('leave out what is not an http(s) origin a policy can name safely, and relative servers (the site itself)', () => {
    const servers = [
      { url: '/api' },
      { url: 'javascript:alert(1)' },
      { url: "https://a;script-src 'unsafe-inline'" },
      { url: 'https://a.example.com;report-uri/x' },
      { url: 'https://*.example.com' },
      { url: 'https://{host}', variables: { host: { default: "x.example.com'" } } },
      { url: 'https://[::1]:9000/v1' },
    ];
    expect(endpointOrigins(endpoint(servers))).toEqual(['https://[::1]:9000']);
  });

  it('are none unless the page has an interactive playground', () => {
    const servers = [{ url: 'https://api.example.com' }];
    for (const display of ['simple', 'none', 'auth'] as const) expect(endpointOrigins(endpoint(servers, display))).toEqual([]);
    expect(endpointOrigins(undefined)).toEqual([]);
  });
});
