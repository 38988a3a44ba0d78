import { createProject, type CreatedProject } from '../../api/projects/create-project.ts';
import { deployAndWait } from './deployments.ts';
import { makeRepo } from './git-repo.ts';
import type { TestApp } from './test-app.ts';

/** A small documentation site of three pages, in Mintlify's format. */
export const SMALL_SITE: Record<string, string> = {
  'docs.json': JSON.stringify({
    name: 'Acme Docs',
    navigation: { groups: [{ group: 'Guides', pages: ['quickstart', 'custom-domain', 'fonts'] }] },
  }),
  'quickstart.mdx':
    '---\ntitle: Quickstart\ndescription: Install the CLI and preview your docs.\n---\n\n## Install the CLI\n\nRun `npm i -g acme` to install the Acme CLI.\n\n## Preview locally\n\nRun `acme dev` in the folder with your docs.json to preview your site on port 3000.\n',
  'custom-domain.mdx':
    '---\ntitle: Custom domain\ndescription: Serve your docs on your own domain.\n---\n\n## Configure DNS\n\nAdd a CNAME record pointing `docs` to `cname.acme.dev`. For an apex domain, add an A record to `76.76.21.21` instead.\n\n## Verify\n\nVerification takes up to 24 hours.\n',
  'fonts.mdx':
    '---\ntitle: Fonts\ndescription: Change the typeface of your docs.\n---\n\n## Set a font\n\nSet `fonts.family` in docs.json to any Google font, such as `Inter`.\n',
};

/** Creates a project from `files` and deploys it, failing the test unless the deployment succeeds. */
export async function deployedSite(t: TestApp, subdomain: string, files: Record<string, string> = SMALL_SITE): Promise<CreatedProject> {
  const project = await createProject(t.db, { name: 'Acme Docs', subdomain, repo: makeRepo(files).dir });
  const deployment = await deployAndWait(t, project.projectId);
  if (deployment.status !== 'success') throw new Error(`deployment failed: ${deployment.summary}`);
  return project;
}
