import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen, type RunningServer } from '../../api/http/server.ts';
import type { CreatedProject } from '../../api/projects/create-project.ts';
import { runAgentJob } from '../support/agent-job-client.ts';
import { waitForEnd } from '../support/deployments.ts';
import { deployedSite } from '../support/docs-site.ts';
import { startChatServer, type ChatServer } from '../support/openai-chat-server.ts';
import { call, scriptedAgent } from '../support/scripted-agent.ts';
import { isolatedTestApp, type TestApp } from '../support/test-app.ts';

/**
 * The agent's navigation edits on a site whose navigation is split into files, as Mintlify's own docs
 * are: English written in docs.json, French in fr.json that docs.json names by `$ref`. The scripted
 * model creates a page and lists it; the group is edited in the file that holds it.
 */
const page = (title: string, text: string) => `---\ntitle: ${title}\ndescription: ${title}.\n---\n\n## ${title}\n\n${text}\n`;
const FR_JSON = `{
  "language": "fr",
  "groups": [
    { "group": "Premiers pas", "pages": ["fr/quickstart"] },
    { "group": "Référence", "pages": ["fr/fonts"] }
  ]
}
`;
const FILES: Record<string, string> = {
  'docs.json': `${JSON.stringify(
    {
      name: 'Split',
      navigation: {
        languages: [{ language: 'en', groups: [{ group: 'Guides', pages: ['quickstart', 'fonts'] }] }, { $ref: 'fr.json' }],
      },
    },
    null,
    2,
  )}\n`,
  'fr.json': FR_JSON,
  'quickstart.mdx': page('Quickstart', 'Install the CLI with npm.'),
  'fonts.mdx': page('Fonts', 'Set a font family in docs.json.'),
  'fr/quickstart.mdx': page('Démarrage rapide', 'Installez la CLI avec npm.'),
  'fr/fonts.mdx': page('Polices', 'Choisissez une police dans docs.json.'),
};

const finish = () => ({ toolCalls: [call('finish', { title: 'Document billing', summary: 'Added a billing page.' })] });
let chat: ChatServer;
beforeAll(async () => {
  chat = await startChatServer(
    scriptedAgent({
      english: [
        () => ({
          toolCalls: [
            call('createPage', { path: 'billing.mdx', content: page('Billing', 'Download your invoices as PDF from Settings, then Billing.') }),
            call('updateNavigation', { action: 'add', page: 'billing', group: 'Guides', after: 'quickstart' }),
          ],
        }),
        () => ({ toolCalls: [call('validateProject')] }),
        finish,
      ],
      french: [
        () => ({
          toolCalls: [
            call('createPage', { path: 'fr/facturation.mdx', content: page('Facturation', 'Téléchargez vos factures en PDF.') }),
            call('updateNavigation', { action: 'add', page: 'fr/facturation', group: 'Référence' }),
          ],
        }),
        () => ({ toolCalls: [call('validateProject')] }),
        finish,
      ],
      hidden: [
        () => ({ toolCalls: [call('createPage', { path: 'answers/invoices.mdx', content: page('Invoices', 'Invoices are under Settings, then Billing.') })] }),
        () => ({ toolCalls: [call('validateProject')] }),
        finish,
      ],
    }),
  );
});
const isolated = isolatedTestApp({ isWorker: true, env: () => ({ ANSWER_BASE_URL: chat.baseURL, ANSWER_API_KEY: 'k', ANSWER_MODEL: 'scripted' }) });
let t: TestApp;
let server: RunningServer;
let site: CreatedProject;
let repo: string;

beforeAll(async () => {
  t = isolated.app;
  server = await listen(t.app, '127.0.0.1', 0);
  site = await deployedSite(t, 'split-nav', FILES);
  repo = (await t.db.project.findUniqueOrThrow({ where: { id: site.projectId } })).repoUrl;
});
afterAll(async () => {
  await server?.close();
  await chat?.close();
});

const git = (...args: string[]) => execFileSync('git', ['-C', repo, ...args], { encoding: 'utf8' }).trim();
const job = (branch: string, instruction: string) => runAgentJob(server.url, site, { branch, messages: [{ role: 'user', content: instruction }] });

describe('the agent lists a new page in a navigation split into $ref files', () => {
  it('a group written in docs.json, beside a language in fr.json: docs.json is edited, and the preview shows the page in that group', async () => {
    const run = await job('docs/billing', '[english] Document billing.');
    expect(run.toolResults[1]).toEqual({ summary: 'Added "billing" to the group "Guides" in docs.json.' });
    expect(run.job.haultReason).toBe('completed');
    expect(git('diff', '--name-only', 'main...docs/billing').split('\n')).toEqual(['billing.mdx', 'docs.json']);
    const docsJson = JSON.parse(git('show', 'docs/billing:docs.json'));
    expect(docsJson.navigation.languages).toEqual([
      { language: 'en', groups: [{ group: 'Guides', pages: ['quickstart', 'billing', 'fonts'] }] },
      { $ref: 'fr.json' },
    ]);
    // The pull request shows the one line added, not docs.json laid out anew.
    expect(git('diff', '--numstat', 'main...docs/billing', '--', 'docs.json')).toBe('1\t0\tdocs.json');

    const preview = await t.db.deployment.findFirstOrThrow({ where: { projectId: site.projectId, branch: 'docs/billing' } });
    expect((await waitForEnd(t, preview.id)).status).toBe('success');
    const previewUrl = /Its preview \(deploying now\): (\S+)$/.exec(run.job.messageToUser)![1]!;
    const html = await fetch(`${server.url}${new URL(previewUrl).pathname}/billing`).then((res) => res.text());
    expect(html).toMatch(/<p class="nav-group-title">Guides<\/p>[\s\S]*quickstart[\s\S]*aria-current="page">Billing<\/a>[\s\S]*fonts/);
    expect(run.job.messageToUser).not.toContain('not in the navigation');
  });

  it('a group inside fr.json: fr.json is edited, docs.json is not', async () => {
    const run = await job('docs/facturation', '[french] Documenter la facturation.');
    expect(run.toolResults[1]).toEqual({ summary: 'Added "fr/facturation" to the group "Référence" in fr.json.' });
    expect(run.toolResults[2]).toMatchObject({ ok: true, problems: [] });
    expect(run.job.haultReason).toBe('completed');
    expect(git('diff', '--name-only', 'main...docs/facturation').split('\n')).toEqual(['fr.json', 'fr/facturation.mdx']);
    expect(git('diff', '--numstat', 'main...docs/facturation', '--', 'fr.json')).toBe('1\t1\tfr.json'); // "fr/fonts" gains a comma
    expect(JSON.parse(git('show', 'docs/facturation:fr.json')).groups).toEqual([
      { group: 'Premiers pas', pages: ['fr/quickstart'] },
      { group: 'Référence', pages: ['fr/fonts', 'fr/facturation'] },
    ]);
  });
});

describe('a page the agent leaves outside the navigation', () => {
  it('is named in the job’s message as hidden and not searchable, and in its project check', async () => {
    const run = await job('docs/invoices', '[hidden] Answer where invoices are.');
    const note =
      '"answers/invoices" is not in the navigation: it is a hidden page, served at its address but not searchable, so search and the assistant do not find it. Add it to the navigation to publish it.';
    expect(run.toolResults[1]).toMatchObject({ ok: true, warnings: [note] });
    expect(run.job).toMatchObject({ haultReason: 'completed', pullRequestLink: expect.any(String) });
    const opening = `Added a billing page. ${note} Opened a draft pull request for review: ${run.job.pullRequestLink}`;
    expect(run.job.messageToUser.slice(0, opening.length)).toBe(opening);
  });
});
