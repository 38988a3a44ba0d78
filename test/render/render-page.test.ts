import { describe, expect, it } from 'vitest';
import { parsePage } from '../../api/mintlify/mdx/parse-page.ts';
import { renderPage } from '../../api/render/render-page.ts';
import { htmlAtRoute } from '../../api/render/route-marks.ts';

/** The page rendered, its body as served at `route`. */
const render = (body: string, route = '/guides/page') => {
  const rendered = renderPage(parsePage('guides/page.mdx', body, () => undefined));
  return { ...rendered, html: htmlAtRoute(rendered.html, route) };
};
const html = (body: string, route?: string) => render(body, route).html;

describe('rendering a page', () => {
  it("reads components' children as Markdown, indented or not, fences included", () => {
    const out = html('<Tabs>\n  <Tab title="npm">\n    Run **this**:\n\n    ```bash\n    npm i -g mint\n    ```\n  </Tab>\n</Tabs>\n');
    expect(out).toContain('<div class="tabs">');
    expect(out).toContain('<div class="tab"><p class="tab-title">npm</p>');
    expect(out).toContain('<p>Run <strong>this</strong>:</p>');
    expect(out).toMatch(/<p class="code-title">bash<\/p><pre tabindex="0"><code class="hljs language-bash">npm i -g mint\n<\/code><\/pre>/);
  });

  it('renders a one-line component, a self-closing one, and nested ones of the same name', () => {
    // As MDX reads it: an element written on one line holds its text as it is, not a paragraph.
    expect(html('<Note>Short **note**.</Note>\n')).toMatch(
      /<div class="callout callout-note" role="note" aria-label="Note">.*<div class="callout-body">\nShort <strong>note<\/strong>\.<\/div><\/div>/s,
    );
    expect(html('<Card title="Alone" href="/quickstart" />\n')).toContain(
      '<div class="card"><div class="card-text"><p class="card-title"><a class="card-link" href="../quickstart">Alone</a></p></div></div>',
    );
    const nested = html('<Expandable title="outer">\n<Expandable title="inner">\nDeep\n</Expandable>\n</Expandable>\n');
    expect(nested.match(/<details class="expandable">/g)).toHaveLength(2);
    expect(nested).toContain('<p>Deep</p>');
  });

  it('reads a tag whose attributes run long, such as an icon drawn in SVG', () => {
    const path = `<path d="${'M1 2L3 4'.repeat(800)}" />`;
    const out = html(`<Card\n  title="Fathom"\n  href="/fathom"\n  icon={\n<svg\nviewBox="0 0 256 256"\n>\n${path}\n</svg>\n  }\n/>\n`);
    expect(out).toContain('<div class="card"><div class="card-text"><p class="card-title"><a class="card-link" href="../fathom">Fathom</a></p></div></div>');
  });

  it('lets an unknown component degrade to its text, and shows what expressions evaluate to without running code', () => {
    const out = html(
      '<Mystery kind={{ a: 1 }}>\n  Still **readable**.\n</Mystery>\n\nA {1 + 1} sum, {"a literal"}, {/* a comment */} and <Inline>inline</Inline> text.\n',
    );
    expect(out).toContain('<div class="component">\n<p>Still <strong>readable</strong>.</p>\n</div>');
    expect(out).toContain('<p>A 2 sum, a literal,  and <span class="component">inline</span> text.</p>');
  });

  it('never leaves an element open: unpaired tags give way to their text', () => {
    expect(html('Some <Tooltip tip="x">text\n\nmore</Tooltip> words\n')).not.toContain('<span');
    expect(html('A <b>bold start\n\nand an end</b>.\n')).not.toMatch(/<b>|<\/b>/);
    expect(html('A <sup>paired</sup> tag.\n')).toContain('A <sup>paired</sup> tag.');
    expect(html('<Note>\nnever closed\n')).not.toContain('<div class="callout');
  });

  it('reads fences as MDX does: right after a paragraph line, and indented any amount (MDX has no indented code)', () => {
    const code = /<pre tabindex="0"><code class="hljs[^"]*">/g;
    expect(html('Some text.\n```\nconst a = (c) => 1;\n```\n').match(code)).toHaveLength(1);
    const indented = html('Example:\n    ```python\n    schema = {"a": 1}\n    ```\n\nAfter.\n');
    expect(indented).toContain('<p>Example:</p>');
    expect(indented.match(code)).toHaveLength(1);
    // Text at the margin between fences indented under their tab (a real page's layout).
    const tab = html(
      '<Tabs>\n  <Tab title="React">\n\n    ```tsx\n    import { Player } from "x";\n    ```\n\nThen this.\n\n    ```tsx\n    const x = 1;\n    ```\n  </Tab>\n</Tabs>\n',
    );
    expect(tab.match(code)).toHaveLength(2);
    expect(tab).toContain('<p>Then this.</p>');
  });

  it('lets a component end the paragraph right above it, however far away the component closes', () => {
    const out = html('Pick one:\n<Tabs>\n<Tab title="A">\n\nFirst\n</Tab>\n</Tabs>\n');
    expect(out).toContain('<p>Pick one:</p>');
    expect(out).toContain('<div class="tabs">');
  });

  it('hides a {/* comment */} over several paragraphs, apostrophes and all', () => {
    expect(html("Before\n\n{/* #### Steps:\n\n1. **Backup**: the project's data.\n\n#### More\n*/}\n\nAfter\n")).toBe('<p>Before</p>\n<p>After</p>\n');
  });

  it('writes site links relative to the page, keeps safe addresses, and drops the rest', () => {
    const out = html(
      '[home](/) [sibling](/guides/other#part) [top](#top) [out](https://example.com) [mail](mailto:a@b.c) [bad](javascript:alert(1)) [data](data:text/html,x) [proto](//evil.example)\n',
    );
    expect(out).toContain('<a href="../">home</a>');
    expect(out).toContain('<a href="../guides/other#part">sibling</a>');
    expect(out).toContain('<a href="#top">top</a>');
    expect(out).toContain('<a href="https://example.com" rel="noopener noreferrer">out</a>');
    expect(out).toContain('<a href="mailto:a@b.c">mail</a>');
    expect(out).toContain('<a>bad</a>');
    expect(out).toContain('<a>data</a>');
    expect(out).toContain('<a>proto</a>');
    expect(html('![logo](/images/logo.png)\n', '/')).toContain('<img src="images/logo.png" alt="logo" loading="lazy">');
    expect(html('![x](javascript:alert(1))\n')).toBe('<p>x</p>\n');
  });

  it('keeps HTML as written but what could run or load from elsewhere', () => {
    const out = html(
      '<div onclick="alert(1)" style="color:red;background:url(javascript:alert(1))"><script>alert(1)</script><p>kept</p><iframe src="https://x.example/e"></iframe><img src="/a.png" onerror="alert(1)"></div>\n',
    );
    expect(out).toContain('<div style="color:red">');
    expect(out).toContain(
      '<p>kept</p><p class="embed-link"><a href="https://x.example/e" rel="noopener noreferrer">Embedded content</a></p><img src="../a.png" alt="" loading="lazy"></div>',
    );
    expect(out).not.toMatch(/script|alert|iframe|onclick|onerror|javascript/);
  });

  it('gives headings the anchors search gives their sections, repeats numbered, and others their own', () => {
    const body = '## Install\n\ntext\n\n## Install\n\n<Note>\n## Install\n</Note>\n\n#### Deep `code` heading\n\n## Qué hacer\n';
    const page = parsePage('guides/page.mdx', body, () => undefined);
    const rendered = renderPage(page);
    const searched = page.sections.filter((section) => section.anchor).map((section) => section.anchor);
    expect(searched).toEqual(['install', 'install-1', 'qué-hacer']);
    expect(rendered.headings.map((heading) => heading.anchor)).toEqual(searched);
    for (const anchor of searched) expect(rendered.html).toContain(`id="${anchor}"`);
    expect(rendered.html).toContain('<h2 id="install-2">'); // inside a component: not a section, no collision
    expect(rendered.html).toContain('<h4 id="deep-code-heading">');
  });
});
