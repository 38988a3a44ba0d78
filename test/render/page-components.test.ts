import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parsePage } from '../../api/mintlify/mdx/parse-page.ts';
import { PageCodeRunner } from '../../api/render/jsx-runtime/page-code-runner.ts';
import { htmlAtRoute } from '../../api/render/route-marks.ts';
import { renderPage } from '../../api/render/render-page.ts';

/** A page's own components (export const, imported snippets) rendered in the deployment's sandbox. */
let runner: PageCodeRunner;
beforeAll(() => {
  runner = new PageCodeRunner();
});
afterAll(() => runner.close());

async function render(files: Record<string, string>, page = 'page.mdx') {
  const parsed = parsePage(page, files[page]!, (file) => files[file]);
  const scripts = await runner.scriptsFor(parsed.code);
  return { html: htmlAtRoute(renderPage(parsed, undefined, scripts).html, '/page'), warnings: scripts?.warnings ?? [] };
}

describe("a page's own components", () => {
  it('renders an exported component with its props, its Markdown children and JSX props, as static HTML', async () => {
    const { html, warnings } = await render({
      'page.mdx': [
        'export const Icon = ({ children }) => <svg viewBox="0 0 24 24" strokeWidth="2">{children}</svg>;',
        'export const Hero = ({ title, icon, children }) => (',
        '  <a href="/start" className="flex gap-2" style={{ marginTop: 8 }}>',
        '    {icon}<h3 className="m-0">{title}</h3>{children}',
        '  </a>',
        ');',
        '',
        '<Hero title="Get started" icon={<Icon><path d="M1 1" /></Icon>}>',
        '  Read **this** first.',
        '</Hero>',
        '',
      ].join('\n'),
    });
    expect(warnings).toEqual([]);
    expect(html).toContain(
      '<a href="start" class="flex gap-2" style="margin-top:8px"><svg viewBox="0 0 24 24" stroke-width="2"><path d="M1 1"></path></svg><h3 class="m-0">Get started</h3>',
    );
    expect(html).toContain('Read <strong>this</strong> first.');
  });

  it('renders components imported from MDX snippets and script files, and Mintlify components used inside them', async () => {
    const { html } = await render({
      'page.mdx':
        'import { VersionBadge } from \'/snippets/badge.mdx\';\nimport Greeting from \'/snippets/greeting.jsx\';\n\n<VersionBadge version="3.0.0" />\n\n<Greeting name="Ada" />\n',
      'snippets/badge.mdx': 'export const VersionBadge = ({ version }) => <Badge color="green">New in version <code>{version}</code></Badge>;\n',
      'snippets/greeting.jsx':
        'export default function Greeting({ name }) {\n  const [count] = useState(2);\n  useEffect(() => { throw new Error("effects do not run"); });\n  return <p>Hello {name}, {count} times</p>;\n}\n',
    });
    expect(html).toMatch(/<span class="badge[^"]*"[^>]*>.*New in version <code>3\.0\.0<\/code><\/span>/s);
    expect(html).toContain('<p>Hello Ada, 2 times</p>');
  });

  it('shows a value an export holds, and what a component writes runs nothing', async () => {
    const { html } = await render({
      'page.mdx': [
        'export const plan = "Pro";',
        'export const Button = () => <button onClick={() => alert(1)} className="btn"><script>alert(2)</script>Buy <a href="javascript:alert(3)">now</a></button>;',
        '',
        'The {plan} plan. <Button />',
        '',
      ].join('\n'),
    });
    expect(html).toContain('The Pro plan.');
    expect(html).toContain('<button class="btn" type="button">Buy <a>now</a></button>');
    expect(html).not.toMatch(/alert|script|onclick/i);
  });

  it('stops a component that runs too long, shows its children and says why', async () => {
    const { html, warnings } = await render({
      'page.mdx': 'export const Forever = ({ children }) => { while (true) {} };\n\n<Forever>\n  Still here.\n</Forever>\n',
    });
    expect(html).toContain('Still here.');
    expect(warnings).toEqual([expect.stringMatching(/^<Forever> could not render: it ran longer than \d+ ms$/)]);
  });

  it('says which import names no file, and renders the rest of the page', async () => {
    const { html } = await render({ 'page.mdx': "import { Gone } from '/snippets/gone.jsx';\n\nText <Gone /> stays.\n" });
    expect(html).toContain('Text');
    expect(html).toContain('stays.');
    expect(parsePage('page.mdx', "import { Gone } from '/snippets/gone.jsx';\n", () => undefined).warnings).toEqual([
      { file: 'page.mdx', line: 1, message: 'imports snippets/gone.jsx, which does not exist; what it defines is left out' },
    ]);
  });
});
