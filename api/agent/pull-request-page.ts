import markdownIt from 'markdown-it';
import type { Db } from '../db/database.ts';
import { notFound } from '../errors.ts';
import { escapeHtml, htmlResponse } from '../http/html.ts';

/**
 * A description as GitHub shows it (Markdown, tables included: a gap fix's check), with no raw HTML: it
 * holds the model's words, so everything is escaped and links are markdown-it's safe ones.
 */
const DESCRIPTION = markdownIt({ html: false, linkify: false, breaks: true });

/** The page of a pull request Folio keeps (for repositories not on GitHub): title, state, description and diff. */
export async function pullRequestPage(db: Db, id: string): Promise<Response> {
  const pull = /^[0-9a-f]{32}$/.test(id)
    ? await db.pullRequest.findUnique({ where: { id }, include: { project: { select: { name: true, repoUrl: true } } } })
    : null;
  if (!pull) throw notFound('No such pull request.');
  const diff = pull.diff
    .split('\n')
    .map((line) => {
      const kind =
        line.startsWith('+++') || line.startsWith('---')
          ? 'file'
          : line.startsWith('+')
            ? 'add'
            : line.startsWith('-')
              ? 'del'
              : line.startsWith('@@')
                ? 'hunk'
                : line.startsWith('diff ')
                  ? 'head'
                  : '';
      return `<span class="${kind}">${escapeHtml(line)}</span>`;
    })
    .join('\n');
  const description = DESCRIPTION.render(pull.description);
  return htmlResponse(`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(pull.title)} · ${escapeHtml(pull.project.name)}</title>
<style>
  :root { color-scheme: light dark; --add: #1a7f37; --del: #cf222e; --muted: #6e7781; }
  body { font: 16px/1.5 system-ui, sans-serif; max-width: 60rem; margin: 2rem auto; padding: 0 1rem; }
  .state { display: inline-block; padding: 0.1rem 0.6rem; border-radius: 1rem; font-size: 0.85rem; border: 1px solid var(--muted); }
  .meta { color: var(--muted); }
  pre { overflow-x: auto; border: 1px solid var(--muted); border-radius: 6px; padding: 0.75rem; font-size: 0.85rem; line-height: 1.4; }
  table { border-collapse: collapse; } th, td { border: 1px solid var(--muted); padding: 0.3rem 0.6rem; text-align: left; }
  .add { color: var(--add); } .del { color: var(--del); } .hunk { color: var(--muted); } .head, .file { font-weight: 600; }
</style>
</head>
<body>
<main>
<h1>${escapeHtml(pull.title)}</h1>
<p><span class="state">${pull.isDraft ? 'Draft' : 'Open'}</span> <span class="meta">${escapeHtml(pull.project.name)}: merge <code>${escapeHtml(pull.branch)}</code> into <code>${escapeHtml(pull.baseBranch)}</code> of ${escapeHtml(pull.project.repoUrl)}, opened ${pull.createdAt.toISOString().slice(0, 16).replace('T', ' ')} UTC by the Folio agent.</span></p>
<h2>Description</h2>
${description}
<h2>Changes</h2>
<p class="meta">${escapeHtml(pull.baseSha.slice(0, 7))}…${escapeHtml(pull.headSha.slice(0, 7))}. To merge: <code>git merge ${escapeHtml(pull.branch)}</code> on ${escapeHtml(pull.baseBranch)}.</p>
<pre>${diff}</pre>
</main>
</body>
</html>
`);
}
