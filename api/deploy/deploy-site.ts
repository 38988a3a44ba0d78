import { counted } from '../counted.ts';
import { buildAgentTexts } from '../sites/build-agent-texts.ts';
import { buildSite } from '../sites/build-site.ts';
import type { BuiltPages } from './build-pages.ts';

/**
 * Builds a deployment's site beside its pages: the layout, stylesheet and files (build-site.ts), then
 * llms.txt and llms-full.txt (build-agent-texts.ts). Returns what the deployment's log says of them, in
 * order, for the caller to log when it is ready to: the site is built while the search index is.
 */
export async function deploySite(
  input: Parameters<typeof buildSite>[0] & Parameters<typeof buildAgentTexts>[0] & { built: Pick<BuiltPages, 'renderSeconds' | 'hidden' | 'markdownSeconds'> },
): Promise<string[]> {
  const { built } = input;
  const site = await buildSite(input);
  const textsStarted = performance.now();
  const texts = await buildAgentTexts(input);
  const textsSeconds = (performance.now() - textsStarted) / 1000;
  const skipped =
    site.skippedFiles.length > 0 ? `; too large to serve: ${site.skippedFiles.slice(0, 5).join(', ')}${site.skippedFiles.length > 5 ? ', ...' : ''}` : '';
  return [
    `Rendered the changed pages in ${built.renderSeconds.toFixed(2)} s; ${counted(built.hidden, 'hidden page')} outside the navigation served by URL; ${counted(site.storedFiles, 'new image')} stored${skipped}.`,
    `For AI tools: the changed pages' Markdown in ${built.markdownSeconds.toFixed(1)} s; llms.txt (${counted(texts.llmsTxtPages, 'page')}${texts.isCustom.llmsTxt ? ", the repository's own" : ''}) and llms-full.txt (${(texts.llmsFullChars / 1_000_000).toFixed(1)} M characters${texts.isCustom.llmsFullTxt ? ", the repository's own" : ''}) in ${textsSeconds.toFixed(1)} s.`,
  ];
}
