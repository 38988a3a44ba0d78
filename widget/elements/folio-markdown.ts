import { html, LitElement, unsafeCSS } from 'lit';
import { copyText } from '../lib/clipboard.ts';
import { renderMarkdown } from '../lib/markdown.ts';
import styles from '../styles/markdown.css?inline';
import { base } from '../styles/theme.ts';

/**
 * Markdown from an answer, rendered inert (see lib/markdown.ts), with a copy button on each code block.
 *
 * A code block or table wider than the answer scrolls sideways, and is a tab stop only while it does,
 * so a keyboard can scroll it: an answer can quote several blocks, and a stop where nothing scrolls
 * is one more key press for nothing. A code block is a group named for its language, as a tab stop
 * needs a name; not a region, which named is a landmark: an embedded widget adds none, and two blocks
 * of one language would be two landmarks of one name. A table keeps its role, which says what it is.
 */
export class FolioMarkdown extends LitElement {
  static override styles = [base, unsafeCSS(styles)];
  static override properties = { markdown: { type: String }, siteUrl: { attribute: false } };

  declare markdown: string;
  declare siteUrl: string | undefined;

  constructor() {
    super();
    this.markdown = '';
  }

  override render() {
    const fragment = renderMarkdown(this.markdown, this.siteUrl);
    for (const pre of fragment.querySelectorAll('pre')) {
      const wrapper = document.createElement('div');
      wrapper.className = 'code';
      const button = document.createElement('button');
      button.className = 'icon-button copy-code';
      button.type = 'button';
      button.textContent = 'Copy';
      button.setAttribute('part', 'copy-code');
      const language = pre.firstElementChild?.className.slice('language-'.length);
      pre.setAttribute('role', 'group');
      pre.setAttribute('aria-label', language ? `Code (${language})` : 'Code');
      pre.replaceWith(wrapper);
      wrapper.append(pre, button);
    }
    return html`<div @click=${this.onClick}>${fragment}</div>`;
  }

  /** Measures blocks when they are laid out, and again when the panel changes width (a phone turned, a window resized). */
  private readonly resizes = new ResizeObserver((entries) => {
    for (const { target } of entries) {
      if (target.scrollWidth > target.clientWidth) target.setAttribute('tabindex', '0');
      else target.removeAttribute('tabindex');
    }
  });

  // Every render makes new blocks (an answer re-renders with each streamed piece).
  protected override updated(): void {
    this.resizes.disconnect();
    for (const block of this.renderRoot.querySelectorAll('pre, table')) this.resizes.observe(block);
  }

  private async onClick(event: Event): Promise<void> {
    const button = (event.target as Element).closest('button.copy-code');
    const code = button?.parentElement?.querySelector('pre')?.textContent;
    if (!button || code == null) return;
    const isCopied = await copyText(code);
    button.textContent = isCopied ? 'Copied' : 'Copy failed';
    setTimeout(() => (button.textContent = 'Copy'), 2000);
  }
}
