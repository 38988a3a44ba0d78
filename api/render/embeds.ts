/**
 * The video and demo players a page may frame (`<iframe src>`): the ones documentation sites embed.
 * The page's Content-Security-Policy allows exactly these origins in `frame-src` (api/sites/), so an
 * iframe to anywhere else would not load: it is written as a link to its address instead.
 */
export const EMBED_ORIGINS = [
  'https://www.youtube.com',
  'https://youtube.com',
  'https://www.youtube-nocookie.com',
  'https://player.vimeo.com',
  'https://www.loom.com',
  'https://loom.com',
  'https://fast.wistia.net',
  'https://demo.arcade.software',
  'https://app.arcade.software',
  'https://app.supademo.com',
  'https://www.figma.com',
  'https://embed.figma.com',
  'https://codesandbox.io',
  'https://stackblitz.com',
  'https://codepen.io',
] as const;

const ALLOWED = new Set<string>(EMBED_ORIGINS);

/** Whether an iframe's address is one of the embeds the page allows. */
export function isAllowedEmbed(src: string): boolean {
  try {
    const url = new URL(src);
    return url.protocol === 'https:' && ALLOWED.has(url.origin);
  } catch {
    return false;
  }
}

/** The `allow` features an embedded player may ask for (playing, full screen), nothing that reads the device. */
const PLAYER_FEATURES = new Set(['autoplay', 'clipboard-write', 'encrypted-media', 'fullscreen', 'picture-in-picture', 'web-share']);

export function allowedFeatures(allow: string): string {
  return allow
    .split(';')
    .map((feature) => feature.trim())
    .filter((feature) => PLAYER_FEATURES.has(feature.split(/\s/)[0]!))
    .join('; ');
}
