import { escapeHtml } from '../http/html.ts';
import { inlineMarkdown } from '../render/components/inline-markdown.ts';
import { htmlAtRoute } from '../render/route-marks.ts';
import type { PageHeading } from '../render/headings.ts';
import { endpointHtml } from './endpoint/endpoint-html.ts';
import { forEachRoute, type LoadedSite, type Placement, type SitePage } from './loaded-site.ts';
import { feedPath, hasUpdates, pageAssets } from './page-assets.ts';
import { bannerHtml } from './site-banner.ts';
import type { LayoutLanguage, LayoutVersion, NavItem } from './site-layout.ts';
import { versionLink } from './version-links.ts';

/** How a request reaches the site: under `/sites/{subdomain}` (base) or at the root of its own host (''). */
export interface SiteAddress {
  subdomain: string;
  base: string;
  /** `scheme://host` the site is read at, for the absolute addresses AI tools are given. */
  origin: string;
  /** A branch's preview: every page is noindex. */
  isPreview?: boolean;
}

/** What the page body is, for the page being composed. */
export interface PageBody {
  html: string;
  headings: PageHeading[];
  /** Frontmatter `mode`: '' (sidebar, body, table of contents), `wide` (no table of contents), `custom` (the body alone), `frame` (sidebar and body), `center`. */
  mode?: string;
  /** An API reference page's operation (api/openapi/endpoint.ts), shown above its body with its playground. */
  endpoint?: unknown;
}

const e = escapeHtml;

/**
 * A whole page of the site: the layout (header with tabs, switchers, search and assistant; the
 * sidebar; the table of contents) around the page's stored body. Pure: the same inputs give the same
 * page, which is what the ETag stands for.
 */
export function composePage(site: LoadedSite, address: SiteAddress, page: SitePage | undefined, body: PageBody, siteKey: string): string {
  const { layout } = site;
  const placement = site.placementOf(page);
  const language = layout.languages[placement.language];
  const version = language?.versions[placement.version];
  const tab = version?.tabs[placement.tab];
  const href = (route: string) => `${address.base}${route}`;
  const title = page ? `${page.title} - ${layout.name}` : layout.name;
  const theme = layout.appearance === 'system' ? 'auto' : layout.appearance;
  const filters = [
    page && layout.languages.length > 1 ? ` language="${e(page.language)}"` : '',
    page?.version && (language?.versions.length ?? 0) > 1 ? ` version="${e(page.version)}"` : '',
  ].join('');
  const widget = `domain="${e(address.subdomain)}" api-key="${e(siteKey)}" site-url="${e(address.base || '/')}" theme="${theme}"${filters}`;
  // Without one of its own, an empty icon: browsers would otherwise ask Folio for /favicon.ico.
  const favicon = `<link rel="icon" href="${layout.favicon ? e(assetHref(layout.favicon, address)) : 'data:,'}">`;
  const banner = language?.banner ?? layout.banner;
  const feed = page && hasUpdates(body.html) ? `${address.base}${feedPath(page.route)}` : undefined;
  // Mintlify's page modes (organize/pages): `custom` is the body alone under the navbar, `frame` keeps the
  // sidebar, `center` and `wide` drop the table of contents (`center` the sidebar too).
  const mode = body.mode ?? '';
  const hasSidebar = mode !== 'custom' && mode !== 'center';
  const hasPageHeader = mode !== 'custom' && mode !== 'frame';
  const hasTableOfContents = mode === '';
  // An API page's method, path and playground (api/sites/endpoint/), between the page's header and its body.
  const endpoint = page ? endpointHtml(body.endpoint) : '';
  const assets = pageAssets(endpoint + body.html, { hasDismissibleBanner: banner?.isDismissible === true, feedHref: feed, title });

  // An API page's description comes from its OpenAPI document, which writes Markdown (a page's own is text).
  const document = `<!doctype html>
<html lang="${e(language?.code ?? 'en')}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${e(title)}</title>
${page?.description ? `<meta name="description" content="${e(page.description)}">\n` : ''}${!page || page.isNoindex || address.isPreview ? '<meta name="robots" content="noindex">\n' : ''}${favicon}
<script type="module" src="/widget.js"></script>
${assets ? `${assets}\n` : ''}<style>${site.styles}</style>
${site.cssVersion ? `<link rel="stylesheet" href="${e(`${address.base}/_folio/site.css?v=${site.cssVersion}`)}">\n` : ''}</head>
<body${mode ? ` class="mode-${mode}"` : ''}>
<a class="skip-link" href="#content">Skip to content</a>
${page ? bannerHtml(banner, layout.accent.light) : ''}<header class="site-header">
${brand(site, address)}
${tabsNav(site, placement, href)}
<div class="header-tools">
${versionSwitcher(site, page, placement, href)}${languageSwitcher(site, page, placement, href)}<folio-search ${widget}></folio-search>
<folio-assistant ${widget}></folio-assistant>
${layout.links.map((link) => `<a href="${e(link.href)}" rel="noopener noreferrer">${e(link.label)}</a>`).join('\n')}
</div>
</header>
<div class="site-body">
${
  hasSidebar
    ? `<nav class="sidebar" aria-label="Sidebar">
${tab ? sidebar(site, tab.items, page?.route, href) : ''}
</nav>
`
    : ''
}<main id="content">
<article>
${page && hasPageHeader ? `<header class="page-header">\n<h1>${e(page.title)}</h1>\n${pageMenu(page, address, theme)}${feed ? `<a class="rss-link" href="${e(feed)}">RSS feed</a>\n` : ''}${page.description ? `<p class="description">${body.endpoint ? inlineMarkdown(page.description) : e(page.description)}</p>\n` : ''}</header>\n` : ''}${endpoint}${body.html}
${page && hasPageHeader ? `<folio-page-feedback ${widget} path="${e(page.route)}"></folio-page-feedback>\n` : ''}</article>
${hasPageHeader ? `<footer class="page-footer"><p>${e(layout.name)} · served by Folio</p></footer>\n` : ''}</main>
${hasTableOfContents ? tableOfContents(body.headings) : ''}
</div>
</body>
</html>
`;
  return htmlAtRoute(document, page?.route ?? '/');
}

/** Copy the page as Markdown, view it as Markdown, copy the MCP server's address (widget/elements/folio-page-menu.ts); a plain link without script. */
function pageMenu(page: SitePage, address: SiteAddress, theme: string): string {
  const markdown = `${address.base}${page.route === '/' ? '/index' : page.route}.md`;
  return `<folio-page-menu markdown-url="${e(markdown)}" mcp-url="${e(`${address.origin}${address.base}/mcp`)}" theme="${theme}"><a href="${e(markdown)}">View as Markdown</a></folio-page-menu>\n`;
}

function brand(site: LoadedSite, address: SiteAddress): string {
  const { logo, name } = site.layout;
  const images = [
    logo.light ? `<img class="logo logo-light" src="${e(assetHref(logo.light, address))}" alt="${e(name)}">` : '',
    logo.dark && logo.dark !== logo.light ? `<img class="logo logo-dark" src="${e(assetHref(logo.dark, address))}" alt="${e(name)}">` : '',
  ].join('');
  return `<a class="brand" href="${e(logo.href ?? `${address.base}/`)}">${images || e(name)}</a>`;
}

/** A repository file served by the site (`logo/light.svg` -> `{base}/logo/light.svg`), or an address as it is. */
function assetHref(file: string, address: SiteAddress): string {
  return /^https?:\/\//.test(file) ? file : `${address.base}/${file.split('/').map(encodeURIComponent).join('/')}`;
}

function tabsNav(site: LoadedSite, placement: { language: number; version: number; tab: number }, href: (route: string) => string): string {
  const tabs = site.layout.languages[placement.language]?.versions[placement.version]?.tabs ?? [];
  const links = tabs.flatMap((tab, index) => {
    if (!tab.name) return [];
    const target = tab.href ?? (site.firstRouteOf(tab) ? href(site.firstRouteOf(tab)!) : undefined);
    if (!target) return [];
    return [`<a href="${e(target)}"${index === placement.tab ? ' aria-current="page"' : ''}${tab.href ? ' rel="noopener noreferrer"' : ''}>${e(tab.name)}</a>`];
  });
  return links.length > 1 ? `<nav class="site-tabs" aria-label="Sections">${links.join('')}</nav>` : '';
}

/** The versions docs.json does not hide, each with its tag, each leading to the page being read in that version when it has it. */
function versionSwitcher(site: LoadedSite, page: SitePage | undefined, placement: Placement, href: (route: string) => string): string {
  const language = site.layout.languages[placement.language];
  const current = language?.versions[placement.version];
  const offered = language?.versions.filter((version) => !version.isHidden || version === current) ?? [];
  if (!language || offered.length < 2) return '';
  const tag = (version: LayoutVersion | undefined) => (version?.tag ? ` <span class="version-tag">${e(version.tag)}</span>` : '');
  const items = offered.flatMap((version) => {
    const target = versionLink(site, page?.route, language, current, version);
    return target ? [`<li><a href="${e(href(target))}"${version === current ? ' aria-current="page"' : ''}>${e(version.name)}${tag(version)}</a></li>`] : [];
  });
  return `<details class="switcher"><summary>Version: ${e(current?.name ?? '')}${tag(current)}</summary><ul>${items.join('')}</ul></details>\n`;
}

function languageSwitcher(site: LoadedSite, page: SitePage | undefined, placement: Placement, href: (route: string) => string): string {
  const languages = site.layout.languages;
  if (languages.length < 2) return '';
  const current = languages[placement.language]!;
  const items = languages.flatMap((language) => {
    const target = sameRouteIn(site, page, current, language) ?? site.firstRouteIn(sameVersionIn(site, language, current.versions[placement.version]));
    return target
      ? [
          `<li><a href="${e(href(target))}" lang="${e(language.code)}"${language === current ? ' aria-current="page"' : ''}>${e(languageName(language.code))}</a></li>`,
        ]
      : [];
  });
  return `<details class="switcher"><summary>Language: ${e(languageName(current.code))}</summary><ul>${items.join('')}</ul></details>\n`;
}

/** The page's translation: `/fr/quickstart` for `/quickstart` (the default language has no prefix). */
function sameRouteIn(site: LoadedSite, page: SitePage | undefined, from: LayoutLanguage, to: LayoutLanguage): string | undefined {
  if (!page) return undefined;
  const prefix = (language: LayoutLanguage) => (language === site.layout.languages[0] ? '' : `/${language.code}`);
  const route = page.route;
  const bare = prefix(from) && route.startsWith(`${prefix(from)}/`) ? route.slice(prefix(from).length) : route === prefix(from) ? '/' : route;
  const candidate = `${prefix(to)}${bare === '/' && prefix(to) ? '' : bare}` || '/';
  return site.pages.has(candidate) ? candidate : undefined;
}

/** The version a reader is in, in another language: the one of the same name, else that language's default. */
function sameVersionIn(site: LoadedSite, language: LayoutLanguage, version: LayoutVersion | undefined): LayoutVersion | undefined {
  return language.versions.find((candidate) => version?.name && candidate.name === version.name) ?? site.defaultVersionOf(language);
}

function languageName(code: string): string {
  try {
    return new Intl.DisplayNames([code], { type: 'language' }).of(code) ?? code;
  } catch {
    return code;
  }
}

function sidebar(site: LoadedSite, items: readonly NavItem[], current: string | undefined, href: (route: string) => string): string {
  const list = (entries: readonly NavItem[]): string =>
    `<ul>${entries
      .map((item) => {
        if ('route' in item) {
          const page = site.pages.get(item.route);
          return page ? `<li><a href="${e(href(item.route))}"${item.route === current ? ' aria-current="page"' : ''}>${e(page.navTitle)}</a></li>` : '';
        }
        return hasPages(site, item.items) ? `<li><p class="nav-subgroup">${e(item.group)}</p>${list(item.items)}</li>` : '';
      })
      .join('')}</ul>`;
  const loose: NavItem[] = [];
  const parts: string[] = [];
  const flush = () => {
    if (loose.length > 0) parts.push(`<div class="nav-group">${list(loose.splice(0))}</div>`);
  };
  for (const item of items) {
    if ('group' in item) {
      flush();
      if (hasPages(site, item.items)) parts.push(`<div class="nav-group"><p class="nav-group-title">${e(item.group)}</p>${list(item.items)}</div>`);
    } else {
      loose.push(item);
    }
  }
  flush();
  return parts.join('\n');
}

function hasPages(site: LoadedSite, items: readonly NavItem[]): boolean {
  let found = false;
  forEachRoute(items, (route) => (found ||= site.pages.has(route)));
  return found;
}

function tableOfContents(headings: readonly PageHeading[]): string {
  const entries = headings.filter((heading) => heading.anchor && heading.level >= 2);
  if (entries.length === 0) return '';
  return `<nav class="toc" aria-label="On this page"><p>On this page</p><ul>${entries
    .map((heading) => `<li class="toc-${heading.level}"><a href="#${e(heading.anchor)}">${e(heading.text)}</a></li>`)
    .join('')}</ul></nav>`;
}
