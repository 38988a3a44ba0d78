import { createHash } from 'node:crypto';
import type { Db } from '../db/database.ts';
import { Redirects } from './redirects.ts';
import { fileTypeOf } from './site-file-types.ts';
import type { LayoutLanguage, LayoutTab, LayoutVersion, NavItem, SiteLayout } from './site-layout.ts';
import { siteStyles } from './site-styles.ts';

/** A page the site serves, with what its navigation and head show. */
export interface SitePage {
  pageId: string;
  route: string;
  title: string;
  /** What the sidebar shows: frontmatter `sidebarTitle`, else the title. */
  navTitle: string;
  description: string;
  language: string;
  version: string;
  /** Outside the sidebar, in a hidden group, or `hidden: true`: served, but marked noindex. */
  isNoindex: boolean;
}

/** Where a page sits in the layout: the sidebar it is shown with. */
export interface Placement {
  language: number;
  version: number;
  tab: number;
}

/**
 * One deployment's site as a web process serves it: its layout, its pages by route, where each page
 * sits, its files by path, redirects and stylesheet. Loaded once per deployment and process (two
 * queries), then shared by every request until the project goes live with another deployment.
 */
export class LoadedSite {
  readonly redirects: Redirects;
  readonly styles: string;
  /** A short hash of the deployment's own stylesheet (site-css.ts) for its address, '' when it has none. */
  readonly cssVersion: string;
  readonly #placements = new Map<string, Placement>();
  readonly #versionRoutes = new WeakMap<LayoutVersion, ReadonlySet<string>>();
  #folderRoutes: Map<string, string> | undefined;

  private constructor(
    readonly deploymentId: string,
    readonly layout: SiteLayout,
    readonly pages: ReadonlyMap<string, SitePage>,
    /** Repository path -> Git blob id, for the files the site serves. */
    readonly files: ReadonlyMap<string, string>,
    /** The deployment's own stylesheet: Tailwind utilities its pages use, the repository's CSS. */
    readonly css: string,
  ) {
    this.redirects = new Redirects(layout.redirects);
    this.styles = siteStyles(layout);
    this.cssVersion = css ? createHash('sha256').update(css).digest('base64url').slice(0, 12) : '';
    for (const [l, language] of layout.languages.entries()) {
      for (const [v, version] of language.versions.entries()) {
        for (const [t, tab] of version.tabs.entries()) {
          forEachRoute(tab.items, (route) => {
            if (!this.#placements.has(route)) this.#placements.set(route, { language: l, version: v, tab: t });
          });
        }
      }
    }
  }

  static async load(db: Db, deploymentId: string): Promise<LoadedSite | undefined> {
    // Routes and the contents they serve apart: a versioned site serves one content at many routes.
    const [build, listed, hidden, deployment] = await Promise.all([
      db.siteBuild.findUnique({ where: { deploymentId }, select: { layout: true, css: true } }),
      db.deploymentPage.findMany({ where: { deploymentId }, select: { route: true, language: true, version: true, pageId: true } }),
      db.hiddenPage.findMany({ where: { deploymentId }, select: { route: true, language: true, pageId: true } }),
      db.deployment.findUnique({ where: { id: deploymentId }, select: { files: true } }),
    ]);
    const contents = await db.page.findMany({
      where: { id: { in: [...new Set([...listed, ...hidden].map((row) => row.pageId))] } },
      select: { id: true, title: true, description: true, isHidden: true, render: { select: { sidebarTitle: true } } },
    });
    if (!build) return undefined; // deployed before sites were rendered
    // Prisma reads JSON columns untyped; buildSite writes this one only from a SiteLayout.
    const layout = build.layout as SiteLayout;
    const inSidebar = new Set<string>();
    for (const language of layout.languages)
      for (const version of language.versions) if (!version.isHidden) for (const tab of version.tabs) forEachRoute(tab.items, (route) => inSidebar.add(route));
    const content = new Map(contents.map((page) => [page.id, page]));
    const pages = new Map<string, SitePage>();
    const add = (row: { route: string; language: string; version?: string; pageId: string }, isHidden: boolean) => {
      const page = content.get(row.pageId);
      if (!page || pages.has(row.route)) return; // the same page in several versions: one URL
      pages.set(row.route, {
        pageId: row.pageId,
        route: row.route,
        title: page.title,
        navTitle: page.render?.sidebarTitle || page.title,
        description: page.description,
        language: row.language,
        version: row.version ?? '',
        isNoindex: isHidden || page.isHidden || !inSidebar.has(row.route),
      });
    };
    for (const row of listed) add(row, false);
    for (const row of hidden) add(row, true);
    const files = new Map<string, string>();
    const specFiles = new Set(layout.specFiles);
    for (const [file, blobId] of Object.entries((deployment?.files ?? {}) as Record<string, string>)) {
      if (fileTypeOf(file, specFiles)) files.set(file, blobId);
    }
    return new LoadedSite(deploymentId, layout, pages, files, build.css);
  }

  /** The sidebar a page is shown with: where the navigation lists it, else its language's default version's first. */
  placementOf(page: SitePage | undefined): Placement {
    const placed = page && this.#placements.get(page.route);
    if (placed) return placed;
    const language = Math.max(
      0,
      this.layout.languages.findIndex((candidate) => candidate.code === page?.language),
    );
    const versions = this.layout.languages[language]?.versions ?? [];
    const version = this.defaultVersionOf(this.layout.languages[language]);
    return { language, version: version ? versions.indexOf(version) : 0, tab: 0 };
  }

  /** The first page of a version (where a switcher sends a reader who has no page of it to go to). */
  firstRouteIn(version: LayoutVersion | undefined): string | undefined {
    return version?.tabs.map((tab) => this.firstRouteOf(tab)).find(Boolean);
  }

  /** The routes a version's sidebar lists. */
  routesIn(version: LayoutVersion): ReadonlySet<string> {
    let routes = this.#versionRoutes.get(version);
    if (!routes) {
      const found = new Set<string>();
      for (const tab of version.tabs) forEachRoute(tab.items, (route) => found.add(route));
      this.#versionRoutes.set(version, (routes = found));
    }
    return routes;
  }

  /** A language's default version: the one docs.json marks `default: true`, else its first. */
  defaultVersionOf(language: LayoutLanguage | undefined): LayoutVersion | undefined {
    return language?.versions.find((version) => version.name === language.defaultVersion) ?? language?.versions[0];
  }

  /** The first page of a tab (where its link goes). */
  firstRouteOf(tab: LayoutTab): string | undefined {
    let first: string | undefined;
    forEachRoute(tab.items, (route) => (first ??= this.pages.has(route) ? route : undefined));
    return first;
  }

  /** The page at a route, the home page at `/` whatever its route. */
  pageAt(route: string): SitePage | undefined {
    return this.pages.get(route) ?? (route === '/' ? this.pages.get(this.homeRoute() ?? '') : undefined);
  }

  /**
   * The first page of the navigation inside a folder (`/guides` → `/guides/setup`): Mintlify sends a
   * folder's address there, and sites link to folders. Undefined when no page of the navigation is in it.
   */
  firstRouteUnder(folder: string): string | undefined {
    if (!this.#folderRoutes) {
      this.#folderRoutes = new Map();
      for (const language of this.layout.languages) {
        for (const version of language.versions) {
          for (const tab of version.tabs) {
            forEachRoute(tab.items, (route) => {
              if (!this.pages.has(route)) return;
              for (let at = route.lastIndexOf('/'); at > 0; at = route.lastIndexOf('/', at - 1)) {
                const prefix = route.slice(0, at);
                if (!this.#folderRoutes!.has(prefix)) this.#folderRoutes!.set(prefix, route);
              }
            });
          }
        }
      }
    }
    return this.#folderRoutes.get(folder);
  }

  /** The site's home: `/` when it is a page, else the first page of the default version's sidebar. */
  homeRoute(): string | undefined {
    if (this.pages.has('/')) return '/';
    return this.firstRouteIn(this.defaultVersionOf(this.layout.languages[0])) ?? this.pages.keys().next().value;
  }
}

export function forEachRoute(items: readonly NavItem[], visit: (route: string) => void): void {
  for (const item of items) {
    if ('route' in item) visit(item.route);
    else if ('items' in item) forEachRoute(item.items, visit);
  }
}
