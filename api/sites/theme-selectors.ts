import postcss, { type Root, type Rule } from 'postcss';
import type { SiteLayout } from './site-layout.ts';

/** `html.dark`, `:root.dark`, `.dark`: Mintlify's mark of dark mode, the class it puts on `<html>`. */
const DARK = /^(?:html|:root)?\.dark$/;
/** `html:not(.dark)`, `:not(.dark)`: light mode, by the same mark. */
const LIGHT = /^(?:html|:root)?:not\(\.dark\)$/;

/**
 * A repository stylesheet written for Mintlify's pages, where dark mode is a `dark` class on `<html>`
 * (`.dark .badge {…}`, `html:not(.dark) body {…}`), made to follow Folio's theme, which is the reader's
 * colour scheme unless docs.json fixes one: such a rule applies under `prefers-color-scheme: dark` (or
 * light), always, or never. The rest of the stylesheet is left as written.
 */
export function withSiteTheme(css: string, appearance: SiteLayout['appearance']): string {
  if (!/\.dark\b/.test(css)) return css;
  let root: Root;
  try {
    root = postcss.parse(css);
  } catch {
    return css; // a stylesheet the browser may still read in part: served as written
  }
  root.walkRules((rule) => themeRule(rule, appearance));
  return root.toString();
}

function themeRule(rule: Rule, appearance: SiteLayout['appearance']): void {
  const byScheme: Record<'dark' | 'light' | 'any', string[]> = { dark: [], light: [], any: [] };
  for (const selector of rule.selectors) {
    const [first, ...rest] = selector.trim().split(/\s+/);
    const scheme = DARK.test(first!) ? 'dark' : LIGHT.test(first!) ? 'light' : 'any';
    byScheme[scheme].push(scheme === 'any' ? selector : rest.join(' ') || ':root');
  }
  if (byScheme.dark.length === 0 && byScheme.light.length === 0) return;
  for (const scheme of ['dark', 'light'] as const) {
    if (byScheme[scheme].length === 0) continue;
    if (appearance !== 'system' && appearance !== scheme) continue;
    const copy = rule.clone({ selectors: byScheme[scheme] });
    if (appearance === scheme) {
      rule.before(copy);
    } else {
      const media = postcss.atRule({ name: 'media', params: `(prefers-color-scheme: ${scheme})` });
      media.append(copy);
      rule.before(media);
    }
  }
  if (byScheme.any.length > 0) rule.selectors = byScheme.any;
  else rule.remove();
}
