import fs from 'node:fs';
import path from 'node:path';
import markdownIt from 'markdown-it';
import type { Token } from 'markdown-it';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { parseOrReport, readPagesAndSnippets, readProjectNavigation, sourceOf, type ProjectFiles } from '../../api/deploy/project-reader.ts';
import { routeOf } from '../../api/mintlify/page-route.ts';
import { createMdxMarkdown } from '../../api/render/markdown.ts';
import { pageMarkdown } from '../../api/render/page-markdown.ts';
import { markdownAtRoute } from '../../api/render/route-marks.ts';
import { MarkdownWriter } from '../../api/render/page-markdown-blocks.ts';
import { SITE_ORIGIN_MARK as O } from '../../api/render/site-origin.ts';
import { CORPUS } from '../support/git-repo.ts';

/** A body's Markdown export as served at `route`. */
const md = (body: string, route = '/guides/page') => markdownAtRoute(pageMarkdown(body), route);

describe('the Markdown export of a page', () => {
  it('writes plain Markdown back as Markdown', () => {
    expect(md('Some *em*, __strong__, `code`, ~~gone~~ and a\nsoft break.\n')).toBe('Some *em*, __strong__, `code`, ~~gone~~ and a\nsoft break.\n');
    expect(md('Setext\n======\n\n### Deep `h3`\n\n---\n\n> quoted\n>\n> > nested\n')).toBe('# Setext\n\n### Deep `h3`\n\n---\n\n> quoted\n>\n> > nested\n');
    expect(md('- one\n- two\n  1. inner\n  2. inner two\n- three\n')).toBe('- one\n- two\n  1. inner\n  2. inner two\n- three\n');
    expect(md('3) three\n4) four\n\n* loose\n\n* list\n')).toBe('3) three\n4) four\n\n* loose\n\n* list\n');
    expect(md('| Left | Centre | Right | None |\n|:--|:-:|--:|---|\n| a | `b\\|c` | **c** | d |\n')).toBe(
      '| Left | Centre | Right | None |\n| :--- | :---: | ---: | --- |\n| a | `b\\|c` | **c** | d |\n',
    );
    expect(md('A line\\\nbroken.\n')).toBe('A line\\\nbroken.\n');
  });

  it('escapes text that would read as Markdown, and only that', () => {
    expect(md('Literal \\*stars\\*, \\`ticks\\`, \\_under\\_ but snake_case, \\<Note> and &lt;b&gt;, \\[x](y) and a[0].\n')).toBe(
      'Literal \\*stars\\*, \\`ticks\\`, \\_under\\_ but snake_case, \\<Note> and \\<b>, \\[x](y) and a[0].\n',
    );
    expect(md('\\# not a heading\n\n\\- not a list\n\n1\\. not ordered\n\n&amp;copy; stays\n')).toBe(
      '\\# not a heading\n\n\\- not a list\n\n1\\. not ordered\n\n\\&copy; stays\n',
    );
  });

  it('keeps fenced code byte for byte, inside components too, dedented as MDX reads it', () => {
    expect(md('````mdx Example title {1}\n<Note>\n  **raw**\n</Note>\n````\n')).toBe('````mdx Example title {1}\n<Note>\n  **raw**\n</Note>\n````\n');
    expect(md('<Note>\n    ```js app.js\n      indented()\n    ```\n</Note>\n')).toBe('> **Note**\n>\n> ```js app.js\n>   indented()\n> ```\n');
  });

  it('turns callouts into block quotes under their label or title', () => {
    expect(md('<Note>\n  Read [this](/quickstart).\n</Note>\n')).toBe(`> **Note**\n>\n> Read [this](${O}/quickstart).\n`);
    expect(md('<Warning title="Careful">Do *not*.</Warning>\n')).toBe('> **Careful**\n>\n> Do *not*.\n');
    for (const name of ['Tip', 'Info', 'Check', 'Danger']) expect(md(`<${name}>\nText\n</${name}>\n`)).toBe(`> **${name}**\n>\n> Text\n`);
    expect(md('<Callout icon="key">\nPlain\n</Callout>\n')).toBe('> Plain\n');
    expect(md('<Tip />\n')).toBe('> **Tip**\n');
  });

  it('turns steps into a numbered list, each title in bold over its indented content', () => {
    const body =
      '<Steps>\n  <Step title="Install">\n    Run:\n\n    ```bash\n    npm i -g mint\n    ```\n  </Step>\n  <Step title="Preview">\n    Run `mint dev`.\n  </Step>\n</Steps>\n';
    expect(md(body)).toBe('1. **Install**\n\n   Run:\n\n   ```bash\n   npm i -g mint\n   ```\n\n2. **Preview**\n\n   Run `mint dev`.\n');
  });

  it('turns tabs and code groups into labelled sections', () => {
    expect(md('<Tabs>\n  <Tab title="npm">\n    ```bash\n    npm i\n    ```\n  </Tab>\n  <Tab title="yarn">\n    Use **yarn**.\n  </Tab>\n</Tabs>\n')).toBe(
      '**npm**\n\n```bash\nnpm i\n```\n\n**yarn**\n\nUse **yarn**.\n',
    );
    expect(
      md('<CodeGroup>\n\n```bash npm\nnpm i -g mint\n```\n\n```bash title="pnpm"\npnpm add -g mint\n```\n\n```python\nprint()\n```\n\n</CodeGroup>\n'),
    ).toBe('**npm**\n\n```bash npm\nnpm i -g mint\n```\n\n**pnpm**\n\n```bash title="pnpm"\npnpm add -g mint\n```\n\n**python**\n\n```python\nprint()\n```\n');
  });

  it('turns cards into links (bold titles when they lead nowhere) followed by their text', () => {
    expect(
      md(
        '<CardGroup cols={2}>\n  <Card title="Quickstart" icon="rocket" href="/quickstart">\n    Get going.\n  </Card>\n  <Card title="Plain">\n    No link.\n  </Card>\n</CardGroup>\n',
      ),
    ).toBe(`[Quickstart](${O}/quickstart)\n\nGet going.\n\n**Plain**\n\nNo link.\n`);
    expect(md('<Columns cols={2}>\n<Card title="Out" href="https://example.com/a" />\n<Card title="Bad" href="javascript:alert(1)" />\n</Columns>\n')).toBe(
      '[Out](https://example.com/a)\n\n**Bad**\n',
    );
    expect(md('<Tile href="/components/tiles" title="Tile" description="Short *description*">\n  <img src="/images/t.svg" alt="Preview" />\n</Tile>\n')).toBe(
      `[Tile](${O}/components/tiles)\n\nShort *description*\n\n![Preview](${O}/images/t.svg)\n`,
    );
  });

  it('turns accordions and expandables into headings one level below the heading they sit under', () => {
    expect(md('<AccordionGroup>\n<Accordion title="First">\nOne\n</Accordion>\n<Accordion title="Second">\nTwo\n</Accordion>\n</AccordionGroup>\n')).toBe(
      '## First\n\nOne\n\n## Second\n\nTwo\n',
    );
    expect(
      md(
        '### Options\n\n<Expandable title="outer">\n<Expandable title="inner">\nDeep\n</Expandable>\n</Expandable>\n\n<Accordion title="Next">\nAfter\n</Accordion>\n',
      ),
    ).toBe('### Options\n\n#### outer\n\n##### inner\n\nDeep\n\n#### Next\n\nAfter\n');
  });

  it('writes fields as their name in code, where they go, type and flags, then their description', () => {
    expect(md('<ParamField path="id" type="string" required>\n  The **id**.\n</ParamField>\n')).toBe('`id` (path, string, required)\n\nThe **id**.\n');
    expect(md('<ResponseField name="limit" type="number" default="10" deprecated>\n  How many.\n</ResponseField>\n\n<ResponseField name="bare" />\n')).toBe(
      '`limit` (number, deprecated, default: `10`)\n\nHow many.\n\n`bare`\n',
    );
  });

  it('keeps a frame’s content with its hint and caption as text', () => {
    expect(md('<Frame hint="Look" caption="The [dashboard](/dashboard).">\n  <img src="images/a.png" alt="A shot" />\n</Frame>\n', '/')).toBe(
      `Look\n\n![A shot](${O}/images/a.png)\n\nThe [dashboard](${O}/dashboard).\n`,
    );
  });

  it('writes file trees as nested lists and updates as headings', () => {
    expect(md('<Tree>\n  <Tree.Folder name="app">\n    <Tree.File name="page.tsx" />\n  </Tree.Folder>\n  <Tree.File name="package.json" />\n</Tree>\n')).toBe(
      '- app/\n  - page.tsx\n- package.json\n',
    );
    expect(md('<Update label="2024-10-11" description="v0.1.0">\n  Fixed **it**.\n</Update>\n')).toBe('## 2024-10-11\n\nv0.1.0\n\nFixed **it**.\n');
  });

  it('keeps the text of inline components and drops icons', () => {
    expect(
      md('Click <Icon icon="gear" /> settings, an <Tooltip tip="Application Programming Interface">API</Tooltip> <Badge color="blue">New</Badge>.\n'),
    ).toBe('Click settings, an API New.\n');
    expect(md('<Mystery kind={{ a: 1 }}>\n  Still **readable**.\n</Mystery>\n\n<Unknown />\n\nA {1 + 1} sum and {"a literal"}.\n')).toBe(
      'Still **readable**.\n\nA 2 sum and a literal.\n',
    );
  });

  it('leaves out content for humans and keeps content for agents, without the tag', () => {
    const body =
      'Start.\n\n<Visibility for="humans">\n  Click **Get started**.\n</Visibility>\n\n<Visibility for="agents">\n  Call `POST /v1/accounts`.\n</Visibility>\n\nInline <Visibility for="humans">web</Visibility><Visibility for="agents">agent</Visibility> text.\n';
    expect(md(body)).toBe('Start.\n\nCall `POST /v1/accounts`.\n\nInline agent text.\n');
  });

  it('converts simple raw HTML to Markdown and keeps the text of the rest', () => {
    expect(md('Press <kbd>Ctrl</kbd> + <b>C</b>, see <a href="/cli">the CLI</a>,<br/>then <code>a*b</code> and <img src="/i.png" alt="icon">.\n')).toBe(
      `Press Ctrl + **C**, see [the CLI](${O}/cli),\\\nthen \`a*b\` and ![icon](${O}/i.png).\n`,
    );
    expect(md('<table>\n  <tr><td>One &amp; <i>two</i></td><td><script>alert(1)</script>three</td></tr>\n</table>\n<hr />\n')).toBe(
      'One & *two*\n\nthree\n\n---\n',
    );
    expect(md('<div style="x">\n\n**Markdown** inside.\n\n</div>\n\n<style>{`.a { color: red }`}</style>\n')).toBe('**Markdown** inside.\n');
    expect(md('Unclosed <b>bold\n\nand a stray </b> end.\n')).toBe('Unclosed bold\n\nand a stray  end.\n');
    expect(md('| Steps |\n| --- |\n| one<br/>two |\n')).toBe('| Steps |\n| --- |\n| one<br>two |\n');
  });

  it('makes links and images absolute behind the site origin mark, and drops unsafe targets', () => {
    const body =
      '[home](/) [sibling](/guides/other#part) [up](../cli/install) [here](page2) [top](#top) [out](https://example.com "Title") [mail](mailto:a@b.c) [tel](tel:+1) [bad](javascript:alert(1)) [data](data:text/html,x) [proto](//evil.example)\n';
    expect(md(body, '/guides/page')).toBe(
      `[home](${O}/) [sibling](${O}/guides/other#part) [up](${O}/cli/install) [here](${O}/guides/page2) [top](${O}/guides/page#top) [out](https://example.com "Title") [mail](mailto:a@b.c) [tel](tel:+1) bad data proto\n`,
    );
    expect(md('![logo](/images/logo.png) ![rel](images/a.png) ![x](javascript:alert(1)) [paren](</a(b>)\n', '/')).toBe(
      `![logo](${O}/images/logo.png) ![rel](${O}/images/a.png) x [paren](<${O}/a(b>)\n`,
    );
    expect(md('[a \\] b](/x) ![alt [x]](/i.png)\n', '/')).toBe(`[a \\] b](${O}/x) ![alt \\[x\\]](${O}/i.png)\n`);
    expect(md(`A mark ${O} in [text](/x${O}).\n`)).toBe(`A mark  in [text](${O}/x).\n`);
  });

  it('never throws: a page it cannot read comes back as written, less its component tags', () => {
    expect(md('<Note>\nnever closed\n')).toBe('never closed\n');
    const broken = vi.spyOn(MarkdownWriter.prototype, 'blocks').mockImplementation(() => {
      throw new Error('a bug');
    });
    try {
      expect(md(`<Card title="x" href="/y">\n  **Text** ${O}and <Icon icon="a" />\n</Card>\n`)).toBe('\n  **Text** and \n\n');
    } finally {
      broken.mockRestore();
    }
  });
});

/** The corpus's files as the project reader reads them. */
const corpusFiles: ProjectFiles = {
  has: (file) => fs.statSync(path.join(CORPUS, file), { throwIfNoEntry: false })?.isFile() ?? false,
  read: async (files) => new Map(files.map((file) => [file, fs.readFileSync(path.join(CORPUS, file), 'utf8')])),
};

/** How a reader of the export parses it: CommonMark with GFM tables, and no indented code to hide anything in. */
const reader = markdownIt({ html: true }).disable(['code']);
/** A JSX tag left in text; `\<Note>` is escaped text, not a tag. */
const COMPONENT_TAG = /(?<!\\)<\/?[A-Z][\w.]*(?=[\s/>])[^>\n]{0,60}>?/;

function fences(tokens: Token[]): string[] {
  return tokens.filter((token) => token.type === 'fence').map((token) => `${token.info}\n${token.content}`);
}

/** The export's lines outside fenced code (`tokens` are its own), with code spans taken out. */
function proseOf(markdown: string, tokens: Token[]): string[] {
  const lines = markdown.split('\n');
  for (const token of tokens) if (token.type === 'fence' && token.map) lines.fill('', token.map[0], token.map[1]);
  return lines.map((line) => line.replace(/(`+)(?:(?!\1)[\s\S])*?\1/g, ''));
}

describe('the Markdown export of the mintlify-docs corpus', () => {
  let pages: { source: string; route: string; markdown: string }[] = [];
  let first: string[] = [];

  beforeAll(async () => {
    const navigation = await readProjectNavigation(corpusFiles, 'the corpus');
    const sources = navigation.pages.map((page) => ({ route: routeOf(page.page), source: sourceOf(page, corpusFiles)! }));
    const readFile = await readPagesAndSnippets(
      corpusFiles,
      sources.map((page) => page.source),
    );
    pages = sources.map(({ source, route }) => ({ source, route, markdown: parseOrReport(source, readFile).markdown }));
    first = pages.map((page) => markdownAtRoute(pageMarkdown(page.markdown), page.route));
  });

  it('leaves no component tag in any navigation page and keeps every code block as written', () => {
    expect(pages.length).toBeGreaterThan(900);
    const mdx = createMdxMarkdown('agents');
    const problems: string[] = [];
    pages.forEach((page, index) => {
      const output = first[index]!;
      const tokens = reader.parse(output, {});
      proseOf(output, tokens).forEach((line, at) => {
        const tag = COMPONENT_TAG.exec(line)?.[0];
        if (tag) problems.push(`${page.source}: line ${at + 1} keeps the tag ${tag}`);
      });
      const kept = fences(tokens);
      for (const code of fences(mdx.parse(page.markdown, {}))) {
        const at = kept.indexOf(code);
        if (at < 0) problems.push(`${page.source}: lost or changed the code block \`\`\`${code.slice(0, 80)}`);
        else kept.splice(at, 1);
      }
    });
    expect(problems).toEqual([]);
  });

  it('converts the corpus the same way each time', () => {
    expect(pages.map((page) => markdownAtRoute(pageMarkdown(page.markdown), page.route))).toEqual(first);
  });
});
