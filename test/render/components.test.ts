import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MINTLIFY_COMPONENTS } from '../../api/mintlify/components.ts';
import { parsePage } from '../../api/mintlify/mdx/parse-page.ts';
import { hasRendering } from '../../api/render/components.ts';
import { renderOptionsOf } from '../../api/render/render-context.ts';
import { renderPage, type RenderOptions } from '../../api/render/render-page.ts';
import { htmlAtRoute } from '../../api/render/route-marks.ts';

const LUCIDE: RenderOptions = { iconLibrary: 'lucide', isMathEnabled: true };
const render = (body: string, options?: RenderOptions) =>
  renderPage(
    parsePage('guides/page.mdx', body, () => undefined),
    options,
  );
/** The page's body as served at `/guides/page`. */
const html = (body: string, options?: RenderOptions) => htmlAtRoute(render(body, options).html, '/guides/page');
/** Icons drawn inline, as `[icon]`: what the structure around them is reads more plainly. */
const withoutIcons = (text: string) => text.replace(/<svg[^>]*>.*?<\/svg>/gs, '[icon]');

/** A page of Mintlify's own documentation (its snippets spliced in), rendered as its site (docs.json says lucide) would. */
const CORPUS = path.join(import.meta.dirname, '..', 'fixtures', 'mintlify-docs');
function corpusPage(file: string) {
  const read = (repoPath: string) => (fs.existsSync(path.join(CORPUS, repoPath)) ? fs.readFileSync(path.join(CORPUS, repoPath), 'utf8') : undefined);
  const rendered = renderPage(parsePage(file, read(file)!, read), LUCIDE);
  return { ...rendered, html: htmlAtRoute(rendered.html, `/${file.replace(/\.mdx$/, '')}`) };
}

describe("Mintlify's components", () => {
  it('takes the icon library and the LaTeX setting from docs.json', () => {
    expect(renderOptionsOf({ icons: { library: 'lucide' }, styling: { latex: false } })).toEqual({ iconLibrary: 'lucide', isMathEnabled: false });
    expect(renderOptionsOf({ icons: { library: 'tabler' } })).toEqual({ iconLibrary: 'tabler', isMathEnabled: true });
    expect(renderOptionsOf({ icons: { library: 'emoji' } })).toEqual({ iconLibrary: 'fontawesome', isMathEnabled: true });
  });

  it('has a rendering of its own for every component Mintlify documents', () => {
    expect(MINTLIFY_COMPONENTS.filter((name) => !hasRendering(name))).toEqual([]);
  });

  it("renders every example of Mintlify's component pages with no component left to the generic fallback", () => {
    for (const file of fs.readdirSync(path.join(CORPUS, 'components'))) {
      const page = corpusPage(`components/${file}`);
      expect(page.html, file).not.toContain('class="component"');
    }
  });

  it('gives each Update an anchor from its label, its description and tags, and lists it in the table of contents', () => {
    const page = render(
      '## Releases\n\n<Update label="v1.2" description="Faster" tags={["API", "CLI"]}>\n  Shipped.\n</Update>\n\n<Update label="v1.2">\n  Again.\n</Update>\n',
    );
    expect(page.html).toMatch(/<section class="update" id="v1-2"[^>]*><div class="update-meta"><p class="update-label"><a href="#v1-2">v1\.2<\/a><\/p>/);
    expect(page.html).toContain('<p class="update-description">Faster</p>');
    expect(page.html).toContain(
      '<ul class="update-tags" aria-label="Tags"><li class="badge badge-gray badge-sm">API</li><li class="badge badge-gray badge-sm">CLI</li></ul>',
    );
    expect(page.html).toContain('<section class="update" id="v1-2-2"');
    expect(page.headings.map((heading) => heading.anchor)).toEqual(['releases', 'v1-2', 'v1-2-2']);
    const changelog = corpusPage('changelog.mdx');
    expect(changelog.html).toContain('id="august-21-2026"');
    expect(changelog.html).toContain('data-rss-title="Editor branches, Slack-triggered automations, bulk member invites, and more"');
  });

  it('draws callouts with their icon and name, and a custom callout in its own colour and icon', () => {
    const out = html('<Warning>Careful.</Warning>\n\n<Callout icon="key" color="#FFC107" iconType="regular">Custom.</Callout>\n');
    expect(out).toMatch(
      /<div class="callout callout-warning" role="note" aria-label="Warning"><span class="callout-icon"><svg class="icon"[^>]*aria-hidden="true"/,
    );
    expect(withoutIcons(out)).toContain(
      '<div class="callout callout-callout" role="note" aria-label="Note" style="--callout-color:#FFC107"><span class="callout-icon">[icon]</span>',
    );
    expect(out).toMatch(/<span class="callout-icon"><svg class="icon" xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 512 512"/); // Font Awesome's regular key
    expect(html('<Callout color="red;background:url(https://x)">Text</Callout>\n')).not.toMatch(/url\(|style=/);
  });

  it('renders cards horizontal, with an image, a call to action and an arrow, typed, in columns', () => {
    const out = html(
      '<Columns cols={3}>\n<Card title="Go" icon="rocket" href="https://example.com" cta="Read it" horizontal>\nText.\n</Card>\n<Card title="Pic" img="/images/a.png" arrow="true" href="/next" />\n<Card title="Careful" type="warning" />\n</Columns>\n',
      LUCIDE,
    );
    expect(out).toContain('<div class="card-group" data-cols="3">');
    expect(out).toMatch(
      /<div class="card card-horizontal"><span class="card-icon"><svg[^>]*>.*<\/svg><\/span><div class="card-text"><p class="card-title"><a class="card-link" href="https:\/\/example\.com" rel="noopener noreferrer">Go<\/a><\/p>/s,
    );
    expect(out).toMatch(/<p class="card-cta">Read it<svg class="icon card-arrow"/);
    expect(out).toContain('<img class="card-image" src="../images/a.png" alt="" loading="lazy">');
    expect(out).toMatch(/<div class="card card-warning"><span class="card-icon"><svg/);
  });

  it('renders a tree as a nested list whose folders open and close, and a Markdown list tree as it is', () => {
    const out = html(
      '<Tree>\n  <Tree.Folder name="app" defaultOpen>\n    <Tree.File name="page.tsx" highlight />\n    <Tree.Folder name="api" openable={false}>\n      <Tree.File name="route.ts" />\n    </Tree.Folder>\n  </Tree.Folder>\n  <Tree.File name="package.json" />\n</Tree>\n',
    );
    expect(withoutIcons(out)).toBe(
      '<div class="tree">\n<ul><li class="tree-folder"><details open><summary>[icon]<span class="tree-name">app</span></summary><ul>\n' +
        '<li class="tree-file tree-highlight">[icon]<span class="tree-name">page.tsx</span></li>' +
        '<li class="tree-folder"><span class="tree-label">[icon]<span class="tree-name">api</span></span><ul>\n<li class="tree-file">[icon]<span class="tree-name">route.ts</span></li></ul></li>\n' +
        '</ul></details></li>\n<li class="tree-file">[icon]<span class="tree-name">package.json</span></li></ul></div>\n',
    );
    expect(html('<FileTree>\n\n- docs/\n  - index.mdx\n\n</FileTree>\n')).toBe(
      '<div class="tree">\n<ul>\n<li>docs/\n<ul>\n<li>index.mdx</li>\n</ul>\n</li>\n</ul>\n</div>\n',
    );
  });

  it('renders badges in their colour, size and shape, with an icon, inline and on their own line', () => {
    const out = html(
      '<Badge icon="circle-check" color="green" size="lg" shape="pill" stroke>Done</Badge>\n\nIt needs <Badge color="orange" size="sm" disabled>Premium</Badge> access.\n',
    );
    expect(out).toMatch(/<div class="badge badge-green badge-lg badge-pill badge-stroke"><svg class="icon"[^>]*>.*<\/svg>\nDone<\/div>/s);
    expect(out).toContain('<p>It needs <span class="badge badge-orange badge-sm badge-disabled">Premium</span> access.</p>');
    expect(html('<Badge color="chartreuse" size="huge">x</Badge>\n')).toContain('class="badge badge-gray badge-md"');
  });

  it('makes a tooltip reachable by keyboard and described to screen readers, with its headline and link', () => {
    const out = html('An <Tooltip headline="API" tip="Application Programming Interface." cta="Read the guide" href="/api">API</Tooltip> call.\n');
    expect(out).toContain(
      '<span class="tooltip"><span class="tooltip-term" tabindex="0" aria-describedby="tooltip-1">API</span><span class="tooltip-tip" role="tooltip" id="tooltip-1"><strong class="tooltip-headline">API</strong> Application Programming Interface. <a href="../api">Read the guide</a></span></span>',
    );
    expect(html('<Tooltip tip="one">a</Tooltip> and <Tooltip tip="two">b</Tooltip>\n')).toContain('id="tooltip-2"');
  });

  it("draws icons from the site's library by name, as images by address, and nothing for an unknown name", () => {
    const fontAwesome = html('<Icon icon="flag" />\n');
    const lucide = html('<Icon icon="flag" />\n', LUCIDE);
    expect(fontAwesome).toMatch(/^<div class="icon-block"><svg class="icon" xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 448 512"/);
    expect(lucide).toMatch(/viewBox="0 0 24 24"/);
    expect(html('<Icon icon="flag" library="x" />\n', { iconLibrary: 'tabler', isMathEnabled: true })).toMatch(/viewBox="0 0 24 24"/);
    expect(html('Say <Icon icon="github" iconType="brands" size={32} color="#FF5733" /> hi.\n')).toMatch(
      /<p>Say <svg class="icon"[^>]*viewBox="0 0 496 512" width="32" height="32" style="color:#FF5733" aria-hidden="true" focusable="false"><path/,
    );
    expect(html('<Icon icon="/images/logo.svg" />\n')).toContain('<img class="icon" src="../images/logo.svg" alt="" loading="lazy">');
    expect(html('<Icon icon="no-such-icon-anywhere" />\n')).toBe('');
    expect(html('<Icon icon="javascript:alert(1)" />\n')).toBe('');
  });

  it('puts a frame’s hint before it and its Markdown caption in it', () => {
    const out = html('<Frame hint="Look **here**" caption="See [Yosemite](https://www.nps.gov/yose)">\n  ![Valley](/images/v.png)\n</Frame>\n');
    expect(out).toMatch(/^<p class="frame-hint">Look <strong>here<\/strong><\/p><figure class="frame">/);
    expect(out).toContain('<figcaption>See <a href="https://www.nps.gov/yose" rel="noopener noreferrer">Yosemite</a></figcaption></figure>');
  });

  it('shows colour swatches with their values, per theme when given, in rows for the table variant', () => {
    const compact = html(
      '<Color variant="compact">\n  <Color.Item name="blue" value="#3B82F6" />\n  <Color.Item name="bg" value={{ light: "#FFFFFF", dark: "#000000" }} />\n  <Color.Item name="bad" value="red;x:url(y)" />\n</Color>\n',
    );
    expect(compact).toContain(
      '<li class="color-item"><span class="color-swatch" style="--swatch-light:#3B82F6;--swatch-dark:#3B82F6"></span><span class="color-name">blue</span><code class="color-value">#3B82F6</code></li>',
    );
    expect(compact).toContain(
      'style="--swatch-light:#FFFFFF;--swatch-dark:#000000"></span><span class="color-name">bg</span><code class="color-value color-value-light">#FFFFFF</code><code class="color-value color-value-dark">#000000</code>',
    );
    expect(compact).toContain('<span class="color-swatch"></span><span class="color-name">bad</span><code class="color-value">red;x:url(y)</code>');
    const table = html(
      '<Color variant="table">\n  <Color.Row title="Primary">\n    <Color.Item name="p-500" value="rgb(51, 255, 87)" />\n  </Color.Row>\n</Color>\n',
    );
    expect(table).toMatch(
      /<table class="color-table"><tbody>\n<tr><th scope="row">Primary<\/th><td><ul class="color-items">\n<li class="color-item"><span class="color-swatch" style="--swatch-light:rgb\(51, 255, 87\)/,
    );
  });

  it('documents fields with their location, type, labels, flags, default and placeholder, anchored by their path', () => {
    const out = html(
      '<ParamField query="page" type="number" default="1" placeholder="2" required deprecated pre={["beta"]} post={["v2"]}>\n  Which page.\n</ParamField>\n\n<ResponseField name="user" type="object">\n  <Expandable title="properties" defaultOpen>\n    <ResponseField name="full_name" type="string">Name.</ResponseField>\n  </Expandable>\n</ResponseField>\n',
    );
    expect(out).toContain(
      '<div class="field" id="param-page"><p class="field-head"><span class="field-pill">beta</span> <code class="field-name">page</code><a class="field-anchor" href="#param-page" aria-label="Link to page"></a> <span class="field-location">query</span> <span class="field-type">number</span> <span class="field-pill">v2</span> <span class="field-required">required</span> <span class="field-deprecated">deprecated</span> <span class="field-default">default: <code>1</code></span> <span class="field-default">placeholder: <code>2</code></span></p>',
    );
    expect(out).toContain(
      '<details class="expandable" open><summary><span class="expandable-show">Show</span><span class="expandable-hide">Hide</span> properties</summary>',
    );
    expect(out).toContain('<div class="field" id="param-user-full_name">');
  });

  it('numbers steps in a list, titled at the size asked, with an icon in place of a number', () => {
    const out = html(
      '<Steps titleSize="h3">\n  <Step title="Install" stepNumber={4}>\n    Run it.\n  </Step>\n  <Step title="Go" icon="rocket" id="go">\n    Done.\n  </Step>\n</Steps>\n\n<Step title="Alone">\nText\n</Step>\n',
    );
    expect(out).toMatch(/^<ol class="steps">\n<li class="step" value="4"><h3 class="step-title">Install<\/h3>/);
    expect(out).toMatch(/<li class="step step-with-icon" id="go"><span class="step-icon"><svg/);
    expect(out).toContain('<div class="step"><p class="step-title">Alone</p>');
  });

  it('renders accordions with their icon, description, open state and anchor', () => {
    const out = html('<Accordion title="Setup" description="Before you start" icon="bot" defaultOpen id="set-up">\n  Steps.\n</Accordion>\n', LUCIDE);
    expect(out).toMatch(
      /^<details class="accordion" id="set-up" open><summary><svg[^>]*>.*<\/svg><span class="accordion-title">Setup<\/span><span class="accordion-description">Before you start<\/span><\/summary><div class="accordion-body">/s,
    );
  });

  it('marks tabs, code groups and views for the site script, each panel titled without it', () => {
    const out = html(
      '<Tabs defaultTabIndex={1} sync={false}>\n  <Tab title="npm" icon="box">\nnpm i\n  </Tab>\n</Tabs>\n\n<CodeGroup dropdown>\n\n```js a.js\n1\n```\n\n</CodeGroup>\n\n<RequestExample>\n\n```bash Request\ncurl x\n```\n\n</RequestExample>\n\n<View title="Python" icon="python">\nHello\n</View>\n',
    );
    expect(out).toContain('<div class="tabs" data-sync="false" data-default="1">');
    expect(out).toMatch(/<div class="tab"><p class="tab-title"><svg[^>]*>.*<\/svg>npm<\/p>/s);
    expect(out).toContain('<div class="code-group" data-dropdown>');
    expect(out).toContain('<div class="code-group code-example">');
    expect(out).toMatch(/<div class="view"><p class="view-title"><svg[^>]*>.*<\/svg>Python<\/p>/s);
  });

  it('shows a prompt with its Markdown description, marked for the actions it offers', () => {
    const out = html('<Prompt description="Write **clear** docs." actions={["copy", "cursor"]}>\nYou are a writer.\n</Prompt>\n');
    expect(out).toContain(
      '<div class="prompt" data-actions="copy cursor"><div class="prompt-head"><span class="prompt-description">Write <strong>clear</strong> docs.</span></div><div class="prompt-body">',
    );
  });

  it('links a GitHub repository card to its repository, from a slug or an address', () => {
    expect(html('<GitHub.Repo repo="mintlify/docs" />\n')).toContain(
      '<p class="github-repo-name"><a href="https://github.com/mintlify/docs" rel="noopener noreferrer">mintlify/docs</a></p>',
    );
    expect(html('<GitHub.Repo repo="https://github.com/mintlify/docs.git" variant="flat" />\n')).toMatch(
      /class="github-repo github-repo-flat".*href="https:\/\/github\.com\/mintlify\/docs"/s,
    );
  });

  it('renders LaTeX with KaTeX: $…$, $$…$$ and <Latex>, prices and shell variables left as text', () => {
    const out = html('Inline $a^2 + b^2$ and <Latex>\\frac{1}{2}</Latex>, but $5 and $10 stay.\n\n$$\nE = mc^2\n$$\n');
    expect(out).toMatch(
      /<p>Inline <span class="katex"><span class="katex-mathml"><math xmlns="http:\/\/www\.w3\.org\/1998\/Math\/MathML">.*<annotation encoding="application\/x-tex">a\^2 \+ b\^2<\/annotation>/s,
    );
    expect(out).toContain('<annotation encoding="application/x-tex">\\frac{1}{2}</annotation>');
    expect(out).toContain(', but $5 and $10 stay.</p>');
    expect(out).toMatch(/<div class="math-display" tabindex="0"><span class="katex-display"><span class="katex">.*E = mc\^2<\/annotation>/s);
    expect(html('Costs $a^2$.\n', { iconLibrary: 'fontawesome', isMathEnabled: false })).toBe('<p>Costs $a^2$.</p>\n');
    expect(html('$$\n\\frac{1\n$$\n')).toContain('<code class="math-error" title="This formula could not be read">\\frac{1</code>');
    expect(html('$\\href{javascript:alert(1)}{x}$\n')).not.toMatch(/href="javascript/);
  });

  it('keeps a mermaid diagram’s source in a block the site script draws, readable without it', () => {
    expect(html('```mermaid placement="top-right"\nflowchart LR\n  A --> B\n```\n')).toBe(
      '<div class="diagram"><pre class="mermaid" tabindex="0">flowchart LR\n  A --&gt; B\n</pre></div>\n',
    );
  });

  it('escapes every attribute it writes', () => {
    const out = html(
      '<Card title="&quot;><script>x</script>" href="javascript:alert(1)" icon="https://example.com/&quot;onerror=x.png" />\n\n<Update label="<b>v1</b>">\nx\n</Update>\n',
    );
    expect(out).not.toMatch(/<script|<b>|javascript:|" onerror/);
    expect(out).toContain('<p class="card-title">&quot;&gt;&lt;script&gt;x&lt;/script&gt;</p>');
  });
});
