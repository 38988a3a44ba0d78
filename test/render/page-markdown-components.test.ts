import { describe, expect, it } from 'vitest';
import { pageMarkdown } from '../../api/render/page-markdown.ts';
import { markdownAtRoute } from '../../api/render/route-marks.ts';
import { SITE_ORIGIN_MARK as O } from '../../api/render/site-origin.ts';

/** A body's Markdown export as served at `route`. */
const md = (body: string, route = '/guides/page') => markdownAtRoute(pageMarkdown(body), route);

describe("Mintlify's components in the Markdown export", () => {
  it('writes an Update as a heading with its description and tags', () => {
    expect(md('<Update label="v1.2" description="Faster builds" tags={["API", "CLI"]}>\n  Shipped **it**.\n</Update>\n')).toBe(
      '## v1.2\n\nFaster builds\n\nTags: API, CLI\n\nShipped **it**.\n',
    );
  });

  it('writes a card with its image, and its call to action as the link when it has no title', () => {
    expect(md('<Card title="Guide" img="/images/a.png" href="/guide">\n  Read on.\n</Card>\n')).toBe(
      `![](${O}/images/a.png)\n\n[Guide](${O}/guide)\n\nRead on.\n`,
    );
    expect(md('<Card href="https://example.com" cta="Open the app" />\n')).toBe('[Open the app](https://example.com)\n');
  });

  it('writes a field with where it goes, its labels, its default and placeholder', () => {
    expect(md('<ParamField header="Authorization" type="string" placeholder="Bearer …" pre={["auth"]}>\n  Your key.\n</ParamField>\n')).toBe(
      '`Authorization` (header, string, auth, placeholder: `Bearer …`)\n\nYour key.\n',
    );
  });

  it('writes a palette as a list of names and values, a value per theme, rows titled', () => {
    expect(
      md(
        '<Color variant="table">\n  <Color.Row title="Primary">\n    <Color.Item name="p-500" value="#3B82F6" />\n    <Color.Item name="bg" value={{ light: "#FFF", dark: "#000" }} />\n  </Color.Row>\n</Color>\n',
      ),
    ).toBe('**Primary**\n\n- p-500: `#3B82F6`\n- bg: `#FFF (light), #000 (dark)`\n');
  });

  it('writes a repository card as a link to it', () => {
    expect(md('<GitHub.Repo repo="mintlify/docs" variant="flat" />\n')).toBe('[mintlify/docs](https://github.com/mintlify/docs)\n');
  });

  it('writes formulas back as LaTeX and keeps a mermaid diagram as its fenced source', () => {
    expect(md('$$\nE = mc^2\n$$\n\n<Latex>\\frac{1}{2}</Latex>\n')).toBe('$$\nE = mc^2\n$$\n\n$$\n\\frac{1}{2}\n$$\n');
    expect(md('So $a_1^2$ and <Latex>x_{i}</Latex>, but $5 and $10.\n')).toBe('So $a_1^2$ and $x_{i}$, but $5 and $10.\n');
    expect(md('```mermaid\nflowchart LR\n  A --> B\n```\n')).toBe('```mermaid\nflowchart LR\n  A --> B\n```\n');
  });

  it('writes a tree of folders and files as a nested list', () => {
    expect(md('<Tree>\n  <Tree.Folder name="app">\n    <Tree.File name="page.tsx" />\n  </Tree.Folder>\n  <Tree.File name="package.json" />\n</Tree>\n')).toBe(
      '- app/\n  - page.tsx\n- package.json\n',
    );
  });
});
