import { describe, expect, it } from 'vitest';
import { htmlAtRoute } from '../../api/render/route-marks.ts';
import { bannerHtml, readBanner } from '../../api/sites/site-banner.ts';
import { readSiteLayout } from '../../api/sites/site-layout.ts';
import { feedItems, rssXml } from '../../api/sites/rss-feed.ts';
import { parsePage } from '../../api/mintlify/mdx/parse-page.ts';
import { renderPage } from '../../api/render/render-page.ts';

describe("docs.json's banner", () => {
  it('is read globally and per language, the language’s own first', () => {
    const layout = readSiteLayout(
      {
        banner: { content: 'Version 2 is live!', dismissible: true },
        navigation: {
          languages: [
            { language: 'en', banner: { content: 'English **news**', type: 'warning' }, pages: ['index'] },
            { language: 'es', pages: ['es/index'] },
          ],
        },
      },
      { language: 'en', versions: {} },
      () => false,
    );
    expect(layout.banner).toEqual({ content: 'Version 2 is live!', isDismissible: true, type: 'info', background: undefined });
    expect(layout.languages.map((language) => [language.code, language.banner?.content])).toEqual([
      ['en', 'English **news**'],
      ['es', undefined],
    ]);
  });

  it('shows its Markdown in white on a background white reads on, a dismissible one keyed by its content', () => {
    // As served on a page at /guides/page.
    const info = htmlAtRoute(bannerHtml(readBanner({ content: 'See the [changelog](/changelog) <b>now</b>', dismissible: true }), '#0d6e5a'), '/guides/page');
    expect(info).toMatch(
      /^<div class="site-banner" role="region" aria-label="Announcement" style="--banner-light:#0d6e5a;--banner-dark:#0d6e5a" data-dismissible="[\w-]{12}"><p>See the <a href="\.\.\/changelog">changelog<\/a> &lt;b&gt;now&lt;\/b&gt;<\/p><\/div>\n$/,
    );
    expect(bannerHtml(readBanner({ content: 'Down', type: 'critical' }), '#0d6e5a')).toContain('style="--banner-light:#b91c1c;--banner-dark:#b91c1c"');
    // A pale colour is darkened until white text reads on it; anything but a hex colour is ignored.
    expect(readBanner({ content: 'Hi', color: { light: '#FDE68A' } })?.background).toEqual({ light: '#7a6e43', dark: '#7a6e43' });
    expect(readBanner({ content: 'Hi', color: 'red;background:url(x)' })?.background).toBeUndefined();
    expect(readBanner({ content: '  ' })).toBeUndefined();
  });
});

describe("a changelog's RSS feed", () => {
  it('has one item per Update, titled, linked to its anchor, dated when its label is a date, described by its text', () => {
    const { html } = renderPage(
      parsePage(
        'changelog.mdx',
        '<Update label="March 1, 2025" description="v2">\n  ## New **dashboard**\n\n  ```bash\n  npm i\n  ```\n\n  Faster $x^2$ & better.\n</Update>\n\n<Update label="Next" rss={{ title: "Coming soon", description: "Plans" }}>\n  Later.\n</Update>\n',
        () => undefined,
      ),
    );
    const items = feedItems(html);
    expect(items).toEqual([
      { anchor: 'march-1-2025', title: 'March 1, 2025', description: 'New dashboard Faster & better.', date: new Date('March 1, 2025') },
      { anchor: 'next', title: 'Coming soon', description: 'Plans', date: undefined },
    ]);
    const xml = rssXml({
      title: 'Changelog - Acme',
      description: 'What changed',
      pageUrl: 'https://docs.acme.dev/changelog',
      feedUrl: 'https://docs.acme.dev/changelog/rss.xml',
      items,
    });
    expect(xml).toContain('<atom:link href="https://docs.acme.dev/changelog/rss.xml" rel="self" type="application/rss+xml"/>');
    expect(xml).toContain(
      `<item><title>March 1, 2025</title><link>https://docs.acme.dev/changelog#march-1-2025</link><guid isPermaLink="true">https://docs.acme.dev/changelog#march-1-2025</guid><pubDate>${new Date('March 1, 2025').toUTCString()}</pubDate><description>New dashboard Faster &amp; better.</description></item>`,
    );
  });
});
