import { css, html, nothing } from 'lit';
import { settingsOf } from '../lib/server.ts';
import { hostTheme } from '../styles/theme.ts';
import { FEEDBACK_PARTS } from './folio-feedback.ts';
import { SiteElement } from './site-element.ts';

/**
 * `<folio-page-feedback domain api-key path [base-url] [theme]>`, at the end of a page of the site:
 * "Was this page helpful?" with Yes / No, sent as the page's feedback (`contextual`, with `path`),
 * then an optional comment after No (folio-feedback.ts). Without script, or without `domain` or
 * `path`, it shows nothing.
 */
export class FolioPageFeedback extends SiteElement {
  static override styles = [
    hostTheme,
    css`
      /* Its own background under its text, whatever the page's: the theme's colours meet contrast on it. */
      :host {
        display: block;
        background: var(--_background);
      }
    `,
  ];
  static override properties = { ...SiteElement.properties, path: { type: String } };

  declare path: string;

  override render() {
    if (!this.domain || !this.path) return nothing;
    return html`<folio-feedback exportparts=${FEEDBACK_PARTS} .settings=${settingsOf(this)} .subject=${{ source: 'contextual', path: this.path }}></folio-feedback>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'folio-page-feedback': FolioPageFeedback;
  }
}
