import { lookupTable } from '../../lookup-table.ts';
import { iconHtml } from '../icons.ts';
import { isExternal, siteHref, siteImageSrc } from '../site-links.ts';
import { attr, type ComponentTag, componentIcon, flag, text } from './attributes.ts';
import { CALLOUT_KINDS, calloutIcon } from './callouts.ts';
import { element, type Rendering, wrapper } from './rendering.ts';

/** Columns in a grid: 1 to 4, two unless the page says. */
function cols(tag: ComponentTag, fallback = 2): string {
  const value = Number(attr(tag, 'cols'));
  return String(Number.isInteger(value) && value >= 1 && value <= 4 ? value : fallback);
}

/** A link the card's whole surface follows (site-styles stretch it), or undefined for a card that leads nowhere. */
function cardLink(tag: ComponentTag, label: string): string | undefined {
  const href = siteHref(attr(tag, 'href'));
  if (!href) return undefined;
  return `<a class="card-link" href="${text(href)}"${isExternal(href) ? ' rel="noopener noreferrer"' : ''}>${text(label)}</a>`;
}

const arrowIcon = (isOutward: boolean) => iconHtml(isOutward ? 'arrow-up-right' : 'arrow-right', { library: 'lucide', className: 'card-arrow' });

/**
 * A card: its image on top, its icon, its title (a link when it has `href`, which the whole card
 * follows), its content, and a call to action (`cta`) with an arrow (`arrow`; by default only for links
 * that leave the site). `horizontal` lays icon and text side by side; `type` gives it a callout's colours
 * and icon.
 */
const card: Rendering = {
  open(tag, frame, isBlock) {
    const block = element(isBlock);
    const type = attr(tag, 'type').toLowerCase();
    const kind = Object.keys(CALLOUT_KINDS).find((name) => name.toLowerCase() === type && name !== 'Callout' && name !== 'Banner');
    const classes = ['card', flag(tag, 'horizontal') ? 'card-horizontal' : '', kind ? `card-${type}` : ''].filter(Boolean).join(' ');
    const image = siteImageSrc(attr(tag, 'img'));
    const icon = componentIcon(tag) || (kind ? calloutIcon(kind) : '');
    const title = attr(tag, 'title');
    const href = siteHref(attr(tag, 'href'));
    const isArrow = flag(tag, 'arrow') ?? (href !== undefined && isExternal(href));
    const cta = attr(tag, 'cta');
    // Without a title, the call to action (or a plain "Read more") carries the link.
    frame.data.footer =
      cta || isArrow || (!title && href)
        ? `<${isBlock ? 'p' : 'span'} class="card-cta">${!title && href ? cardLink(tag, cta || 'Read more') : text(cta)}${isArrow && href ? arrowIcon(isExternal(href)) : ''}</${isBlock ? 'p' : 'span'}>`
        : '';
    return `<${block} class="${classes}">${image && isBlock ? `<img class="card-image" src="${text(image)}" alt="" loading="lazy">` : ''}${icon ? `<span class="card-icon">${icon}</span>` : ''}<${block} class="card-text">${title ? `<${isBlock ? 'p' : 'strong'} class="card-title">${(href && cardLink(tag, title)) || text(title)}</${isBlock ? 'p' : 'strong'}>` : ''}`;
  },
  close: (_tag, frame, isBlock) => `${frame.data.footer}</${element(isBlock)}></${element(isBlock)}>`,
};

/** A tile: its preview (the children), then its title (a link the whole tile follows) and description. */
const tile: Rendering = {
  open(tag, frame, isBlock) {
    const title = attr(tag, 'title');
    const description = attr(tag, 'description');
    const line = isBlock ? 'p' : 'span';
    frame.data.footer = `${title ? `<${line} class="tile-title">${cardLink(tag, title) ?? text(title)}</${line}>` : ''}${description ? `<${line} class="tile-description">${text(description)}</${line}>` : ''}`;
    return `<${element(isBlock)} class="tile"><${element(isBlock)} class="tile-preview">`;
  },
  close: (_tag, frame, isBlock) => `</${element(isBlock)}>${frame.data.footer}</${element(isBlock)}>`,
};

/** `owner/name` from `owner/name` or `https://github.com/owner/name/…`; undefined for anything else. */
export function repository(value: string): string | undefined {
  const match = /^(?:https?:\/\/(?:www\.)?github\.com\/)?([\w.-]+)\/([\w.-]+?)(?:\.git)?(?:[/?#].*)?$/i.exec(value.trim());
  return match ? `${match[1]}/${match[2]}` : undefined;
}

/**
 * A repository card. Mintlify fetches its description, stars and forks from GitHub when the page loads;
 * Folio's pages call nothing outside, so the card names the repository and links to it.
 */
const gitHubRepo: Rendering = {
  open(tag, _frame, isBlock) {
    const repo = repository(attr(tag, 'repo'));
    const variant = attr(tag, 'variant') === 'flat' ? 'flat' : 'inset';
    const inner = isBlock ? 'p' : 'span';
    const name = repo
      ? `<a href="https://github.com/${text(repo)}" rel="noopener noreferrer">${text(repo)}</a>`
      : text(attr(tag, 'repo') || 'GitHub repository');
    return `<${element(isBlock)} class="github-repo github-repo-${variant}"><span class="github-repo-icon">${iconHtml('github', { library: 'fontawesome', iconType: 'brands' })}</span><${inner} class="github-repo-name">${name}</${inner}><${inner} class="github-repo-host">GitHub repository</${inner}>`;
  },
  close: (_tag, _frame, isBlock) => `</${element(isBlock)}>`,
};

const grid = (className: string, fallback: number): Rendering => ({
  open: (tag, _frame, isBlock) => `<${element(isBlock)} class="${className}" data-cols="${cols(tag, fallback)}">`,
  close: (_tag, _frame, isBlock) => `</${element(isBlock)}>`,
});

export const CARDS = lookupTable<Rendering>({
  Card: card,
  CardGroup: grid('card-group', 2),
  Columns: grid('card-group', 2),
  Tiles: grid('card-group', 3),
  Column: wrapper('column'),
  Tile: tile,
  Panel: wrapper('panel'),
  'GitHub.Repo': gitHubRepo,
});
