import { beforeAll, describe, expect, it } from 'vitest';
import { createProject } from '../../api/projects/create-project.ts';
import { deployAndWait } from '../support/deployments.ts';
import { makeRepo } from '../support/git-repo.ts';
import { isolatedTestApp, type TestApp } from '../support/test-app.ts';

/** Mintlify's rules for what search finds (organize/hidden-pages in the corpus), through POST /v1/search. */
const isolated = isolatedTestApp({ isWorker: true });
let t: TestApp;
beforeAll(() => {
  t = isolated.app;
});

const page = (title: string, frontmatter = '') => `---\ntitle: ${title}\n${frontmatter}---\nEverything about zephyrs: ${title}.`;

/** A site whose pages all speak of zephyrs, deployed; returns the routes a search for them finds. */
async function searchableRoutes(seo: Record<string, unknown> | undefined) {
  const repo = makeRepo({
    'docs.json': JSON.stringify({
      ...(seo ? { seo } : {}),
      navigation: {
        tabs: [
          { tab: 'Docs', groups: [{ group: 'Guide', pages: ['visible', 'opted-out', 'noindexed', 'hidden-by-frontmatter'] }] },
          {
            tab: 'Help center',
            hidden: true,
            searchable: true,
            groups: [
              { group: 'Articles', pages: ['help/article'] },
              { group: 'Internal', hidden: true, pages: ['help/internal'] },
            ],
          },
          { tab: 'Drafts', hidden: true, groups: [{ group: 'Drafts', pages: ['drafts/idea'] }] },
        ],
      },
    }),
    'visible.mdx': page('Visible'),
    'opted-out.mdx': page('Opted out', 'searchable: false\n'),
    'noindexed.mdx': page('Noindexed', 'noindex: true\n'),
    'hidden-by-frontmatter.mdx': page('Hidden by frontmatter', 'hidden: true\n'),
    'help/article.mdx': page('Help article'),
    'help/internal.mdx': page('Internal help'),
    'drafts/idea.mdx': page('Draft idea'),
    'unlisted.mdx': page('Unlisted'),
    'snippets/part.mdx': 'Zephyrs in a snippet.',
  });
  const project = await createProject(t.db, { name: 'Rules', subdomain: `rules-${Date.now()}-${Math.random().toString(36).slice(2, 6)}`, repo: repo.dir });
  expect((await deployAndWait(t, project.projectId)).status).toBe('success');
  const res = await t.call('POST', `/v1/search/${project.subdomain}`, { key: project.assistantKey, json: { query: 'zephyrs', pageSize: 50 } });
  expect(res.status).toBe(200);
  return (res.body as { path: string }[]).map((r) => r.path).sort();
}

describe('what search finds', () => {
  it('by default: visible pages and the hidden pages of a searchable tab; never searchable: false or noindex', async () => {
    expect(await searchableRoutes(undefined)).toEqual(['/help/article', '/visible']);
  });

  it('with seo.indexing "all": every hidden page too, listed or not, but still not searchable: false or noindex', async () => {
    expect(await searchableRoutes({ indexing: 'all' })).toEqual([
      '/drafts/idea',
      '/help/article',
      '/help/internal',
      '/hidden-by-frontmatter',
      '/unlisted',
      '/visible',
    ]);
  });
});
