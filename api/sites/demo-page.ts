import type { Services } from '../services.ts';
import { notFound } from '../errors.ts';
import { escapeHtml, htmlResponse } from '../http/html.ts';
import { siteKeyOf } from './site-key.ts';

/** Scripts and requests of the page's own origin only: the widget and Folio's API. */
const WIDGET_PAGE_POLICY =
  "default-src 'none'; script-src 'self'; connect-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/**
 * A page that shows a site's search and assistant working, with the widget's one script tag and the
 * site's published key (usable only from this server's pages), right after a deployment.
 */
export async function demoPage({ db, sites }: Pick<Services, 'db' | 'sites'>, subdomain: string): Promise<Response> {
  const project = await sites.find(subdomain);
  if (!project) throw notFound(`No documentation site with domain "${subdomain}".`);
  const key = await siteKeyOf(db, project.id);
  const name = escapeHtml(project.name);
  const attributes = `domain="${escapeHtml(subdomain)}" api-key="${escapeHtml(key)}"`;
  return htmlResponse(
    `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${name}: search and assistant</title>
<script type="module" src="/widget.js"></script>
<style>
  :root { color-scheme: light dark; }
  body { font: 16px/1.6 system-ui, sans-serif; max-width: 44rem; margin: 3rem auto; padding: 0 1rem; }
  .bar { display: flex; gap: 1rem; align-items: center; margin: 2rem 0; }
  code { font-size: 0.9em; }
</style>
</head>
<body>
<main>
<h1>${name}</h1>
<p>${project.liveDeploymentId ? 'Search the docs, or ask the assistant: its answers cite the pages they come from.' : 'Nothing is deployed yet: deploy the project, then search and ask here.'}</p>
<div class="bar">
<folio-search ${attributes}></folio-search>
<folio-assistant ${attributes}></folio-assistant>
</div>
<p>On any page of your own: <code>&lt;script type="module" src="…/widget.js"&gt;&lt;/script&gt;</code>, then <code>&lt;folio-search domain="${escapeHtml(subdomain)}" api-key="…"&gt;</code> and <code>&lt;folio-assistant …&gt;</code> with an assistant key (docs/widget.md).</p>
</main>
</body>
</html>
`,
    { policy: WIDGET_PAGE_POLICY },
  );
}
