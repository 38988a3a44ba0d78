import { isObject, type Json, type JsonObject } from './config-refs.ts';
import { upgradeNavigation } from './legacy-navigation.ts';

/** docs.json's themes; a mint.json theme outside them (venus, quill, prism) is read as the default one. */
const THEMES = new Set(['mint', 'maple', 'palm', 'willow', 'linden', 'almond', 'aspen', 'sequoia', 'luma']);
/** The platforms docs.json's `footer.socials` knows (organize/settings-structure). */
const SOCIALS = new Set([
  'x',
  'website',
  'facebook',
  'youtube',
  'discord',
  'slack',
  'github',
  'linkedin',
  'instagram',
  'hacker-news',
  'medium',
  'telegram',
  'twitter',
  'x-twitter',
  'earth-americas',
  'bluesky',
  'threads',
  'reddit',
  'podcast',
]);
/** docs.json keys a mint.json may already hold: kept as they are. */
const SHARED_KEYS = [
  'name',
  'description',
  'logo',
  'favicon',
  'redirects',
  'search',
  'banner',
  'errors',
  'contextual',
  'variables',
  'icons',
  'markdown',
  'thumbnails',
  'interaction',
  'appearance',
  'fonts',
  'styling',
  'navbar',
];
/** mint.json keys read into others (navigation, colors) or with nothing to say. */
const READ_ELSEWHERE = new Set(['$schema', 'navigation', 'tabs', 'anchors', 'topAnchor', 'primaryTab', 'versions']);

/**
 * A legacy mint.json turned into the docs.json Mintlify's upgrade (`mint upgrade`) makes of it, so that
 * every reader of a project reads docs.json only. What docs.json cannot say is left out with a warning.
 * Written from Mintlify's documentation of both files (organize/settings*, the mint.json reference).
 */
export function upgradeLegacyConfig(mint: JsonObject): { config: JsonObject; warnings: string[] } {
  const warnings: string[] = [];
  const config: JsonObject = { $schema: 'https://mintlify.com/docs.json', theme: themeOf(mint.theme, warnings) };
  for (const key of SHARED_KEYS) if (mint[key] !== undefined) config[key] = mint[key];
  const set = (key: string, value: JsonObject | undefined) => {
    if (value && Object.keys(value).length > 0) config[key] = { ...(isObject(config[key]) ? config[key] : {}), ...value };
  };

  set('colors', colorsOf(mint.colors, warnings));
  set('appearance', isObject(mint.modeToggle) ? appearanceOf(mint.modeToggle) : undefined);
  set('background', backgroundOf(mint, warnings));
  set('fonts', isObject(mint.font) ? fontsOf(mint.font) : undefined);
  set('styling', stylingOf(mint));
  set('navbar', navbarOf(mint, warnings));
  const navigation = upgradeNavigation(mint, warnings);
  if (navigation) config.navigation = navigation;
  set('footer', footerOf(mint, warnings));
  set('api', apiOf(mint, warnings));
  set('seo', seoOf(mint));
  set('integrations', { ...(isObject(mint.analytics) ? mint.analytics : {}), ...(isObject(mint.integrations) ? mint.integrations : {}) });

  const read = new Set([...READ_ELSEWHERE, ...SHARED_KEYS, ...HANDLED]);
  for (const key of Object.keys(mint)) {
    if (read.has(key)) continue;
    warnings.push(key in NO_EQUIVALENT ? `"${key}" ${NO_EQUIVALENT[key]}; left out.` : `"${key}" is not a mint.json setting Mintlify upgrades; left out.`);
  }
  return { config, warnings };
}

/** What Mintlify's docs.json has no room for, and why it matters little. */
const NO_EQUIVALENT: Record<string, string> = {
  feedback: 'has no docs.json equivalent (Mintlify sets page feedback in its dashboard)',
  isWhiteLabeled: 'has no docs.json equivalent',
  layout: 'has no docs.json equivalent (docs.json themes set the layout)',
  topbar: 'has no docs.json equivalent (docs.json themes style the navbar)',
  sidebar: 'has no docs.json equivalent (docs.json themes style the sidebar)',
  rounded: 'has no docs.json equivalent (docs.json themes set the corners)',
};
const HANDLED = [
  'theme',
  'colors',
  'modeToggle',
  'background',
  'backgroundImage',
  'font',
  'codeBlock',
  'eyebrow',
  'topbarLinks',
  'topbarCtaButton',
  'footerSocials',
  'footer',
  'api',
  'openapi',
  'metadata',
  'seo',
  'analytics',
  'integrations',
];

function themeOf(theme: Json | undefined, warnings: string[]): string {
  if (typeof theme === 'string' && THEMES.has(theme)) return theme;
  if (theme !== undefined) warnings.push(`the theme ${JSON.stringify(theme)} is not a docs.json theme; read as "mint".`);
  return 'mint';
}

function colorsOf(colors: Json | undefined, warnings: string[]): JsonObject | undefined {
  if (!isObject(colors)) return undefined;
  const out: JsonObject = {};
  for (const [key, value] of Object.entries(colors)) {
    if (key === 'primary' || key === 'light' || key === 'dark') out[key] = value;
    else if (key !== 'background' && key !== 'anchors') warnings.push(`colors.${key} has no docs.json equivalent; left out.`);
  }
  return out;
}

function appearanceOf(modeToggle: JsonObject): JsonObject {
  const mode = modeToggle.default;
  return { ...(mode === 'light' || mode === 'dark' ? { default: mode } : {}), ...(modeToggle.isHidden === true ? { strict: true } : {}) };
}

/** `colors.background`, `backgroundImage` and `background.style` are docs.json's `background`. */
function backgroundOf(mint: JsonObject, warnings: string[]): JsonObject {
  const { style, ...out } = isObject(mint.background) ? mint.background : {};
  if (typeof style === 'string' && ['gradient', 'grid', 'windows'].includes(style)) out.decoration = style;
  else if (style !== undefined) warnings.push(`background.style ${JSON.stringify(style)} has no docs.json equivalent; left out.`);
  const color = isObject(mint.colors) ? mint.colors.background : undefined;
  if (isObject(color)) out.color = color;
  if (typeof mint.backgroundImage === 'string') out.image = mint.backgroundImage;
  return out;
}

/** `font` (one font, or `headings` and `body`): its `url` is docs.json's `source`. */
function fontsOf(font: JsonObject): JsonObject {
  const one = (value: Json | undefined): JsonObject | undefined => {
    if (!isObject(value)) return undefined;
    const { url, ...rest } = value;
    return { ...rest, ...(typeof url === 'string' ? { source: url } : {}) };
  };
  if (isObject(font.headings) || isObject(font.body)) {
    return { ...(font.headings ? { heading: one(font.headings)! } : {}), ...(font.body ? { body: one(font.body)! } : {}) };
  }
  return one(font)!;
}

function stylingOf(mint: JsonObject): JsonObject {
  const out: JsonObject = {};
  if (isObject(mint.codeBlock) && typeof mint.codeBlock.mode === 'string') out.codeblocks = mint.codeBlock.mode === 'dark' ? 'dark' : 'system';
  if (isObject(mint.eyebrow) && typeof mint.eyebrow.display === 'string') out.eyebrows = mint.eyebrow.display;
  return out;
}

/** `topbarLinks` are the navbar's links, `topbarCtaButton` its primary button. */
function navbarOf(mint: JsonObject, warnings: string[]): JsonObject {
  const out: JsonObject = {};
  const links = (Array.isArray(mint.topbarLinks) ? mint.topbarLinks : []).flatMap((link) => {
    const converted = buttonOf(link, 'link');
    if (!converted) warnings.push(`a topbar link without a "url" (${JSON.stringify(link).slice(0, 80)}); left out.`);
    return converted ? [converted] : [];
  });
  if (links.length > 0) out.links = links;
  const primary = mint.topbarCtaButton === undefined ? undefined : buttonOf(mint.topbarCtaButton, 'button');
  if (primary) out.primary = primary;
  else if (mint.topbarCtaButton !== undefined) warnings.push('topbarCtaButton has no "url"; left out.');
  return out;
}

/** `{name, url}` as docs.json's `{label, href}`; a GitHub (or Discord) one keeps its type, which shows the repository. */
function buttonOf(value: Json | undefined, kind: 'link' | 'button'): JsonObject | undefined {
  if (!isObject(value) || typeof value.url !== 'string') return undefined;
  if (value.type === 'github' || value.type === 'discord') return { type: value.type, href: value.url };
  const label = typeof value.name === 'string' ? value.name : value.url;
  return kind === 'button' ? { type: 'button', label, href: value.url } : { label, href: value.url };
}

/** `footerSocials`, an object (`{"github": url}`) or a list (`[{"type": "github", "url": url}]`), is `footer.socials`. */
function footerOf(mint: JsonObject, warnings: string[]): JsonObject {
  const out: JsonObject = isObject(mint.footer) ? { ...mint.footer } : {};
  const entries: [string, Json][] = Array.isArray(mint.footerSocials)
    ? mint.footerSocials.flatMap((entry) => (isObject(entry) && typeof entry.type === 'string' ? [[entry.type, entry.url ?? null] as [string, Json]] : []))
    : isObject(mint.footerSocials)
      ? Object.entries(mint.footerSocials)
      : [];
  const socials: JsonObject = {};
  for (const [platform, url] of entries) {
    if (typeof url !== 'string') continue;
    if (!SOCIALS.has(platform)) warnings.push(`footerSocials: docs.json has no "${platform}" social link; ${url} left out.`);
    else if (socials[platform] !== undefined) warnings.push(`footerSocials: docs.json has one "${platform}" link; ${url} left out, ${socials[platform]} kept.`);
    else socials[platform] = url;
  }
  if (Object.keys(socials).length > 0) out.socials = socials;
  return out;
}

const PLAYGROUND_DISPLAY: Record<string, string> = { show: 'interactive', simple: 'simple', hide: 'none' };

/**
 * `api` and `openapi`: the base URL and auth of MDX API pages (`api.mdx`), the playground, the examples'
 * languages and defaults, expanded parameters; the OpenAPI files (a path or a list) are `api.openapi`.
 */
function apiOf(mint: JsonObject, warnings: string[]): JsonObject {
  const api = isObject(mint.api) ? mint.api : {};
  const out: JsonObject = {};
  if (typeof mint.openapi === 'string' || Array.isArray(mint.openapi)) out.openapi = mint.openapi;
  const mdx: JsonObject = {};
  if (typeof api.baseUrl === 'string' || Array.isArray(api.baseUrl)) mdx.server = api.baseUrl;
  if (isObject(api.auth)) {
    const { inputPrefix, ...auth } = api.auth;
    mdx.auth = auth;
    if (inputPrefix !== undefined) warnings.push('api.auth.inputPrefix has no docs.json equivalent; left out.');
  }
  if (Object.keys(mdx).length > 0) out.mdx = mdx;
  if (isObject(api.playground)) {
    const { mode, disableProxy } = api.playground;
    const playground: JsonObject = {};
    if (typeof mode === 'string' && PLAYGROUND_DISPLAY[mode]) playground.display = PLAYGROUND_DISPLAY[mode]!;
    if (typeof disableProxy === 'boolean') playground.proxy = !disableProxy;
    if (Object.keys(playground).length > 0) out.playground = playground;
  }
  const example = isObject(api.request) && isObject(api.request.example) ? api.request.example : {};
  const examples: JsonObject = {};
  if (Array.isArray(example.languages)) examples.languages = example.languages;
  if (typeof example.showOptionalParams === 'boolean') examples.defaults = example.showOptionalParams ? 'all' : 'required';
  if (Object.keys(examples).length > 0) out.examples = examples;
  if (isObject(api.paramFields) && typeof api.paramFields.expanded === 'string')
    out.params = { expanded: api.paramFields.expanded === 'all' ? 'all' : 'closed' };
  if (api.maintainOrder !== undefined) warnings.push('api.maintainOrder has no docs.json equivalent; left out.');
  for (const key of Object.keys(api)) {
    if (!['baseUrl', 'auth', 'playground', 'request', 'paramFields', 'maintainOrder'].includes(key))
      warnings.push(`api.${key} has no docs.json equivalent; left out.`);
  }
  return out;
}

/** `metadata` (meta tags) is `seo.metatags`; `seo.indexHiddenPages` is `seo.indexing: "all"`. */
function seoOf(mint: JsonObject): JsonObject {
  const seo = isObject(mint.seo) ? mint.seo : {};
  const { indexHiddenPages, ...rest } = seo;
  return {
    ...rest,
    ...(indexHiddenPages === true ? { indexing: 'all' } : {}),
    ...(isObject(mint.metadata) ? { metatags: { ...(isObject(rest.metatags) ? rest.metatags : {}), ...mint.metadata } } : {}),
  };
}
