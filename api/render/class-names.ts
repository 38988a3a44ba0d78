/** More than this many names on one page is not a real page's styling: the rest are not styled. */
const MAX_CLASS_NAMES = 5_000;

/**
 * The class names a page's HTML uses (`class="flex gap-4 dark:bg-zinc-800"`), each once: what the site's
 * Tailwind stylesheet is made for (api/sites/site-css.ts).
 */
export function classNamesOf(html: string): string[] {
  const names = new Set<string>();
  for (const match of html.matchAll(/ class="([^"]*)"/g)) {
    for (const name of decode(match[1]!).split(/\s+/)) {
      if (name && names.size < MAX_CLASS_NAMES) names.add(name);
    }
  }
  return [...names];
}

const decode = (text: string) =>
  text.includes('&') ? text.replace(/&(amp|quot|#39|lt|gt);/g, (_, entity: string) => ({ amp: '&', quot: '"', '#39': "'", lt: '<', gt: '>' })[entity]!) : text;
