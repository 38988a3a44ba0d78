import { css, html } from 'lit';
import { type ApiKey, CREATE_KEY, KEYS_VIEW, REVOKE_KEY, SET_ORIGINS } from '../lib/documents.ts';
import { formatDateTime } from '../lib/format.ts';
import { ProjectView } from '../lib/view.ts';
import { copyText } from '../../widget/lib/clipboard.ts';

const originsOf = (text: string) =>
  text
    .split(/[\s,]+/)
    .map((origin) => origin.trim())
    .filter(Boolean);

/**
 * The Keys view: the project's keys (prefix, kind, origins, last use), a form that makes one (the whole
 * key shown once, with a copy button), the origins a browser may use a key from, and revoking.
 */
export class ConsoleKeys extends ProjectView {
  static override styles = [
    ...ProjectView.styles,
    css`
      form.create {
        max-width: 720px;
      }
      .created {
        border-color: var(--success);
        margin: 12px 0;
      }
      .created code {
        overflow-wrap: anywhere;
        font-size: 0.95rem;
      }
      input.origins {
        width: min(100%, 420px);
      }
      .revoked {
        color: var(--muted);
      }
    `,
  ];
  static override properties = {
    ...ProjectView.properties,
    keys: { state: true },
    created: { state: true },
    editing: { state: true },
  };

  declare keys: ApiKey[] | undefined;
  declare created: { key: string; prefix: string; kind: string } | undefined;
  /** The prefix of the key whose origins are being edited. */
  declare editing: string | undefined;

  protected override load() {
    return this.loadData(
      () => this.query(KEYS_VIEW),
      (data) => (this.keys = data.apiKeys),
    );
  }

  override render() {
    return html`
      ${this.renderNotices()}
      <form class="create card" @submit=${this.#create} aria-labelledby="new-key">
        <h2 id="new-key">Create a key</h2>
        <div class="field">
          <label for="key-kind">Kind</label>
          <select id="key-kind" name="kind">
            <option value="assistant">Assistant: search and answers, for a docs site</option>
            <option value="admin">Admin: deployments, agent jobs, analytics, keys</option>
          </select>
        </div>
        <div class="field">
          <label for="key-origins">Allowed origins <span class="hint">(optional)</span></label>
          <input id="key-origins" name="origins" class="origins" autocomplete="off" spellcheck="false" placeholder="https://docs.acme.com" aria-describedby="key-origins-hint" />
          <div class="hint" id="key-origins-hint">Browsers may use the key only from these pages; separate several with spaces. Empty: anywhere.</div>
        </div>
        <button class="primary" type="submit">Create the key</button>
      </form>
      ${
        this.created
          ? html`<div class="created card" role="region" aria-label="The new key">
            <p><strong>Your new ${this.created.kind} key.</strong> Copy it now: Folio keeps only its hash and will not show it again.</p>
            <p><code id="new-key-value">${this.created.key}</code></p>
            <div class="row">
              <button @click=${this.#copy}>Copy the key</button>
              <button @click=${() => (this.created = undefined)}>Done</button>
            </div>
          </div>`
          : null
      }
      <h2 id="keys-heading">Keys</h2>
      ${this.keys === undefined ? html`<p class="hint">Loading keys…</p>` : this.#table(this.keys)}
    `;
  }

  #table(keys: ApiKey[]) {
    return html`<div class="table-scroll" tabindex="0" role="region" aria-label="Keys">
      <table aria-labelledby="keys-heading">
        <thead>
          <tr><th scope="col">Prefix</th><th scope="col">Kind</th><th scope="col">Allowed origins</th><th scope="col">Created</th><th scope="col">Last used</th><th scope="col">Actions</th></tr>
        </thead>
        <tbody>
          ${keys.map(
            (key) => html`<tr class=${key.revokedAt ? 'revoked' : ''}>
              <td><code>${key.prefix}</code>${key.prefix === this.#ownPrefix ? html` <span class="badge">this console</span>` : null}</td>
              <td>${key.kind}</td>
              <td>${this.editing === key.prefix ? this.#originsForm(key) : key.allowedOrigins.length ? key.allowedOrigins.join(', ') : 'anywhere'}</td>
              <td>${formatDateTime(key.createdAt)}</td>
              <td>${key.revokedAt ? html`revoked ${formatDateTime(key.revokedAt)}` : formatDateTime(key.lastUsedAt)}</td>
              <td>
                ${
                  key.revokedAt
                    ? null
                    : html`<div class="row">
                      ${
                        this.editing === key.prefix
                          ? null
                          : html`<button @click=${() => (this.editing = key.prefix)}>Set origins<span class="visually-hidden"> of ${key.prefix}</span></button>`
                      }
                      <button class="danger" @click=${() => this.#revoke(key)}>Revoke<span class="visually-hidden"> ${key.prefix}</span></button>
                    </div>`
                }
              </td>
            </tr>`,
          )}
        </tbody>
      </table>
    </div>`;
  }

  /** The prefix of the key this console is signed in with (revoking it signs the console out). */
  get #ownPrefix(): string {
    return this.project.key.split('_').slice(0, 3).join('_');
  }

  #originsForm(key: ApiKey) {
    return html`<form
      @submit=${(event: SubmitEvent) => {
        event.preventDefault();
        void this.#setOrigins(key, String(new FormData(event.target as HTMLFormElement).get('origins') ?? ''));
      }}
    >
      <label class="visually-hidden" for="origins-${key.prefix}">Allowed origins of ${key.prefix}</label>
      <input id="origins-${key.prefix}" name="origins" class="origins" .value=${key.allowedOrigins.join(' ')} autocomplete="off" spellcheck="false" />
      <div class="row" style="margin-top: 6px">
        <button type="submit" class="primary">Save</button>
        <button type="button" @click=${() => (this.editing = undefined)}>Cancel</button>
      </div>
    </form>`;
  }

  async #create(event: SubmitEvent) {
    event.preventDefault();
    const form = event.target as HTMLFormElement;
    const data = new FormData(form);
    const origins = originsOf(String(data.get('origins') ?? ''));
    await this.attempt(async () => {
      const { createApiKey } = await this.query(CREATE_KEY, {
        kind: data.get('kind') === 'admin' ? 'admin' : 'assistant',
        allowedOrigins: origins.length ? origins : null,
      });
      this.created = createApiKey;
      this.message = `Key ${createApiKey.prefix} created.`;
      form.reset();
      await this.load();
    });
  }

  async #copy() {
    if (!this.created) return;
    if (await copyText(this.created.key)) {
      this.message = 'The key is on the clipboard.';
    } else {
      const selection = getSelection();
      const code = this.renderRoot.querySelector('#new-key-value');
      if (selection && code) selection.selectAllChildren(code);
      this.message = 'The clipboard is not available here: the key is selected, copy it with your keyboard.';
    }
  }

  async #setOrigins(key: ApiKey, text: string) {
    await this.attempt(async () => {
      await this.query(SET_ORIGINS, { prefix: key.prefix, allowedOrigins: originsOf(text) });
      this.editing = undefined;
      this.message = `Origins of ${key.prefix} saved.`;
      await this.load();
    });
  }

  async #revoke(key: ApiKey) {
    const isOwn = key.prefix === this.#ownPrefix;
    const question = isOwn
      ? `Revoke ${key.prefix}? It is the key this console is signed in with: you will be signed out of this project.`
      : `Revoke ${key.prefix}? Every client using it stops working at once.`;
    if (!confirm(question)) return;
    await this.attempt(async () => {
      await this.query(REVOKE_KEY, { prefix: key.prefix });
      this.message = `Key ${key.prefix} revoked.`;
      await this.load();
    });
  }
}
