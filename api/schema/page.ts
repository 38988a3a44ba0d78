import { AppError, invalidInput } from '../errors.ts';
import { pageMarkdownOf, routeOfReadPath } from '../sites/live-page-markdown.ts';
import { publicSiteAddress } from '../sites/site-address.ts';
import { withSiteOrigin } from '../render/site-origin.ts';
import { requireSiteAssistant } from './authorize.ts';
import { builder } from './builder.ts';

/** The longest path a page request may name. */
const MAX_PATH_LENGTH = 1000;

interface PageContentShape {
  path: string;
  content: string;
}

const PageContent = builder.objectRef<PageContentShape>('PageContent').implement({
  description: "A page of a site's live deployment as Markdown, as AI tools read it.",
  fields: (t) => ({
    path: t.exposeString('path', { description: 'The page path that was requested.' }),
    content: t.exposeString('content', {
      description:
        'The whole page as Markdown: its title, description, content (components as Markdown, addresses absolute) and the agent instructions of docs.json.',
    }),
  }),
});

builder.queryField('page', (t) =>
  t.field({
    type: PageContent,
    description: "A page of a site's live deployment by its path (as search results give it; an anchor is ignored). Assistant key of that site.",
    args: {
      domain: t.arg.string({ required: true }),
      path: t.arg.string({ required: true, description: 'The page slug or path: `customize/custom-domain`, `/customize/custom-domain#anchor`.' }),
      groups: t.arg.stringList({
        required: false,
        description: 'Documentation groups the caller may read. Folio sites have no restricted pages: every page is public, so this changes nothing.',
      }),
    },
    resolve: async (_root, args, context) => {
      const project = await requireSiteAssistant(context, args.domain);
      if (args.path.trim() === '') throw invalidInput('path', 'path must not be empty.');
      if (args.path.length > MAX_PATH_LENGTH) throw invalidInput('path', `path must be at most ${MAX_PATH_LENGTH} characters long.`);
      const { keyId } = await context.auth.holder();
      await context.rateLimits.search.consume({ keyId, projectId: project.id, clientAddress: context.clientAddress });
      const route = routeOfReadPath(args.path);
      const page = project.liveDeploymentId ? await pageMarkdownOf(context.db, project.siteId, project.liveDeploymentId, route) : undefined;
      if (!page) {
        throw new AppError('NOT_FOUND', `No page at "${route}" on this site; search for it first and use a result's path.`, { hasMessageField: true });
      }
      return { path: args.path, content: withSiteOrigin(page.markdown, publicSiteAddress(args.domain, context.config)) };
    },
  }),
);
