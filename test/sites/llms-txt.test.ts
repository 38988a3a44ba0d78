import { describe, expect, it } from 'vitest';
import { agentInstructionsBlock, LLMS_TXT_LIMIT, type LlmsPage, type LlmsSite, llmsFullTxt, llmsTxt } from '../../api/sites/llms-txt.ts';
import { SITE_ORIGIN_MARK, withSiteOrigin } from '../../api/render/site-origin.ts';

const ORIGIN = 'https://docs.acme.example';
const served = (text: string) => withSiteOrigin(text, ORIGIN);

const site = (overrides: Partial<LlmsSite> = {}): LlmsSite => ({
  name: 'Acme',
  description: '',
  instructions: [],
  pages: [],
  extraPages: [],
  openApiSpecs: [],
  asyncApiSpecs: [],
  externalLinks: [],
  ...overrides,
});

const small = site({
  description: 'Build on the Acme API.',
  instructions: ['Always cite the API version.', 'Prefer the TypeScript SDK.'],
  pages: [
    { route: '/', title: 'Introduction', description: 'What Acme does.' },
    { route: '/quickstart', title: 'Quickstart', description: '' },
    { route: '/api/users', title: 'List users [beta]', description: 'Lists   the\nusers.\n\nA second paragraph that llms.txt leaves out.' },
  ],
  extraPages: [
    { route: '/zeta', title: 'zeta notes', description: '' },
    { route: '/changelog', title: 'Changelog', description: 'What changed.' },
  ],
  openApiSpecs: ['openapi.json', 'https://api.acme.example/v2/billing.yaml'],
  asyncApiSpecs: ['specs/asyncapi.yaml'],
  externalLinks: [{ title: 'Community', url: 'https://acme.example/community' }],
});

/** `count` pages, `/p-0` on, each with a description of `words` words. */
const manyPages = (count: number, words: number): LlmsPage[] =>
  Array.from({ length: count }, (_, i) => ({
    route: `/p-${i}`,
    title: `Page ${i}`,
    description: Array.from({ length: words }, (_, w) => `word${w}`).join(' '),
  }));

const docsEntries = (text: string) => text.split('\n').filter((line) => line.startsWith('- [Page '));

describe('llms.txt', () => {
  it('lists the site title, description, instructions, pages, specifications and external links', () => {
    const text = llmsTxt(small);
    expect(text).toContain(`${SITE_ORIGIN_MARK}/quickstart.md`);
    expect(served(text)).toBe(`# Acme

> Build on the Acme API.

> ## Agent Instructions
> Always cite the API version.
> Prefer the TypeScript SDK.

## Docs

- [Introduction](${ORIGIN}/index.md): What Acme does.
- [Quickstart](${ORIGIN}/quickstart.md)
- [List users \\[beta\\]](${ORIGIN}/api/users.md): Lists the users.
- [Changelog](${ORIGIN}/changelog.md): What changed.
- [zeta notes](${ORIGIN}/zeta.md)

## OpenAPI Specs

- [openapi](${ORIGIN}/openapi.json)
- [billing](https://api.acme.example/v2/billing.yaml)

## AsyncAPI Specs

- [asyncapi](${ORIGIN}/specs/asyncapi.yaml)

## Optional

- [Community](https://acme.example/community)
`);
  });

  it('leaves out what a site does not have', () => {
    expect(llmsTxt(site())).toBe('# Acme\n');
    expect(llmsTxt(site({ pages: [{ route: '/start', title: 'Start', description: '  \n ' }] }))).toBe(
      `# Acme\n\n## Docs\n\n- [Start](${SITE_ORIGIN_MARK}/start.md)\n`,
    );
  });

  it('keeps the navigation order, then lists the other pages alphabetically, whatever order they come in', () => {
    const extraPages = [
      { route: '/b', title: 'page 10', description: '' },
      { route: '/c', title: 'Page 2', description: '' },
      { route: '/a', title: 'apple', description: '' },
      { route: '/d', title: 'Zebra', description: '' },
      { route: '/e', title: 'Apple', description: '' },
    ];
    const pages = [
      { route: '/z', title: 'Zulu', description: '' },
      { route: '/m', title: 'Mike', description: '' },
    ];
    const titles = (text: string) => text.split('\n').flatMap((line) => /^- \[(.*)\]/.exec(line)?.[1] ?? []);
    const text = llmsTxt(site({ pages, extraPages }));
    expect(titles(text)).toEqual(['Zulu', 'Mike', 'apple', 'Apple', 'Page 2', 'page 10', 'Zebra']);
    expect(llmsTxt(site({ pages, extraPages: [...extraPages].reverse() }))).toBe(text);
  });

  it("uses a description's first paragraph on one line, cut at a word within 300 characters with an ellipsis", () => {
    const long = `${'lorem ipsum '.repeat(40)}\n\nSecond paragraph.`;
    const entry = llmsTxt(site({ pages: [{ route: '/long', title: 'Long', description: long }] }))
      .split('\n')
      .find((line) => line.startsWith('- [Long]'))!;
    const description = entry.slice(entry.indexOf('): ') + 3);
    expect(description).toBe(`${'lorem ipsum '.repeat(25).trimEnd()}…`);
    expect(description).toHaveLength(300);

    const exactly300 = `${'a'.repeat(299)}.`;
    expect(llmsTxt(site({ pages: [{ route: '/p', title: 'P', description: exactly300 }] }))).toContain(`): ${exactly300}\n`);
    const noSpaces = '文'.repeat(400);
    expect(llmsTxt(site({ pages: [{ route: '/p', title: 'P', description: noSpaces }] }))).toContain(`): ${'文'.repeat(299)}…\n`);
  });

  it('escapes brackets and backslashes in link text and encodes what would end a link address', () => {
    const text = llmsTxt(
      site({
        pages: [{ route: '/guides/a (draft) page', title: 'C:\\ [x]\nnext', description: '' }],
        externalLinks: [{ title: '[Status]', url: 'https://en.example.org/wiki/Foo_(bar)' }],
      }),
    );
    expect(text).toContain(`- [C:\\\\ \\[x\\] next](${SITE_ORIGIN_MARK}/guides/a%20%28draft%29%20page.md)`);
    expect(text).toContain('- [\\[Status\\]](https://en.example.org/wiki/Foo_%28bar%29)');
    expect(llmsFullTxt(site({ pages: [{ route: '/a (draft)', title: '[x]', description: '' }] }), () => 'Body.')).toContain(
      `# [x]\nSource: ${SITE_ORIGIN_MARK}/a%20%28draft%29\n\nBody.\n`,
    );
  });

  it('shortens descriptions as far as needed, keeping every page, before dropping any', () => {
    for (const [count, length] of [
      [400, 150],
      [900, 60],
      [3_000, 0],
    ] as const) {
      const text = llmsTxt(site({ pages: manyPages(count, 100) }));
      expect(text.length).toBeLessThanOrEqual(LLMS_TXT_LIMIT);
      const entries = docsEntries(text);
      expect(entries).toHaveLength(count);
      expect(entries.at(-1)).toContain(`/p-${count - 1}.md`);
      expect(text).not.toContain('llms-full.txt');
      const descriptions = entries.map((entry) => entry.split('.md): ')[1]);
      if (length === 0) expect(descriptions.every((description) => description === undefined)).toBe(true);
      else
        for (const description of descriptions) {
          expect(description).toMatch(/^word0( word\d+)+…$/);
          expect(description!.length).toBeLessThanOrEqual(length);
          expect(description!.length).toBeGreaterThan(length - 8);
        }
    }
  });

  it('drops pages from the end of a site too large without descriptions, saying how many and where they are', () => {
    const text = llmsTxt(
      site({
        description: 'Acme.',
        pages: manyPages(20_000, 30),
        openApiSpecs: ['openapi.json'],
        externalLinks: [{ title: 'Community', url: 'https://acme.example/community' }],
      }),
    );
    expect(text.length).toBeLessThanOrEqual(LLMS_TXT_LIMIT);
    const entries = docsEntries(text);
    expect(entries.length).toBeGreaterThan(1_000);
    expect(entries).toEqual(entries.map((_, i) => `- [Page ${i}](${SITE_ORIGIN_MARK}/p-${i}.md)`));
    const omitted = (20_000 - entries.length).toLocaleString('en-US');
    expect(text).toContain(
      `- [Page ${entries.length - 1}](${SITE_ORIGIN_MARK}/p-${entries.length - 1}.md)\n` +
        `- [llms-full.txt](${SITE_ORIGIN_MARK}/llms-full.txt): every page; this list leaves out the last ${omitted} pages to stay under 100,000 characters\n\n` +
        `## OpenAPI Specs\n\n- [openapi](${SITE_ORIGIN_MARK}/openapi.json)\n\n## Optional\n\n- [Community](https://acme.example/community)\n`,
    );
    // As many as fit: one more entry would not.
    expect(text.length + `- [Page ${entries.length}](${SITE_ORIGIN_MARK}/p-${entries.length}.md)\n`.length).toBeGreaterThan(LLMS_TXT_LIMIT);
  });

  it('stays within the limit when the links or the site description alone would fill it', () => {
    const links = Array.from({ length: 5_000 }, (_, i) => ({ title: `Link ${i}`, url: `https://acme.example/links/${i}` }));
    const linked = llmsTxt(site({ pages: manyPages(3, 5), externalLinks: links }));
    expect(linked.length).toBeLessThanOrEqual(LLMS_TXT_LIMIT);
    expect(linked).toMatch(/every page; this list leaves out the last 3 pages and \d,\d{3} links to stay under 100,000 characters\n/);

    const wordy = llmsTxt(site({ description: 'word '.repeat(50_000), instructions: ['Cite. '.repeat(20_000)], pages: manyPages(10, 5) }));
    expect(wordy.length).toBeLessThanOrEqual(LLMS_TXT_LIMIT);
    expect(wordy).toMatch(/^# Acme\n\n> word word /);
    expect(docsEntries(wordy)).toHaveLength(10);
  });
});

describe('agent instructions', () => {
  it('quote each line under an Agent Instructions heading, and are nothing when there are none', () => {
    expect(agentInstructionsBlock(['Always cite the API version.', 'Prefer the TypeScript SDK in examples.'])).toBe(
      '> ## Agent Instructions\n> Always cite the API version.\n> Prefer the TypeScript SDK in examples.',
    );
    expect(agentInstructionsBlock(['One string\nof two lines'])).toBe('> ## Agent Instructions\n> One string\n> of two lines');
    expect(agentInstructionsBlock([])).toBe('');
    expect(agentInstructionsBlock(['', '  '])).toBe('');
  });
});

describe('llms-full.txt', () => {
  it('gives each page, in llms.txt order, with its title, address, description and Markdown', () => {
    const bodies: Record<string, string> = {
      '/': '\n\nWelcome to **Acme**.\n',
      '/quickstart': '1. Install.\n\n```bash\nnpm i acme\n```\n\n',
      '/api/users': '`GET /users`',
      '/changelog': '',
      '/zeta': 'Notes.',
    };
    const text = llmsFullTxt(small, (route) => bodies[route]!);
    expect(served(text)).toBe(`# Acme

> Build on the Acme API.

> ## Agent Instructions
> Always cite the API version.
> Prefer the TypeScript SDK.

---

# Introduction
Source: ${ORIGIN}/

> What Acme does.

Welcome to **Acme**.

---

# Quickstart
Source: ${ORIGIN}/quickstart

1. Install.

\`\`\`bash
npm i acme
\`\`\`

---

# List users [beta]
Source: ${ORIGIN}/api/users

> Lists   the
> users.
>
> A second paragraph that llms.txt leaves out.

\`GET /users\`

---

# Changelog
Source: ${ORIGIN}/changelog

> What changed.

---

# zeta notes
Source: ${ORIGIN}/zeta

Notes.
`);
  });

  it('puts 300 pages of 10 kB together, with no size limit', () => {
    const pages = manyPages(300, 20);
    const body = `${'A sentence of documentation. '.repeat(344)}\n`;
    const text = llmsFullTxt(site({ pages }), () => body);
    expect(text.length).toBeGreaterThan(3_000_000);
    expect(text.split('\n---\n')).toHaveLength(301);
  });
});
