import { css, html, LitElement } from 'lit';
import { formatDateTime, formatDuration } from '../lib/format.ts';
import type { Deployment } from '../lib/documents.ts';
import { theme } from '../styles/theme.ts';

/** A first deployment changes every file: the list stops here. */
const MAX_FILES_LISTED = 100;

/**
 * A screenshot's address on this Folio: status records name them under PUBLIC_URL, which may be another
 * host name for the same server than the one the console was opened at (and its page loads images only
 * from its own origin).
 */
const sameOrigin = (url: string) => {
  const address = new URL(url, location.href);
  return address.pathname.startsWith('/screenshots/') ? address.pathname : url;
};

export const STATUS_WORDS: Record<Deployment['status'], string> = { queued: 'Queued', in_progress: 'In progress', success: 'Succeeded', failure: 'Failed' };

/**
 * One deployment: its status (following `deploymentUpdated` while it is queued or running, so it changes
 * before the reader's eyes), commit, branch, duration; opened, its files changed, log and screenshots.
 * Dispatches `console-deployment-ended` when a followed deployment ends. `follow` is given by the view
 * (its key and project), so this element holds no key of its own.
 */
export class ConsoleDeployment extends LitElement {
  static override styles = [
    theme,
    css`
      :host {
        border-bottom: 1px solid var(--border);
        padding: 12px 0;
      }
      .summary {
        display: grid;
        grid-template-columns: 11rem 1fr auto;
        gap: 4px 16px;
        align-items: baseline;
      }
      .commit {
        overflow-wrap: anywhere;
      }
      .shots {
        display: flex;
        flex-wrap: wrap;
        gap: 12px;
      }
      .shots img {
        width: min(360px, 100%);
        border: 1px solid var(--border);
        border-radius: 6px;
      }
      ul.files {
        margin: 4px 0;
        padding-left: 20px;
        overflow-wrap: anywhere;
      }
      @media (max-width: 600px) {
        .summary {
          grid-template-columns: 1fr;
        }
      }
    `,
  ];
  static override properties = { deployment: { attribute: false }, isLive: { attribute: false }, follow: { attribute: false } };

  declare deployment: Deployment;
  declare isLive: boolean;
  declare follow: ((statusId: string, onChange: (deployment: Deployment) => void) => () => void) | undefined;
  #stop: (() => void) | undefined;

  override updated(): void {
    const isRunning = this.deployment.status === 'queued' || this.deployment.status === 'in_progress';
    if (isRunning && !this.#stop && this.follow) {
      this.#stop = this.follow(this.deployment._id, (deployment) => {
        this.deployment = deployment;
        if (deployment.status === 'success' || deployment.status === 'failure') {
          this.#stop?.();
          this.dispatchEvent(new CustomEvent('console-deployment-ended', { detail: deployment, bubbles: true, composed: true }));
        }
      });
    }
  }

  override disconnectedCallback(): void {
    this.#stop?.();
    this.#stop = undefined;
    super.disconnectedCallback();
  }

  override render() {
    const d = this.deployment;
    const files = d.commit.filesChanged;
    const changed = files.added.length + files.modified.length + files.removed.length;
    const listed = [
      ...files.added.map((file) => ['added', file]),
      ...files.modified.map((file) => ['modified', file]),
      ...files.removed.map((file) => ['removed', file]),
    ].slice(0, MAX_FILES_LISTED);
    return html`<article aria-label=${`Deployment ${d._id}`}>
      <div class="summary">
        <span>
          <span class="badge status-${d.status}" data-status=${d.status}>${STATUS_WORDS[d.status]}</span>
          ${this.isLive ? html`<span class="badge status-success">Live</span>` : null}
          ${d.isPreview ? html`<span class="badge">Preview</span>` : null}
        </span>
        <span class="commit">
          <strong>${d.branch ?? '—'}</strong>
          ${d.commit.sha ? html`<code>${d.commit.sha.slice(0, 7)}</code>` : null} ${d.commit.message ?? ''}
          <br /><span class="hint">${d.summary || 'No summary yet.'}</span>
        </span>
        <span class="hint">
          ${formatDateTime(d.createdAt)}<br />
          ${d.endedAt ? html`took ${formatDuration(d.createdAt, d.endedAt)}` : 'running'} · ${d.source}
        </span>
      </div>
      <details>
        <summary>Files changed (${changed}), log${d.screenshotLight ? ', screenshots' : ''}</summary>
        ${
          changed === 0
            ? html`<p class="hint">No files changed${d.status === 'success' ? ' since the deployment before' : ' yet'}.</p>`
            : html`<ul class="files">
                  ${listed.map(([change, file]) => html`<li>${change} <code>${file}</code></li>`)}
                </ul>
                ${changed > listed.length ? html`<p class="hint">And ${changed - listed.length} more.</p>` : null}`
        }
        <h3>Log</h3>
        <pre tabindex="0" aria-label="Deployment log">${d.logs.length ? d.logs.join('\n') : 'Nothing logged yet.'}</pre>
        ${
          d.screenshotLight || d.screenshotDark
            ? html`<h3>Screenshots</h3>
              <div class="shots">
                ${d.screenshotLight ? html`<img src=${sameOrigin(d.screenshotLight)} alt="The site's home page after this deployment, light theme" loading="lazy" />` : null}
                ${d.screenshotDark ? html`<img src=${sameOrigin(d.screenshotDark)} alt="The site's home page after this deployment, dark theme" loading="lazy" />` : null}
              </div>`
            : null
        }
      </details>
    </article>`;
  }
}
