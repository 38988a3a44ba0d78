import { attribute, inlineCode, jsxString, prose } from './mdx-text.ts';
import { type AuthScheme, credentialOf } from './request-parts.ts';

/**
 * The page's "Authorizations" section: a field for each credential, where it goes and in what form
 * (Mintlify's wording), with the scheme's own description. Several ways to authenticate become tabs.
 */
export function authorizationsMdx(alternatives: AuthScheme[][]): string {
  if (alternatives.length === 0) return '';
  const fieldsOf = (together: AuthScheme[]) => together.map(authField).filter(Boolean).join('\n\n');
  const body =
    alternatives.length === 1
      ? fieldsOf(alternatives[0]!)
      : `<Tabs>\n${alternatives.map((together) => `<Tab title={${jsxString(together.map((auth) => auth.key).join(' + '))}}>\n${fieldsOf(together)}\n</Tab>`).join('\n')}\n</Tabs>`;
  return body ? `## Authorizations\n\n${body}` : '';
}

function authField({ key, scheme, scopes }: AuthScheme): string {
  const credential = credentialOf(scheme);
  if (!credential) return '';
  const type = String(scheme.type ?? '').toLowerCase();
  const httpScheme = String(scheme.scheme ?? '').toLowerCase();
  const how =
    type === 'apikey'
      ? `The API key, sent in the ${credential.in} ${inlineCode(credential.name)}.`
      : httpScheme === 'basic'
        ? 'Basic authentication header of the form `Basic <encoded-value>`, where `<encoded-value>` is the base64-encoded string `username:password`.'
        : type === 'http' && httpScheme !== 'bearer'
          ? `The ${inlineCode(String(scheme.scheme))} credential, in the \`Authorization\` header.`
          : `${type === 'http' ? 'Bearer authentication' : 'An OAuth 2.0 access token, as a bearer'} header of the form \`Bearer <token>\`, where \`<token>\` is your ${type === 'http' ? 'auth' : 'access'} token.`;
  const lines = [
    how,
    typeof scheme.description === 'string' && scheme.description.trim() ? prose(scheme.description.trim()) : '',
    scopes.length > 0 ? `Scopes: ${scopes.map(inlineCode).join(', ')}` : '',
    `Scheme: ${inlineCode(key)}`,
  ].filter(Boolean);
  return `<ParamField${attribute(credential.in, credential.name)}${attribute('type', 'string')} required>\n${lines.join('\n\n')}\n</ParamField>`;
}
