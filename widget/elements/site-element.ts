import { LitElement } from 'lit';
import type { FirstConnected } from '../lib/first-connected.ts';
import { SERVER_PROPERTIES, type ServerAttributes } from '../lib/server.ts';
import { base, hostTheme, launcher } from '../styles/theme.ts';

/**
 * What the elements a page places share: the site's attributes (`domain`, `api-key`, `base-url`,
 * `site-url`, `version`, `language`, `theme`), the theme, and for the search and the assistant, a
 * page-wide event that the first connected one answers.
 */
export abstract class SiteElement extends LitElement implements ServerAttributes {
  static override styles = [hostTheme, base, launcher];
  static override properties = SERVER_PROPERTIES;

  declare domain: string;
  declare apiKey: string;
  declare baseUrl: string;
  declare siteUrl: string;
  declare version: string;
  declare language: string;
  declare theme: string;

  protected get connected(): Pick<FirstConnected<SiteElement>, 'add' | 'remove'> | undefined {
    return undefined;
  }

  override connectedCallback(): void {
    super.connectedCallback();
    this.connected?.add(this);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.connected?.remove(this);
  }
}
