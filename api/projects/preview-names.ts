import { createHash } from 'node:crypto';
import { isSubdomain } from './subdomain.ts';

/** What separates a preview's slug from its project's subdomain in the preview's domain: `{slug}--{subdomain}`. */
const SEPARATOR = '--';
/** A host-name label holds at most 63 characters. */
const MAX_LABEL = 63;

/**
 * A branch's name as a host-name label, stable for the branch: the branch itself when it already is one
 * (lowercase letters, digits, single inner hyphens), else its letters and digits joined by hyphens and a
 * short hash of the whole name, so that `Feature/New` and `feature-new` do not share a preview.
 */
export function previewSlugOf(branch: string, subdomain: string): string {
  const room = MAX_LABEL - SEPARATOR.length - subdomain.length;
  const isLabel = /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(branch);
  if (isLabel && branch.length <= room) return branch;
  return labelWithHash(branch, branch, room);
}

/**
 * `text`'s letters and digits, lowercase, joined by hyphens and cut to fit, then six hex characters of a
 * hash of `hashed`: at most `maxLength` characters, readable, and distinct for distinct `hashed`.
 */
export function labelWithHash(text: string, hashed: string, maxLength: number): string {
  const hash = createHash('sha256').update(hashed).digest('hex').slice(0, 6);
  const words = text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, Math.max(0, maxLength - hash.length - 1))
    .replace(/-+$/, '');
  return words ? `${words}-${hash}` : hash;
}

/** The domain a preview answers to in the API (search, assistant, page, MCP) and as a host name: `{slug}--{subdomain}`. */
export const previewDomainOf = (slug: string, subdomain: string): string => `${slug}${SEPARATOR}${subdomain}`;

/** The slug and subdomain a preview domain names, or undefined when `domain` is not one. */
export function parsePreviewDomain(domain: string): { slug: string; subdomain: string } | undefined {
  const at = domain.indexOf(SEPARATOR);
  if (at <= 0) return undefined;
  const slug = domain.slice(0, at);
  const subdomain = domain.slice(at + SEPARATOR.length);
  return subdomain ? { slug, subdomain } : undefined;
}

/** What a process keeps a site's search index and pages under: the project's id for its live site, with the slug for a preview. */
export const siteIdOf = (projectId: string, previewSlug?: string): string => (previewSlug ? `${projectId}~${previewSlug}` : projectId);

/**
 * Whether a domain could name a site: a project's subdomain, or a preview's `{slug}--{subdomain}` (which
 * may be longer than a host-name label when the subdomain is long: such a preview is read by path only).
 */
export function isSiteDomain(domain: string): boolean {
  if (isSubdomain(domain)) return true;
  const preview = parsePreviewDomain(domain);
  return preview !== undefined && isSubdomain(preview.slug) && isSubdomain(preview.subdomain);
}
