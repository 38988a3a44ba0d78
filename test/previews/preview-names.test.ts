import { describe, expect, it } from 'vitest';
import { isSiteDomain, parsePreviewDomain, previewDomainOf, previewSlugOf } from '../../api/projects/preview-names.ts';
import { publicPreviewAddress, siteAddressOf } from '../../api/sites/site-address.ts';

describe('a preview’s names', () => {
  it('keeps a branch that is already a host-name label, and makes any other one a stable, distinct label', () => {
    expect(previewSlugOf('new-billing', 'acme')).toBe('new-billing');
    const slash = previewSlugOf('folio/fix-Gap', 'acme');
    expect(slash).toMatch(/^folio-fix-gap-[0-9a-f]{6}$/);
    expect(previewSlugOf('folio/fix-Gap', 'acme')).toBe(slash);
    expect(previewSlugOf('folio/fix-gap', 'acme')).not.toBe(slash);
    expect(previewSlugOf('a--b', 'acme')).toMatch(/^a-b-[0-9a-f]{6}$/);
    expect(previewSlugOf('日本語', 'acme')).toMatch(/^[0-9a-f]{6}$/);
    const long = previewSlugOf(`feature-${'x'.repeat(80)}`, 'acme-docs');
    expect(previewDomainOf(long, 'acme-docs').length).toBeLessThanOrEqual(63);
    expect(previewDomainOf(long, 'acme-docs')).toMatch(/^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/);
  });

  it('is read by path when its domain would be longer than a host-name label', () => {
    const subdomain = 'a'.repeat(60);
    const slug = previewSlugOf('new-billing', subdomain);
    expect(slug).toMatch(/^[0-9a-f]{6}$/);
    expect(isSiteDomain(previewDomainOf(slug, subdomain))).toBe(true);
    expect(isSiteDomain('x--')).toBe(false);
    const hosts = { siteDomain: 'docs.example.com', publicUrl: 'https://folio.example.com' };
    expect(publicPreviewAddress(subdomain, 'new-billing', hosts)).toBe(`https://folio.example.com/sites/${subdomain}/~preview/${slug}`);
  });

  it('reads a preview domain back into its slug and subdomain', () => {
    expect(parsePreviewDomain('new-billing--acme-docs')).toEqual({ slug: 'new-billing', subdomain: 'acme-docs' });
    expect(parsePreviewDomain('acme-docs')).toBeUndefined();
    expect(parsePreviewDomain('--acme')).toBeUndefined();
    expect(parsePreviewDomain('x--')).toBeUndefined();
  });

  it('is addressed under its project’s path, and by host name under SITE_DOMAIN', () => {
    const paths = { siteDomain: undefined, publicUrl: 'https://folio.example.com' };
    expect(siteAddressOf(new URL('https://folio.example.com/sites/acme/~preview/new-billing/billing'), paths)).toEqual({
      address: { subdomain: 'new-billing--acme', base: '/sites/acme/~preview/new-billing', origin: 'https://folio.example.com' },
      path: '/billing',
    });
    expect(siteAddressOf(new URL('https://folio.example.com/sites/acme/billing'), paths)?.address.subdomain).toBe('acme');
    expect(publicPreviewAddress('acme', 'new-billing', paths)).toBe('https://folio.example.com/sites/acme/~preview/new-billing');

    const hosts = { siteDomain: 'docs.example.com', publicUrl: 'https://folio.example.com' };
    expect(siteAddressOf(new URL('https://new-billing--acme.docs.example.com/billing'), hosts)).toEqual({
      address: { subdomain: 'new-billing--acme', base: '', origin: 'https://new-billing--acme.docs.example.com' },
      path: '/billing',
    });
    expect(publicPreviewAddress('acme', 'new-billing', hosts)).toBe('https://new-billing--acme.docs.example.com');
  });
});
