import { html, LitElement, unsafeCSS } from 'lit';
import { copyText } from '../lib/clipboard.ts';
import { renderMarkdown } from '../lib/markdown.ts';
import styles from '../styles/markdown.css?inline';
import { base } from '../styles/theme.ts';

/**
 * Markdown from an answer, rendered inert (see lib/markdown.ts), with a copy button on each code block.
 */
export class FolioMarkdown extends LitElement {
  static override styles = [
    base,
    unsafeCSS(styles),
  ];
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
      pre.replaceWith(wrapper);
      wrapper.append(pre, button);
    }
    return html`<div @click=${this.onClick}>${fragment}</div>`;
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
