import { createHash } from 'node:crypto';
import { isObject, type Json } from '../mintlify/config-refs.ts';
import { inlineMarkdown } from '../render/components/inline-markdown.ts';
import { readableAccent } from './theme-colors.ts';

/** docs.json `banner` (or a language's, in `navigation.languages`): an announcement above every page. */
export type SiteBanner = {
  /** Markdown: links, bold, italic. */
  content: string;
  isDismissible: boolean;
  type: 'info' | 'warning' | 'critical';
  /** Backgrounds for white text, each already made dark enough to read it (4.5:1). */
  background?: { light: string; dark: string };
};

const HEX = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i;
/** Amber and red that white text reads on at 5:1 and 6.5:1. */
const TYPE_BACKGROUNDS = { warning: '#b45309', critical: '#b91c1c' } as const;

export function readBanner(value: Json | undefined): SiteBanner | undefined {
  if (!isObject(value) || typeof value.content !== 'string' || value.content.trim() === '') return undefined;
  const type = value.type === 'warning' || value.type === 'critical' ? value.type : 'info';
  const color = value.color;
  const hex = (candidate: Json | undefined) => (typeof candidate === 'string' && HEX.test(candidate) ? readableAccent(candidate, 'light') : undefined);
  const light = typeof color === 'string' ? hex(color) : isObject(color) ? (hex(color.light) ?? hex(color.dark)) : undefined;
  const dark = typeof color === 'string' ? hex(color) : isObject(color) ? (hex(color.dark) ?? hex(color.light)) : undefined;
  return { content: value.content.slice(0, 2_000), isDismissible: value.dismissible === true, type, background: light && dark ? { light, dark } : undefined };
}

/**
 * The banner above a page's header, its text white on the brand colour (`info`, the accent that reads on
 * white), amber (`warning`), red (`critical`) or docs.json's own `color`. A dismissible one carries a key of
 * its content: the site script adds the close button and keeps it closed until the content changes.
 */
export function bannerHtml(banner: SiteBanner | undefined, accent: string): string {
  if (!banner) return '';
  const background =
    banner.background ??
    (banner.type === 'info' ? { light: accent, dark: accent } : { light: TYPE_BACKGROUNDS[banner.type], dark: TYPE_BACKGROUNDS[banner.type] });
  const key = createHash('sha256').update(banner.content).digest('base64url').slice(0, 12);
  return `<div class="site-banner" role="region" aria-label="Announcement" style="--banner-light:${background.light};--banner-dark:${background.dark}"${banner.isDismissible ? ` data-dismissible="${key}"` : ''}><p>${inlineMarkdown(banner.content)}</p></div>\n`;
}
