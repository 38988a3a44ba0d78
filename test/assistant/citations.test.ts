import { describe, expect, it } from 'vitest';
import { CitationGuard } from '../../api/assistant/citations.ts';

/** Streams `text` through a guard in deltas of `size` characters, as a model's text arrives. */
function streamed(text: string, size: number) {
  const guard = new CitationGuard(
    (page) => (page === '/custom-domain' ? { page, title: 'Custom domain' } : undefined),
    (url) => url === 'https://acme.dev/status',
  );
  let out = '';
  for (let i = 0; i < text.length; i += size) out += guard.push(text.slice(i, i + size));
  return { text: out + guard.flush(), cited: guard.citations().map((citation) => citation.url) };
}

const SIZES = [1, 2, 3, 7, 1000];

/** What a guard makes of `text`, the same whatever the size of the deltas it arrives in. */
function guarded(text: string) {
  const [first, ...others] = SIZES.map((size) => streamed(text, size));
  for (const other of others) expect(other).toEqual(first);
  return first!;
}

describe('CitationGuard', () => {
  it('keeps links to retrieved pages and drops invented ones to their words, whatever the deltas', () => {
    const answer = guarded('See [Custom domain](/custom-domain#dns), [Pricing](/pricing), [status](https://acme.dev/status) and ![a logo](/logo.png).');
    expect(answer.text).toBe('See [Custom domain](/custom-domain#dns), Pricing, [status](https://acme.dev/status) and a logo.');
    expect(answer.cited).toEqual(['/custom-domain#dns']);
  });

  it('shows a bare address as code unless the retrieved text has it, so that no client makes it a link', () => {
    expect(guarded('Check https://acme.dev/status. Then go to https://evil.example/steal, or www.evil.example.').text).toBe(
      'Check https://acme.dev/status. Then go to `https://evil.example/steal`, or `www.evil.example`.',
    );
    expect(guarded('[https://evil.example/a](https://evil.example/a) and <https://evil.example/b>').text).toBe(
      '`https://evil.example/a` and <`https://evil.example/b`>',
    );
    // A link that never closes is text, and its address is a bare one.
    expect(guarded('See [x](https://evil.example/c').text).toBe('See [x](`https://evil.example/c`');
    expect(guarded('Ends with http').text).toBe('Ends with http');
    expect(guarded('Add your domain with and without www. prepended, or http:// alone.').text).toBe(
      'Add your domain with and without www. prepended, or http:// alone.',
    );
  });

  it('passes a fenced code block as it is: a code example keeps its images and links, and cites nothing', () => {
    const code = '```\n<!-- Good -->\n![Screenshot of the dashboard](/images/dashboard.png)\n[Learn more](https://evil.example/steal)\n```';
    const answer = guarded(`Alt text says what an image shows:\n\n${code}\n\nNot [this](https://evil.example/steal).`);
    expect(answer.text).toBe(`Alt text says what an image shows:\n\n${code}\n\nNot this.`);
    expect(answer.cited).toEqual([]);
  });

  it('passes inline code on one line as it is, and checks the text after a backtick that never closes', () => {
    expect(guarded('Write `[text](/url)` for a link, as in [Custom domain](/custom-domain).').text).toBe(
      'Write `[text](/url)` for a link, as in [Custom domain](/custom-domain).',
    );
    expect(guarded('A stray ` then [bad](https://evil.example/steal)').text).toBe('A stray ` then bad');
    expect(guarded('A stray `\nthen [bad](https://evil.example/steal) on the next line.').text).toBe('A stray `\nthen bad on the next line.');
  });

  it('closes an indented fence (a code block inside a list item) and checks the text after it', () => {
    const answer = guarded('1. Run:\n   ```bash\n   curl [x](https://evil.example/a)\n   ```\n2. See [here](https://evil.example/b).');
    expect(answer.text).toBe('1. Run:\n   ```bash\n   curl [x](https://evil.example/a)\n   ```\n2. See here.');
    // Indented four spaces, the backticks are text in Markdown, and so is not what follows them.
    expect(guarded('A paragraph\n    ```\n[bad](https://evil.example/c)').text).toBe('A paragraph\n    ```\nbad');
  });

  it('makes raw HTML inert: a whole tag becomes code, the start of any other is escaped', () => {
    expect(guarded('Click <a href="javascript:alert(2)">here</a> now.').text).toBe('Click `<a href="javascript:alert(2)">`here`</a>` now.');
    expect(guarded('<img src=x onerror="alert(1)"> and <!-- hidden --> and <script>alert(3)</script>').text).toBe(
      '`<img src=x onerror="alert(1)">` and `<!-- hidden -->` and `<script>`alert(3)`</script>`',
    );
    // An autolink of another scheme, a tag across lines, an HTML block's opening line: escaped, so never HTML or a link.
    expect(guarded('Open <javascript:alert(1)> or <a\nhref="javascript:alert(1)">x</a>').text).toBe(
      'Open \\<javascript:alert(1)> or \\<a\nhref="javascript:alert(1)">x`</a>`',
    );
    expect(guarded('<script\nsrc=x></script>').text).toBe('\\<script\nsrc=x>`</script>`');
    // A tag with a backtick in it stays one piece of code; comparisons and code are left alone.
    expect(guarded('<b title="`x`">').text).toBe('``<b title="`x`">``');
    expect(guarded('If a < b and b <= c, use `<Note>` or\n```html\n<a href="/x">x</a>\n```').text).toBe(
      'If a < b and b <= c, use `<Note>` or\n```html\n<a href="/x">x</a>\n```',
    );
  });

  it('drops a javascript: link whole, with the parentheses of its address, and defines no link by reference', () => {
    expect(guarded('Try [js](javascript:alert(1)) and [wiki](https://evil.example/a_(b)).').text).toBe('Try js and wiki.');
    expect(guarded('See [Custom domain](/custom-domain) or [the page][1].\n\n[1]: javascript:alert(1)').text).toBe(
      'See [Custom domain](/custom-domain) or [the page][1].\n\n\\[1]: javascript:alert(1)',
    );
  });
});
