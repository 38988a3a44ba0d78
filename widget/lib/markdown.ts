import DOMPurify from 'dompurify';
import { Marked } from 'marked';
import { isExternal, safeHref } from './site-links.ts';

/**
 * Markdown from an answer (which quotes documents, which anyone with write access to the docs wrote)
 * as inert markup. Two layers: marked renders raw HTML in the Markdown as visible text rather than
 * markup, and DOMPurify then keeps only plain formatting tags, so no script, handler, frame, form,
 * style or image from an answer can run or load. Links keep only site routes and http(s)/mailto
 * addresses; the rest lose their target and keep their words.
 */
const marked = new Marked({
  gfm: true,
  breaks: false,
  renderer: {
    html: ({ text }) => escapeHtml(text),
    image: ({ text }) => escapeHtml(text),
    // Headings of an answer would break the dialog's heading outline: they become bold paragraphs.
    heading(token) {
      return `<p><strong>${this.parser.parseInline(token.tokens)}</strong></p>\n`;
    },
  },
});

const ALLOWED_TAGS = [
  'a',
  'p',
  'br',
  'strong',
  'em',
  'del',
  'code',
  'pre',
  'blockquote',
  'ul',
  'ol',
  'li',
  'hr',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
  'input',
];
const ALLOWED_ATTR = ['href', 'title', 'start', 'align', 'type', 'checked', 'disabled', 'class'];

const purifier = DOMPurify();
purifier.addHook('uponSanitizeAttribute', (node, data) => {
  // Task-list checkboxes only; code blocks' language classes only.
  if (node.nodeName === 'INPUT' && data.attrName === 'type' && data.attrValue !== 'checkbox') data.keepAttr = false;
  if (data.attrName === 'class' && !/^language-[\w+-]+$/.test(data.attrValue)) data.keepAttr = false;
});

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** Renders Markdown to a sanitised fragment, links resolved against the site (see site-links.ts). */
export function renderMarkdown(markdown: string, siteUrl: string | null | undefined): DocumentFragment {
  const html = marked.parse(markdown, { async: false });
  const fragment = purifier.sanitize(html, { ALLOWED_TAGS, ALLOWED_ATTR, RETURN_DOM_FRAGMENT: true });
  for (const input of fragment.querySelectorAll('input')) {
    if (input.type !== 'checkbox') input.remove();
    else input.disabled = true;
  }
  for (const link of fragment.querySelectorAll('a')) {
    const href = safeHref(link.getAttribute('href') ?? '', siteUrl);
    if (!href) {
      link.replaceWith(...link.childNodes);
      continue;
    }
    link.href = href;
    if (isExternal(href)) {
      link.target = '_blank';
      link.rel = 'noopener noreferrer';
    }
    link.setAttribute('part', 'link');
  }
  return fragment;
}
