import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { type CommandResult, runFolio } from '../support/folio-process.ts';

/** No DATABASE_URL, no DATA_DIR: `folio check` needs neither. */
const NO_DATABASE = {};
const REAL = fileURLToPath(new URL('../fixtures/real', import.meta.url));

const folders: string[] = [];
afterAll(() => {
  for (const dir of folders) fs.rmSync(dir, { recursive: true, force: true });
});

/** A repository in a temporary folder (`folio check` reads a folder, Git or not); an undefined file is left out. */
function folder(files: Record<string, string | undefined>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-check-'));
  folders.push(dir);
  for (const [file, content] of Object.entries(files)) {
    if (content === undefined) continue;
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), content);
  }
  return dir;
}

const DOCS_JSON = (pages: string[]) =>
  `{
  "name": "Acme",
  "navigation": {
    "groups": [
      { "group": "Guides", "pages": ${JSON.stringify(pages)} }
    ]
  },
  "redirects": [{ "source": "/old", "destination": "/guide" }]
}
`;
const CLEAN = {
  'docs.json': DOCS_JSON(['index', 'guide']),
  'index.mdx':
    '---\ntitle: Home\n---\nimport Intro from "/snippets/intro.mdx";\n\n<Intro />\n\n## Welcome\n\nRead the [guide](/guide#install), the [old page](/old) and [the logo](/logo.svg), or [this](#welcome).\n',
  'guide.mdx': '---\ntitle: Guide\n---\n\n## Install\n\n<Note>\nRun `acme init`; see [home](./index) and [the setup](/guide.md).\n</Note>\n',
  'snippets/intro.mdx': 'Acme makes docs. [Install it](/guide#install).\n',
  'logo.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
};

const check = (dir: string, ...args: string[]) => runFolio(['check', dir, ...args], NO_DATABASE);

describe('folio check', () => {
  it('passes a clean repository: exit 0 and a summary', async () => {
    const result = await check(folder(CLEAN));
    expect(result.stdout).toBe('0 errors, 0 warnings in 2 pages (docs.json).\n');
    expect(result.code).toBe(0);
  });

  it('checks the current folder when given none', async () => {
    const result = await new Promise<CommandResult>((resolve) => {
      const child = spawn(process.execPath, [fileURLToPath(new URL('../../bin/folio.js', import.meta.url)), 'check'], {
        cwd: folder({ ...CLEAN, 'guide.mdx': '# Guide\n\n[gone](/gone)\n' }),
        env: { PATH: process.env.PATH, HOME: process.env.HOME },
      });
      let stdout = '';
      child.stdout.on('data', (chunk) => (stdout += chunk));
      child.on('close', (code) => resolve({ code, stdout, stderr: '' }));
    });
    expect(result.stdout).toContain('guide.mdx:3: broken link "/gone": no page, redirect or file answers /gone');
    expect(result.code).toBe(1);
  });

  it.each([
    [
      'a page the navigation lists that does not exist',
      { 'docs.json': DOCS_JSON(['index', 'guide', 'missing']) },
      'docs.json:5: the navigation lists "missing", which has no .mdx or .md file',
    ],
    [
      'a snippet that does not exist',
      { 'guide.mdx': '---\ntitle: Guide\n---\nimport Gone from "/snippets/gone.mdx";\n\n## Install\n\n<Gone />\n' },
      'guide.mdx:8: snippet snippets/gone.mdx not found; left out',
    ],
    [
      'an unclosed component',
      { 'guide.mdx': '# Guide\n\n## Install\n\n<Steps>\n<Step title="One">\nFirst.\n</Step>\n' },
      'guide.mdx:5: <Steps> is never closed (the page is left out)',
    ],
    [
      'a link to a path no page, redirect or file answers',
      { 'guide.mdx': '# Guide\n\n## Install\n\nSee [the API](/api/users) and <Card title="Setup" href="../setup" />.\n' },
      'guide.mdx:5: broken link "/api/users": no page, redirect or file answers /api/users',
    ],
    ['a docs.json that is not JSON', { 'docs.json': '{\n  "name": "Acme",\n  "navigation": {\n}\n' }, 'docs.json:5: docs.json is not valid JSON'],
  ])('reports %s with its file and line, and exits 1', async (_, change, line) => {
    const result = await check(folder({ ...CLEAN, ...change }));
    expect(result.stdout).toMatch(/^Errors \(\d+\):\n/);
    expect(result.stdout).toContain(`\n${line}`);
    expect(result.stdout).toMatch(/\n\d+ errors?, \d+ warnings? in \d+ pages? \(docs\.json\)\.\n$/);
    expect(result.code).toBe(1);
  });

  it('lists a link to a missing anchor as a warning (the page is reached), and prints JSON for machines', async () => {
    const dir = folder({ ...CLEAN, 'guide.mdx': '# Guide\n\n## Install\n\nBack [home](/#start) or to [install](#install).\n' });
    const result = await check(dir, '--json');
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({
      errors: [],
      warnings: [{ file: 'guide.mdx', line: 5, message: 'broken link "/#start": / has no heading or anchor "#start"' }],
      pages: 2,
      summary: '0 errors, 1 warning in 2 pages (docs.json).',
    });
    const text = await check(dir);
    expect(text.stdout).toBe(
      'Warnings (1):\nguide.mdx:5: broken link "/#start": / has no heading or anchor "#start"\n\n0 errors, 1 warning in 2 pages (docs.json).\n',
    );
  });

  it('reads a legacy mint.json as Mintlify upgrades it, pointing at the settings it leaves out', async () => {
    const mint =
      '{\n  "name": "Acme",\n  "feedback": { "thumbsRating": true },\n  "navigation": [{ "group": "Guides", "pages": ["index", "guide", "gone"] }],\n  "redirects": [{ "source": "/old", "destination": "/guide" }]\n}\n';
    const result = await check(folder({ ...CLEAN, 'docs.json': undefined, 'mint.json': mint }));
    expect(result.stdout).toContain('mint.json:4: the navigation lists "gone", which has no .mdx or .md file');
    expect(result.stdout).toContain('mint.json:3: "feedback" has no docs.json equivalent (Mintlify sets page feedback in its dashboard); left out.');
    expect(result.stdout).toMatch(/1 error, 1 warning in 2 pages \(mint\.json\)\.\n$/);
    expect(result.code).toBe(1);
  });

  it('says so when the folder does not exist, with exit code 2', async () => {
    const result = await check(path.join(os.tmpdir(), 'folio-check-no-such-folder'));
    expect(result.stderr).toBe(`folio: ${path.join(os.tmpdir(), 'folio-check-no-such-folder')} is not a folder.\nRun "folio check --help" for usage.\n`);
    expect(result.code).toBe(2);
  });

  it("finds the real sites' own problems", async () => {
    const fastmcp = await check(path.join(REAL, 'fastmcp'));
    expect(fastmcp.code).toBe(0);
    expect(fastmcp.stdout).toContain(
      'integrations/claude-desktop.mdx:29: broken link "#proxy-servers": /integrations/claude-desktop has no heading or anchor "#proxy-servers"',
    );
    const livepeer = await check(path.join(REAL, 'livepeer-docs'));
    expect(livepeer.code).toBe(1);
    expect(livepeer.stdout).toContain(
      'ai/introduction.mdx:189: broken link "ai/pipelines/overview#warm-models": no page, redirect or file answers /ai/ai/pipelines/overview',
    );
    // A link to a folder leads to its first page, on Folio as on Mintlify: not a problem.
    expect(livepeer.stdout).not.toContain('"/ai/pipelines"');
    expect(livepeer.stdout).toContain(
      'api-reference/generate/upscale.mdx:1: openapi: "POST /api/beta/generate/upscale" names an operation no OpenAPI document of the repository has',
    );
    expect(livepeer.stdout).toContain(
      'api-reference/webhook/overview.mdx:33: <ResponseStatusField> is not a component Mintlify documents or the page defines (2 uses); its content is shown without it',
    );
    expect(livepeer.stdout).toMatch(/\(mint\.json\)\.\n$/);
  });
});
