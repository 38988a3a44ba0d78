import { createRequire } from 'node:module';
import { escapeHtml } from '../http/html.ts';
import { lookupTable } from '../lookup-table.ts';
import type { IconLibrary } from './render-context.ts';
import { siteImageSrc } from './site-links.ts';

/** An Iconify icon set as its package ships it (@iconify-json/*: icons.json). */
interface IconSet {
  icons: Record<string, { body: string; width?: number; height?: number }>;
  aliases?: Record<string, { parent: string }>;
  width?: number;
  height?: number;
}

type SetName = 'fa6-solid' | 'fa6-regular' | 'fa6-brands' | 'lucide' | 'tabler';

const require = createRequire(import.meta.url);
const sets = new Map<SetName, IconSet>();
/** A set is read the first time a page asks it for an icon (tabler's is 2 MB), then kept. */
const setOf = (name: SetName): IconSet => sets.get(name) ?? sets.set(name, require(`@iconify-json/${name}/icons.json`) as IconSet).get(name)!;

/** Font Awesome's styles by `iconType`; the ones Folio has no set for (light, thin, duotone, sharp) draw as solid. */
const FONT_AWESOME_STYLES = lookupTable<SetName>({ solid: 'fa6-solid', regular: 'fa6-regular', brands: 'fa6-brands' });
const FONT_AWESOME: SetName[] = ['fa6-solid', 'fa6-regular', 'fa6-brands'];

/** The sets a name is looked up in: the library docs.json picks, then the others (a page written for another library still shows its icons). */
function lookupOrder(library: IconLibrary, iconType: string): SetName[] {
  const fontAwesome = [...new Set([FONT_AWESOME_STYLES[iconType] ?? 'fa6-solid', ...FONT_AWESOME])];
  if (library === 'lucide') return ['lucide', 'tabler', ...fontAwesome];
  if (library === 'tabler') return ['tabler', 'lucide', ...fontAwesome];
  return [...fontAwesome, 'lucide', 'tabler'];
}

export interface IconRequest {
  library: IconLibrary;
  /** Font Awesome's style: `regular`, `solid`, `brands`… */
  iconType?: string;
  /** Pixels; otherwise the icon is as tall as the text around it. */
  size?: number;
  /** A CSS colour already checked (components/attributes.ts `cssColor`). */
  color?: string;
  className?: string;
}

/**
 * An icon as a page shows it: a name from an Iconify set drawn as inline SVG (only the icons a page uses
 * reach it), or an image when the page gives a URL or a repository path. Decorative: hidden from assistive
 * technology, since every component says in words what its icon shows. '' for an unknown name.
 */
export function iconHtml(icon: string, request: IconRequest): string {
  const value = icon.trim();
  if (value === '') return '';
  const className = `icon${request.className ? ` ${request.className}` : ''}`;
  const size = request.size ? ` width="${request.size}" height="${request.size}"` : '';
  if (isImageReference(value)) {
    const src = siteImageSrc(value);
    return src ? `<img class="${className}" src="${escapeHtml(src)}" alt=""${size} loading="lazy">` : '';
  }
  const found = findIcon(value.toLowerCase(), lookupOrder(request.library, request.iconType ?? ''));
  if (!found) return '';
  const color = request.color ? ` style="color:${request.color}"` : '';
  return `<svg class="${className}" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${found.width} ${found.height}"${size || ' width="1em" height="1em"'}${color} aria-hidden="true" focusable="false">${found.body}</svg>`;
}

/** A URL or a path (`/images/icon.svg`, `icons/x.png`) rather than a name (`circle-check`). */
const isImageReference = (value: string) => /^(https?:)?\/\//i.test(value) || value.includes('/') || /\.(svg|png|jpe?g|gif|webp|avif|ico)$/i.test(value);

function findIcon(name: string, order: SetName[]): { body: string; width: number; height: number } | undefined {
  if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(name)) return undefined;
  for (const setName of order) {
    const set = setOf(setName);
    const own = Object.hasOwn(set.icons, name) ? name : Object.hasOwn(set.aliases ?? {}, name) ? set.aliases![name]!.parent : undefined;
    const icon = own === undefined ? undefined : set.icons[own];
    if (icon) return { body: icon.body, width: icon.width ?? set.width ?? 16, height: icon.height ?? set.height ?? 16 };
  }
  return undefined;
}
