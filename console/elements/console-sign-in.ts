import { css, html, LitElement } from 'lit';
import { errorMessage } from '../lib/console-error.ts';
import { signIn } from '../lib/signed-in.ts';
import { theme } from '../styles/theme.ts';

/**
 * Sign-in with an admin key: Folio says whose key it is; an assistant key or an unknown one gets a
 * message saying so. The key is kept in this tab's sessionStorage and sent as a Bearer token.
 * Dispatches `console-signed-in`, or `console-cancel` when adding a project is abandoned.
 */
export class ConsoleSignIn extends LitElement {
  static override styles = [
    theme,
    css`
      form {
        max-width: 560px;
        margin: 10vh auto 0;
        padding: 24px;
        border: 1px solid var(--border);
        border-radius: 8px;
        background: var(--surface);
      }
      input {
        width: 100%;
        font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
      }
    `,
  ];
  static override properties = { canCancel: { attribute: false }, error: { state: true }, isBusy: { state: true } };

  declare canCancel: boolean;
  declare error: string;
  declare isBusy: boolean;

  constructor() {
    super();
    this.canCancel = false;
    this.error = '';
    this.isBusy = false;
  }

  override firstUpdated(): void {
    this.renderRoot.querySelector('input')?.focus();
  }

  override render() {
    return html`<form @submit=${this.#submit} novalidate>
      <h1>${this.canCancel ? 'Add a project' : 'Sign in to the Folio console'}</h1>
      <p class="hint">
        Use an admin key of a project (<code>folio_admin_…</code>), as <code>folio project create</code> printed it or <code>folio key create</code> makes one.
        It is kept in this tab only, until you sign out or close it.
      </p>
      <div class="field">
        <label for="key">Admin key</label>
        <input
          id="key"
          name="key"
          type="password"
          autocomplete="off"
          spellcheck="false"
          required
          aria-invalid=${this.error ? 'true' : 'false'}
          aria-describedby=${this.error ? 'key-error' : ''}
        />
      </div>
      ${this.error ? html`<p id="key-error" class="error" role="alert">${this.error}</p>` : null}
      <div class="row">
        <button class="primary" type="submit" ?disabled=${this.isBusy}>${this.isBusy ? 'Checking…' : 'Sign in'}</button>
        ${this.canCancel ? html`<button type="button" @click=${() => this.dispatchEvent(new CustomEvent('console-cancel', { bubbles: true, composed: true }))}>Cancel</button>` : null}
      </div>
    </form>`;
  }

  async #submit(event: SubmitEvent) {
    event.preventDefault();
    const input = this.renderRoot.querySelector('input')!;
    this.isBusy = true;
    try {
      await signIn(input.value);
      this.error = '';
      this.dispatchEvent(new CustomEvent('console-signed-in', { bubbles: true, composed: true }));
    } catch (error) {
      this.error = errorMessage(error);
      input.focus();
    } finally {
      this.isBusy = false;
    }
  }
}
