/** The audit's checks, in the order the report lists them. */
export const CHECKS = {
  'llms-links': 'every page listed in llms.txt answers 200',
  'raw-markup': 'no raw HTML, JSX or Markdown shows as text',
  'prose-coverage': "≥ 90% of each page's source words are on the page",
  openapi: 'every OpenAPI operation has a page that shows it',
  'unknown-components': 'no component Mintlify documents is unknown to the deployment',
  accessibility: 'axe finds no violation (home and an API page, light and dark)',
} as const;

export type CheckId = keyof typeof CHECKS;

/** One place where a site's rendering falls short. */
export interface Finding {
  check: CheckId;
  site: string;
  /** The page's route ('' for the site as a whole). */
  route: string;
  what: string;
  detail: string;
  /** How bad it is, to list the worst first (bigger is worse; comparable within one check). */
  weight: number;
}

/** A finding maker for one check of one site. */
export const findingsOf =
  (check: CheckId, site: string) =>
  (route: string, what: string, detail = '', weight = 1): Finding => ({ check, site, route, what, detail, weight });

/** The weight of a finding that says a whole check could not look (no llms.txt, "0 of 706 operations"): listed first. */
export const SITE_WIDE = 1e9;
