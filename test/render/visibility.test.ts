import { describe, expect, it } from 'vitest';
import { parsePage } from '../../api/mintlify/mdx/parse-page.ts';
import { renderPage } from '../../api/render/render-page.ts';

const html = (body: string) => renderPage(parsePage('guides/page.mdx', body, () => undefined)).html;

describe('<Visibility> on the web page', () => {
  it('shows content for humans and leaves out content for agents, block and inline', () => {
    const out = html(
      '<Visibility for="humans">\n  Click **Get started**.\n</Visibility>\n\n<Visibility for="agents">\n  Call `POST /v1/accounts`.\n\n  ## Agents only\n</Visibility>\n\nSee <Visibility for="humans">the button</Visibility><Visibility for="agents">the API</Visibility> now.\n',
    );
    expect(out).toContain('<p>Click <strong>Get started</strong>.</p>');
    expect(out).toContain('<p>See the button now.</p>');
    expect(out).not.toMatch(/POST|Agents only|the API/);
  });

  it('leaves out nested content for agents whole, and shows a Visibility for anyone else', () => {
    const out = html(
      '<Visibility for="agents">\n<Note>\n<Visibility for="agents">\ninner\n</Visibility>\nouter\n</Note>\n</Visibility>\n\n<Visibility>\nshown\n</Visibility>\n\nafter\n',
    );
    expect(out).not.toMatch(/inner|outer|callout/);
    expect(out).toContain('<p>shown</p>');
    expect(out).toContain('<p>after</p>');
  });
});
