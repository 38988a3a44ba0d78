import { beforeAll, describe, expect, it } from 'vitest';
import type { Spec } from '../../api/openapi/load-spec.ts';
import { codeBlock, inlineCode, prose } from '../../api/openapi/mdx-text.ts';
import { operationPage } from '../../api/openapi/operation-page.ts';
import { listOperations } from '../../api/openapi/operations.ts';
import { renderMarkdown } from '../../api/render/markdown.ts';
import { FIXTURES, fieldsOf, searchView, specAt } from './spec-files.ts';

let plants: Spec;
let shapes: Spec;
beforeAll(async () => {
  [plants, shapes] = await Promise.all([specAt(FIXTURES, 'plants.yaml'), specAt(FIXTURES, 'shapes.json')]);
});

const pageOf = (spec: Spec, method: string, path: string) =>
  operationPage(listOperations(spec).find((operation) => operation.method === method && operation.path === path)!, spec);

/** The HTML of one field, from its anchor to the next field. */
const fieldHtml = (html: string, id: string) => {
  const start = html.indexOf(`id="${id}"`);
  return html.slice(start, html.indexOf('<div class="field"', start + 1));
};

describe('writing descriptions into MDX', () => {
  it('keeps a description with braces, backticks, HTML and stray angle brackets as its author wrote it', () => {
    const { mdx } = pageOf(plants, 'get', '/plants');
    const text = searchView(mdx).text;
    expect(text).toContain(
      'Filter with {"pot": "clay"} or {braces}; bold stays bold, a literal <token> and 2 < 3 stay text, https://plants.example/docs is a link.',
    );
    expect(text).toContain('{"example": "```nested```"}');
    const html = fieldHtml(renderMarkdown(mdx).html, 'param-pot');
    expect(html).toContain(
      '<code>{&quot;pot&quot;: &quot;clay&quot;}</code> or {braces}; <b>bold</b> stays bold, a literal &lt;token&gt; and 2 &lt; 3 stay text',
    );
    expect(html).toContain('<a href="https://plants.example/docs" rel="noopener noreferrer">https://plants.example/docs</a>');
    expect(html).toContain('&quot;```nested```&quot;');
  });

  it('escapes MDX expressions outside code only', () => {
    expect(prose('a {b} `{c}` ``{`d`}``')).toBe('a \\{b\\} `{c}` ``{`d`}``');
    expect(prose('```js\nconst a = {b};\n```\n{after}')).toBe('```js\nconst a = {b};\n```\n\\{after\\}');
    expect(prose('already \\{escaped\\}')).toBe('already \\{escaped\\}');
    expect(prose('line<br>break <img src="x.png"> <span title="{t}">s</span>')).toBe(
      'line<br />break <img src="x.png" /> <span title="&#123;t&#125;">s</span>',
    );
    expect(prose('export const a = 1;\nimport b')).toBe('&#101;xport const a = 1;\n&#105;mport b');
  });

  it('writes an attribute value with quotes, braces, backslashes and newlines so the tag reads whole', () => {
    const { mdx } = pageOf(shapes, 'get', '/orgs');
    const fields = fieldsOf(mdx);
    const id = fields.find((field) => field.name === 'id')!;
    expect(id.attributes.type).toBe('string');
    // A reader that evaluates the JSX string gives the value; one that keeps the literal's text keeps its escapes.
    const raw = id.attributes.default!;
    expect(raw.includes('\\u0022') ? JSON.parse(`"${raw}"`) : raw).toBe('a \\ "quoted" {value}\nover two lines');
    expect(fields.map((field) => field.name)).toContain('users');
    expect(renderMarkdown(mdx).html).toContain('<code class="field-name">users</code>');
  });
});

describe('writing code into MDX', () => {
  it('fences code with more backticks than any run inside it', () => {
    const block = codeBlock('Use ```js fences``` or ````four````.', 'text Fences `x`');
    expect(block).toBe('`````text Fences x\nUse ```js fences``` or ````four````.\n`````');
    expect(renderMarkdown(block).html).toContain('Use ```js fences``` or ````four````.');
  });

  it('writes inline code for any text', () => {
    expect(inlineCode('plain')).toBe('`plain`');
    expect(inlineCode('a `tick`')).toBe('`` a `tick` ``');
    expect(inlineCode('two\nlines')).toBe('`two lines`');
  });
});
