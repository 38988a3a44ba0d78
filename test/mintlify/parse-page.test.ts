import { describe, expect, it } from 'vitest';
import { chunkSections, MAX_CHUNK_CHARS } from '../../api/deploy/chunk.ts';
import { slugify } from '../../api/mintlify/mdx/anchors.ts';
import { parsePage, snippetReferences } from '../../api/mintlify/mdx/parse-page.ts';

const files: Record<string, string> = {
  'snippets/plan-note.mdx': '---\ntitle: ignored\n---\nAvailable on the **Pro** plan.\n',
  'snippets/nested.mdx': 'import PlanNote from "/snippets/plan-note.mdx";\n\nNested intro.\n\n<PlanNote />\n',
};
const read = (file: string) => files[file];

const PAGE = `---
title: "Custom domains"
description: Serve your docs from your own domain.
keywords: ["dns", "cname"]
---

import PlanNote from "/snippets/plan-note.mdx";
export const region = { eu: true };

Point a **custom domain** at your docs. See [the DNS guide](/dns) and \`docs.json\`.

<PlanNote />

## Configure DNS

<Steps>
  <Step title="Add a CNAME record">
    Create a \`CNAME\` record for \`docs\` pointing to \`cname.folio.dev\`.
  </Step>
</Steps>

<Tip>Changes can take up to 48 hours.</Tip>

\`\`\`bash Terminal
dig CNAME docs.example.com
# <Steps> inside code is code, not a component
\`\`\`

| Record | Value |
| --- | --- |
| CNAME | cname.folio.dev |

{/* an MDX comment */}
<!-- an HTML comment -->

### Verify (optional)

<Tooltip tip="Transport Layer Security">TLS</Tooltip> certificates are issued automatically.

<CardGroup cols={2}>
  <Card
    title="Redirects"
    href="/redirects"
    icon={<svg viewBox="0 0 1 1"><path d="M0 0"/></svg>}
  >
    Move old paths.
  </Card>
</CardGroup>

## Configure DNS
Duplicate heading text gets its own anchor.
`;

describe('parsePage', () => {
  const page = parsePage('deploy/custom-domain.mdx', PAGE, read);

  it('reads title, description and keywords from the frontmatter', () => {
    expect(page).toMatchObject({
      title: 'Custom domains',
      description: 'Serve your docs from your own domain.',
      keywords: ['dns', 'cname'],
      isHidden: false,
      isBroken: false,
    });
    expect(page.warnings).toEqual([]);
  });

  it('splits at headings, keeping anchors (unique on the page)', () => {
    expect(page.sections.map((s) => [s.level, s.heading, s.anchor])).toEqual([
      [0, 'Custom domains', ''],
      [2, 'Configure DNS', 'configure-dns'],
      [3, 'Verify (optional)', 'verify-optional'],
      [2, 'Configure DNS', 'configure-dns-1'],
    ]);
  });

  it('reduces components to their readable text, resolves snippets, keeps code as code', () => {
    const [intro, dns, verify] = page.sections;
    expect(intro!.text).toBe('Point a custom domain at your docs. See the DNS guide and docs.json.\nAvailable on the Pro plan.');
    expect(dns!.text).toContain('Add a CNAME record');
    expect(dns!.text).toContain('Create a CNAME record for docs pointing to cname.folio.dev.');
    expect(dns!.text).toContain('Changes can take up to 48 hours.');
    expect(dns!.text).toContain('dig CNAME docs.example.com\n# <Steps> inside code is code, not a component');
    // A step's title introduces its step; a table's cells stay apart.
    expect(dns!.text).toContain('Add a CNAME record:');
    expect(dns!.text).toContain('| Record | Value |\n| CNAME | cname.folio.dev |');
    const prose = dns!.text.replace('# <Steps> inside code is code, not a component', '');
    expect(prose).not.toMatch(/<\/?(Steps|Step|Tip)\b|MDX comment|HTML comment|region|import/);
    expect(verify!.text).toContain('Transport Layer Security TLS certificates are issued automatically.');
    expect(verify!.text).toContain('Redirects');
    expect(verify!.text).toContain('Move old paths.');
    expect(verify!.text).not.toContain('svg');
    expect(page.snippets).toEqual(['snippets/plan-note.mdx']);
  });

  it('keeps an empty cell of a table as a dash, so every row has its columns', () => {
    const table = parsePage('roles.mdx', '# Roles\n\n| | Viewer | Admin |\n| --- | :---: | :---: |\n| Update domain | ❌ | ✅ |\n', read);
    expect(table.sections.at(-1)!.text).toBe('| – | Viewer | Admin |\n| Update domain | ❌ | ✅ |');
  });

  it('keeps an escaped pipe inside its cell, escaped, so the row keeps its columns', () => {
    const table = parsePage(
      'settings.mdx',
      '# Settings\n\n| Property | Type |\n| --- | --- |\n| `appearance.default` | `"light"` \\| `"dark"` |\n\nOne \\| two.\n',
      read,
    );
    expect(table.sections.at(-1)!.text).toBe('| Property | Type |\n| appearance.default | "light" \\| "dark" |\nOne | two.');
  });

  it('resolves snippets that import snippets', () => {
    const nested = parsePage('a.mdx', 'import Nested from "/snippets/nested.mdx";\n\n<Nested />\n', read);
    expect(nested.sections[0]!.text).toBe('Nested intro.\nAvailable on the Pro plan.');
    expect(nested.snippets.sort()).toEqual(['snippets/nested.mdx', 'snippets/plan-note.mdx']);
  });

  it('reads what the frontmatter says of search: hidden, searchable: false, noindex', () => {
    expect(parsePage('a.mdx', '---\nhidden: true\n---\nx', read)).toMatchObject({ isHidden: true, isSearchable: true });
    expect(parsePage('b.mdx', '---\nnoindex: true\n---\nx', read)).toMatchObject({ isHidden: false, isSearchable: false });
    expect(parsePage('c.mdx', '---\nsearchable: false\n---\nx', read)).toMatchObject({ isHidden: false, isSearchable: false });
    expect(parsePage('d.mdx', '---\nsearchable: true\n---\nx', read)).toMatchObject({ isHidden: false, isSearchable: true });
  });

  it('reports a page that fails to parse with file and line', () => {
    const unclosed = parsePage('guides/broken.mdx', '---\ntitle: Broken\n---\n\nIntro\n\n<Warning>\nNever closed\n', read);
    expect(unclosed.isBroken).toBe(true);
    expect(unclosed.warnings).toEqual([{ file: 'guides/broken.mdx', line: 7, message: '<Warning> is never closed' }]);
    const mismatched = parsePage('m.mdx', '<Steps>\n<Step title="a">\nx\n</Steps>\n', read);
    expect(mismatched.warnings[0]).toEqual({ file: 'm.mdx', line: 4, message: '</Steps> closes <Step> opened at line 2' });
    // Frontmatter that is not YAML is read as plain "key: value" lines: the page still shows, and the warning says so.
    const badYaml = parsePage('y.mdx', '---\ntitle: "A title\nthat goes on"\nhidden: true\n---\nBody', read);
    expect(badYaml.isBroken).toBe(false);
    expect(badYaml).toMatchObject({ title: 'A title that goes on', isHidden: true });
    expect(badYaml.warnings[0]).toMatchObject({
      file: 'y.mdx',
      line: 2,
      message: expect.stringMatching(/^invalid frontmatter: .*read as plain "key: value" lines$/),
    });
    const missingSnippet = parsePage('s.mdx', 'import Gone from "/snippets/gone.mdx";\n\n<Gone />\nText', read);
    expect(missingSnippet.isBroken).toBe(false);
    expect(missingSnippet.warnings).toEqual([{ file: 's.mdx', line: 3, message: 'snippet snippets/gone.mdx not found; left out' }]);
  });

  it('splices legacy <Snippet file> snippets from snippets/ or, in older projects, _snippets/', () => {
    const legacy = { '_snippets/plans.mdx': 'Plans start at $10.\n', 'snippets/setup.mdx': 'Run setup first.\n' };
    const page = parsePage(
      'p.mdx',
      '# Pricing\n\n<Snippet file="plans.mdx" />\n\n<Snippet file="setup.mdx" />\n',
      (file) => legacy[file as keyof typeof legacy],
    );
    expect(page.warnings).toEqual([]);
    expect(page.sections.map((section) => section.text).join('\n')).toContain('Plans start at $10.\nRun setup first.');
    expect(snippetReferences('p.mdx', '<Snippet file="plans.mdx" />')).toEqual(['snippets/plans.mdx', '_snippets/plans.mdx']);
  });

  it('records a missing snippet, so the page is rebuilt once the snippet is added', () => {
    expect(parsePage('s.mdx', 'import Gone from "/snippets/gone.mdx";\n\n<Gone />\nText', read).snippets).toEqual(['snippets/gone.mdx']);
  });

  it('leaves out a snippet that includes itself, and a fan-out of snippets past 50,000 lines', () => {
    const cyclic = { 'snippets/s.mdx': `import S from "/snippets/s.mdx";\n\nLoop.\n\n${'<S />\n'.repeat(10)}` };
    const loop = parsePage('p.mdx', 'import S from "/snippets/s.mdx";\n\n<S />\n', (file) => cyclic[file as keyof typeof cyclic]);
    expect(loop.sections[0]!.text).toBe('Loop.');
    expect(loop.warnings).toHaveLength(10);
    expect(loop.warnings[0]!.message).toBe('snippet snippets/s.mdx includes itself; left out');

    const fan: Record<string, string> = { 'snippets/l5.mdx': 'Leaf line.\n'.repeat(100) };
    for (let level = 4; level >= 1; level--) fan[`snippets/l${level}.mdx`] = `import N from "/snippets/l${level + 1}.mdx";\n\n${'<N />\n'.repeat(10)}`;
    const fanned = parsePage('p.mdx', 'import N from "/snippets/l1.mdx";\n\n<N />\n', (file) => fan[file]);
    expect(fanned.isBroken).toBe(false);
    expect(fanned.warnings.some((w) => /would make the page longer than 50,000 lines/.test(w.message))).toBe(true);
    expect(fanned.sections[0]!.text.split('\n').length).toBeLessThanOrEqual(50_000);
  });

  it('takes a snippet of 200,000 lines without overflowing the stack', () => {
    const big = { 'snippets/big.mdx': 'x\n'.repeat(200_000) };
    const page = parsePage('p.mdx', 'import Big from "/snippets/big.mdx";\n\n<Big />\n', (file) => big[file as keyof typeof big]);
    expect(page.warnings[0]!.message).toMatch(/snippet snippets\/big.mdx would make the page longer/);
  });

  it('turns a NUL byte into U+FFFD instead of failing the deployment at the database', () => {
    expect(
      parsePage('n.mdx', '# A\nhello\u0000world', read)
        .sections.map((s) => s.text)
        .join(''),
    ).toBe('hello\uFFFDworld');
  });

  it('refuses a YAML alias bomb in frontmatter as invalid frontmatter, for that page only', () => {
    const bomb = `---\na: &a [x, x, x, x, x, x, x, x, x, x]\nb: &b [${'*a, '.repeat(9)}*a]\nc: &c [${'*b, '.repeat(9)}*b]\nd: [${'*c, '.repeat(200)}*c]\n---\nBody`;
    const page = parsePage('bomb.mdx', bomb, read);
    expect(page.sections[0]!.text).toBe('Body');
    expect(page.warnings[0]).toMatchObject({ file: 'bomb.mdx', message: expect.stringMatching(/^invalid frontmatter: .*alias/i) });
  });

  it('reads pathological long lines in linear time, keeping their text', () => {
    const tags = parsePage('t.mdx', `Before\n${'<x a='.repeat(40_000)}\nAfter`, read); // took minutes when read as markup
    expect(tags.sections[0]!.text).toMatch(/^Before\n[\s\S]*After$/);
    expect(tags.warnings[0]).toEqual({ file: 't.mdx', line: 2, message: 'the line is longer than 10,000 characters; its markup was not interpreted' });
    const comments = parsePage('c.mdx', `\`${'{/*'.repeat(40_000)}\nText`, read);
    expect(comments.sections[0]!.text).toContain('Text');
    const stars = parsePage('s.mdx', '**a '.repeat(40_000), read);
    expect(stars.sections[0]!.text.startsWith('a a a')).toBe(true);
  });

  it("reads a card whose icon is an SVG drawing over many lines as the card, leaving none of the drawing's markup", () => {
    const drawing = Array.from({ length: 60 }, (_, i) => `        <path d="M${i} 0" fill="black" />`).join('\n');
    const cards = `<CardGroup>\n  <Card\n    title="Pirsch"\n    icon={\n      <>\n        <svg viewBox="0 0 1 1">\n${drawing}\n        </svg>\n      </>\n    }\n  />\n  Plausible\n</CardGroup>\n`;
    const text = parsePage('cards.mdx', cards, read).sections[0]!.text;
    expect(text).not.toMatch(/<|svg|path|icon/);
    expect(text).toContain('Plausible');
  });

  it('reads lines that each open a tag which never ends as text, in linear time', () => {
    const unending = parsePage('u.mdx', `${'<Card title="x" icon={<svg a="1">\n'.repeat(20_000)}After`, read); // took minutes when each line looked ahead for the tag's end
    expect(unending.sections[0]!.text).toMatch(/After$/);
  });

  it('keeps comments out and inline code in, across lines', () => {
    const page = parsePage('k.mdx', 'Keep {/* drop\nstill dropped */} this and `{/* code */}` <!-- gone -->too', read);
    expect(page.sections[0]!.text).toBe('Keep\nthis and {/* code */} too');
  });

  it('refuses a page over a million characters as a warning', () => {
    const page = parsePage('huge.mdx', 'a'.repeat(1_000_001), read);
    expect(page).toMatchObject({ isBroken: true, warnings: [{ file: 'huge.mdx', line: 1, message: expect.stringContaining('split it') }] });
  });

  it('falls back to the first heading, then the file name, for a title', () => {
    expect(parsePage('x/getting-started.mdx', '# Welcome aboard\nHi', read).title).toBe('Welcome aboard');
    expect(parsePage('x/getting-started.md', 'Hi', read).title).toBe('Getting started');
  });
});

describe('slugify and chunkSections', () => {
  it('makes Mintlify-style anchors', () => {
    expect(slugify('Configure DNS (A & CNAME)')).toBe('configure-dns-a-cname');
    expect(slugify('配置 自定义域名')).toBe('配置-自定义域名');
  });

  it('cuts long sections into chunks under the limit that keep the anchor', () => {
    const text = Array.from({ length: 60 }, (_, i) => `Line ${i} ${'word '.repeat(12).trim()}`).join('\n');
    const chunks = chunkSections([{ level: 2, heading: 'Long', anchor: 'long', text }]);
    expect(chunks.length).toBeGreaterThan(1);
    expect(chunks.every((c) => c.content.length <= MAX_CHUNK_CHARS && c.anchor === 'long')).toBe(true);
    expect(chunks.map((c) => c.content).join('\n')).toBe(text);
    expect(chunks.map((c) => c.position)).toEqual(chunks.map((_, i) => i));
  });

  it('moves a table the cut would break to the next chunk whole, so its rows stay under its header', () => {
    const prose = Array.from({ length: 18 }, (_, i) => `Paragraph ${i} says something about the settings of this site in a few words.`);
    const table = ['| Setting | Default |', ...Array.from({ length: 8 }, (_, i) => `| setting${i} | value ${i} |`)];
    const chunks = chunkSections([{ level: 2, heading: 'Settings', anchor: 'settings', text: [...prose, ...table, ...prose].join('\n') }]);
    const holding = chunks.filter((chunk) => chunk.content.includes('| setting'));
    expect(holding).toHaveLength(1);
    expect(holding[0]!.content).toContain(table.join('\n'));
    expect(chunks.every((chunk) => chunk.content.length <= MAX_CHUNK_CHARS)).toBe(true);
  });

  it('starts each chunk of a table longer than a chunk with its header again', () => {
    const header = '| Property | Type | Required |';
    const rows = Array.from({ length: 60 }, (_, i) => `| setting${i}.name | string | No |`);
    const chunks = chunkSections([
      { level: 2, heading: 'Reference', anchor: 'reference', text: ['The settings:', header, ...rows, 'After the table.'].join('\n') },
    ]);
    expect(chunks.length).toBeGreaterThan(1);
    for (const chunk of chunks.filter((c) => c.content.includes('| setting')))
      expect(chunk.content.split('\n').find((line) => line.startsWith('|'))).toBe(header);
    expect(chunks.flatMap((c) => c.content.split('\n')).filter((line) => line.startsWith('| setting'))).toEqual(rows);
    expect(chunks.every((chunk) => chunk.content.length <= MAX_CHUNK_CHARS)).toBe(true);
  });

  it('keeps the indentation of a line of code that starts a chunk', () => {
    const code = ['{', ...Array.from({ length: 80 }, (_, i) => `    "setting${i}": "a value that takes some room ${i}",`), '}'];
    const chunks = chunkSections([{ level: 2, heading: 'Example', anchor: 'example', text: ['An example:', ...code].join('\n') }]);
    expect(chunks.length).toBeGreaterThan(1);
    for (const chunk of chunks.slice(1)) expect(chunk.content).toMatch(/^ {4}"setting\d+"/);
  });

  it("keeps a field's name with its description when a long section is cut between them", () => {
    const fields = Array.from({ length: 40 }, (_, i) => `field${i}\nSet to true to turn on feature number ${i} on every page of the site.`);
    const chunks = chunkSections([{ level: 2, heading: 'Fields', anchor: 'fields', text: fields.join('\n') }]);
    expect(chunks.length).toBeGreaterThan(2);
    for (const chunk of chunks) {
      const lines = chunk.content.split('\n');
      expect(lines[0]).toMatch(/^field\d+$/);
      expect(lines.at(-1)).toMatch(/^Set to true/);
      expect(chunk.content.length).toBeLessThanOrEqual(MAX_CHUNK_CHARS);
    }
    expect(chunks.map((c) => c.content).join('\n')).toBe(fields.join('\n'));
  });
});
