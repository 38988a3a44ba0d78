import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../api/config.ts';
import { findChromium } from '../../api/browser/find-chromium.ts';

describe('the site settings', () => {
  it('reads SITE_DOMAIN as a host name, and refuses one that is not', () => {
    expect(loadConfig({ SITE_DOMAIN: 'Docs.Example.com.' }).siteDomain).toBe('docs.example.com');
    expect(loadConfig({}).siteDomain).toBeUndefined();
    expect(() => loadConfig({ SITE_DOMAIN: 'https://docs.example.com' })).toThrow(ConfigError);
    expect(() => loadConfig({ SITE_DOMAIN: 'docs example' })).toThrow(/SITE_DOMAIN must be a host name such as docs.example.com, got "docs example"/);
  });

  it('finds the Chromium for screenshots, or says why there is none', () => {
    expect(loadConfig({ CHROMIUM_PATH: '/nonexistent/chromium' }).chromium).toEqual({
      missing: 'CHROMIUM_PATH (/nonexistent/chromium) is not an executable file',
    });
    expect(loadConfig({ PATH: '/nonexistent' }).chromium).toEqual({ missing: 'no Chromium on the PATH (install chromium, or set CHROMIUM_PATH)' });
    const found = findChromium();
    if (found) expect(loadConfig({ PATH: process.env.PATH, CHROMIUM_PATH: process.env.CHROMIUM_PATH }).chromium).toEqual({ path: found });
  });
});
