import { createHash } from 'node:crypto';
import postcss from 'postcss';
import tailwindcss, { type Config } from 'tailwindcss';
import type { SiteLayout } from './site-layout.ts';
import { withSiteTheme } from './theme-selectors.ts';
import { BoundedMap } from '../bounded-map.ts';

/** The repository's own stylesheets are kept up to this much in all (a docs site's are a few KB). */
export const MAX_CUSTOM_CSS_BYTES = 1024 * 1024;

/**
 * A deployment's own stylesheet, served beside its pages: the Tailwind utilities its pages use in
 * `className` (Mintlify styles pages with Tailwind 3, so the same compiler and version make the same
 * CSS), then the repository's `.css` files, which Mintlify applies to every page (their dark-mode rules
 * made to follow Folio's theme: theme-selectors.ts). Utilities
 * are scoped to the page's content (`#content`) and win over the site's own element styles there, as
 * they do on Mintlify; `dark:` follows the site's theme. No preflight: the site keeps its base styles.
 */
export async function siteCss(input: SiteCssInput): Promise<string> {
  // A redeployment that changes a few pages usually uses the same classes: its CSS is the one made before.
  const key = createHash('sha256').update(JSON.stringify(input)).digest('hex');
  return made.get(key) ?? made.set(key, await cssOf(input));
}

interface SiteCssInput {
  classes: readonly string[];
  customCss: readonly { file: string; text: string }[];
  appearance: SiteLayout['appearance'];
}

/** The stylesheets this process made lately, by a hash of what they were made of. */
const made = new BoundedMap<string, string>(16);

async function cssOf(input: SiteCssInput): Promise<string> {
  const parts: string[] = [];
  if (input.classes.length > 0) {
    const config: Config = {
      content: [{ raw: input.classes.join(' '), extension: 'html' }],
      corePlugins: { preflight: false },
      important: '#content',
      darkMode: input.appearance === 'dark' ? ['variant', '&'] : input.appearance === 'light' ? ['variant', '&:not(&)'] : 'media',
    };
    const result = await postcss([tailwindcss(config)]).process('@tailwind base;\n@tailwind components;\n@tailwind utilities;\n', { from: undefined });
    parts.push(result.css);
  }
  for (const { file, text } of input.customCss) parts.push(`/* ${file.replaceAll('*/', '* /')} */\n${withSiteTheme(text, input.appearance)}`);
  return parts.join('\n');
}
