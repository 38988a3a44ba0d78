import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { agentTools, type AgentToolContext } from '../../api/agent/tools.ts';
import { Workspace } from '../../api/agent/workspace.ts';
import { checkProject, readProjectNavigation } from '../../api/deploy/project-reader.ts';
import { CORPUS } from '../support/git-repo.ts';

/** The agent's updateNavigation tool over a real working copy; search and todos are not used by it. */
function navigationTool(files: Record<string, string>) {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-nav-edit-'));
  for (const [file, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), content);
  }
  const workspace = new Workspace(root);
  const context = { workspace, branch: 'docs/edit' } as AgentToolContext;
  const tool = agentTools(context).updateNavigation;
  const run = (change: { action: 'add' | 'remove'; page: string; group?: string; after?: string }) => tool.execute(change, { toolCallId: 'call' });
  return { root, workspace, run, read: (file: string) => fs.readFileSync(path.join(root, file), 'utf8') };
}

const LEGACY = `{
    "name": "Acme",
    "versions": ["v2", "v1"],
    "navigation": [
        { "group": "Start", "pages": ["intro"] },
        { "group": "Old", "version": "v1", "pages": ["old"] }
    ]
}
`;

describe("the agent's navigation edits on a legacy project", () => {
  it('edits mint.json when the project has no docs.json, keeping its indentation, and the deployment reads the result', async () => {
    const edit = navigationTool({ 'mint.json': LEGACY, 'intro.mdx': '# Intro', 'old.mdx': '# Old', 'setup.mdx': '# Setup', 'faq.mdx': '# FAQ' });
    expect(await edit.run({ action: 'add', page: 'setup', group: 'Start', after: 'intro' })).toEqual({
      summary: 'Added "setup" to the group "Start" in mint.json.',
    });
    expect(await edit.run({ action: 'add', page: 'faq', group: 'Help' })).toEqual({ summary: 'Added a group "Help" with "faq" in mint.json.' });
    expect(await edit.run({ action: 'remove', page: 'old' })).toEqual({ summary: 'Removed "old" from the navigation in mint.json.' });
    expect(fs.existsSync(path.join(edit.root, 'docs.json'))).toBe(false);
    expect(edit.read('mint.json')).toMatch(/^\{\n {4}"name": "Acme",/);
    const written = JSON.parse(edit.read('mint.json'));
    expect(written.navigation).toEqual([
      { group: 'Start', pages: ['intro', 'setup'] },
      { group: 'Old', version: 'v1', pages: [] },
      { group: 'Help', pages: ['faq'] },
    ]);
    // Read as a deployment reads it: the new group, without a version, is in every version.
    const navigation = await readProjectNavigation(edit.workspace.projectFiles(), 'branch "docs/edit"');
    expect(navigation.pages.map((page) => `${page.version}:${page.page}`)).toEqual(['v2:intro', 'v2:setup', 'v2:faq', 'v1:intro', 'v1:setup', 'v1:faq']);
    expect((await checkProject(edit.workspace.projectFiles(), 'branch "docs/edit"')).problems).toEqual([]);
  });

  it('says which file it refused to edit', async () => {
    const broken = navigationTool({ 'mint.json': '{ "navigation": [' });
    expect(await broken.run({ action: 'add', page: 'a', group: 'G' })).toEqual({
      error: expect.stringMatching(/^mint\.json is not valid JSON \(.+\); fix it with editPage first\.$/),
    });
    const none = navigationTool({ 'mint.json': '{ "name": "Acme" }' });
    expect(await none.run({ action: 'remove', page: 'a' })).toEqual({ error: 'mint.json has no "navigation".' });
    const docs = navigationTool({ 'docs.json': '{"navigation": {"groups": []}}', 'mint.json': LEGACY });
    expect(await docs.run({ action: 'add', page: 'a', group: 'G' })).toEqual({ summary: 'Added a group "G" with "a" in docs.json.' });
    expect(docs.read('mint.json')).toBe(LEGACY); // docs.json wins when a project has both, as it does for deployments
  });
});

/** What `after` adds to `before`, where it only adds one run of text (else the test fails). */
function insertion(before: string, after: string): string {
  let start = 0;
  while (start < before.length && before[start] === after[start]) start++;
  let end = 0;
  while (end < before.length - start && before[before.length - 1 - end] === after[after.length - 1 - end]) end++;
  expect(before.slice(start, before.length - end), 'text of the file was changed, not only added to').toBe('');
  return after.slice(start, after.length - end);
}

describe('the agent’s navigation edits keep the rest of the file as it was written', () => {
  const corpusFiles = () =>
    Object.fromEntries(['docs.json', 'fr.json', 'es.json', 'zh.json'].map((file) => [file, fs.readFileSync(path.join(CORPUS, file), 'utf8')]));

  it('adds one line to a docs.json laid out by hand (the bundled example), in the group, at its indentation', async () => {
    const edit = navigationTool(corpusFiles());
    const before = edit.read('docs.json');
    expect(await edit.run({ action: 'add', page: 'organize/billing', group: 'Global settings', after: 'organize/settings-api' })).toEqual({
      summary: 'Added "organize/billing" to the group "Global settings" in docs.json.',
    });
    const lines = before.split('\n');
    lines.splice(lines.indexOf('                          "organize/settings-api",') + 1, 0, '                          "organize/billing",');
    expect(edit.read('docs.json')).toBe(lines.join('\n'));
  });

  it('writes a new group on lines of its own, beside the first group, at its indentation', async () => {
    const edit = navigationTool(corpusFiles());
    const before = edit.read('docs.json');
    expect(await edit.run({ action: 'add', page: 'answers/invoices', group: 'Answers' })).toEqual({
      summary: 'Added a group "Answers" with "answers/invoices" in docs.json.',
    });
    const added = insertion(before, edit.read('docs.json'));
    expect(added).toMatch(/^,\n {14}\{\n {16}"group": "Answers",\n {16}"pages": \[\n {18}"answers\/invoices"\n {16}\]\n {14}\}$/);
    for (const file of ['fr.json', 'es.json', 'zh.json']) expect(edit.read(file)).toBe(corpusFiles()[file]);
  });

  it('removes a page from every group that lists it, nested ones and inline lists included', async () => {
    const docs =
      '{\n  "navigation": {\n    "groups": [\n      { "group": "A", "pages": ["x", { "group": "B", "pages": ["x"] }, "y"] },\n      { "group": "C", "pages": [\n        "x"\n      ] }\n    ]\n  }\n}\n';
    const edit = navigationTool({ 'docs.json': docs });
    expect(await edit.run({ action: 'remove', page: 'x' })).toEqual({ summary: 'Removed "x" from the navigation in docs.json.' });
    expect(edit.read('docs.json')).toBe(
      '{\n  "navigation": {\n    "groups": [\n      { "group": "A", "pages": [{ "group": "B", "pages": [] }, "y"] },\n      { "group": "C", "pages": [] }\n    ]\n  }\n}\n',
    );
  });
});
