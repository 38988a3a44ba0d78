/** The page backgrounds the site's CSS uses in each theme (site-styles.ts). */
export const BACKGROUNDS = { light: '#ffffff', dark: '#0f1115' } as const;
/** The backgrounds of what stands out on a page (the sidebar's current page, code): accent text sits on them too. */
export const SURFACES = { light: '#f5f7f9', dark: '#181b21' } as const;
/** WCAG AA for normal text. */
const MIN_CONTRAST = 4.5;

/**
 * A docs.json accent colour made readable as link text on the theme's background and surfaces: darkened
 * (light theme) or lightened (dark theme) step by step until it reaches 4.5:1 on both, so a pale brand colour never
 * makes the site's links unreadable.
 */
export function readableAccent(hex: string, theme: 'light' | 'dark'): string {
  let rgb = parseHex(hex);
  const backgrounds = [BACKGROUNDS[theme], SURFACES[theme]].map((color) => luminance(parseHex(color)));
  const target = theme === 'light' ? [0, 0, 0] : [255, 255, 255];
  const isReadable = () => backgrounds.every((background) => contrast(luminance(rgb), background) >= MIN_CONTRAST);
  for (let step = 0; step < 20 && !isReadable(); step++) {
    rgb = rgb.map((channel, i) => Math.round(channel + (target[i]! - channel) * 0.1));
  }
  return `#${rgb.map((channel) => channel.toString(16).padStart(2, '0')).join('')}`;
}

function parseHex(hex: string): number[] {
  const digits = hex.slice(1);
  const full = digits.length === 3 ? [...digits].map((d) => d + d).join('') : digits;
  return [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16));
}

function luminance([r, g, b]: number[]): number {
  const linear = (channel: number) => {
    const c = channel / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r!) + 0.7152 * linear(g!) + 0.0722 * linear(b!);
}

function contrast(a: number, b: number): number {
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}
