import { css, html } from 'lit';
import { repeat } from 'lit/directives/repeat.js';
import type { ResultOf } from 'gql.tada';
import { DEPLOYMENT_UPDATED, DEPLOYMENTS_VIEW, type Deployment, TRIGGER_PREVIEW, TRIGGER_UPDATE } from '../lib/documents.ts';
import { formatDateTime } from '../lib/format.ts';
import { ProjectView } from '../lib/view.ts';
import { STATUS_WORDS } from './console-deployment.ts';

type DeploymentsData = ResultOf<typeof DEPLOYMENTS_VIEW>;

/**
 * The Deployments view: the live site and its link, the previews of branches, the recent deployments
 * (each following its status live), and forms to deploy the branch or preview another.
 */
export class ConsoleDeployments extends ProjectView {
  static override styles = [
    ...ProjectView.styles,
    css`
      .actions {
        display: grid;
        grid-template-columns: repeat(auto-fit, minmax(260px, 1fr));
        gap: 16px;
        margin-bottom: 8px;
      }
      .actions h2 {
        margin-top: 0;
      }
      console-deployment {
        display: block;
      }
    `,
  ];
  protected static override refreshSeconds = 15;
  static override properties = { ...ProjectView.properties, data: { state: true } };

  declare data: DeploymentsData | undefined;

  protected override load() {
    return this.loadData(
      () => this.query(DEPLOYMENTS_VIEW),
      (data) => (this.data = data),
    );
  }

  #follow = (statusId: string, onChange: (deployment: Deployment) => void) =>
    this.follow(
      DEPLOYMENT_UPDATED,
      { statusId },
      {
        next: (data) => onChange(data.deploymentUpdated),
        error: (error) => (this.error = error.message),
      },
    );

  override render() {
    const data = this.data;
    return html`
      ${this.renderNotices()}
      ${data ? this.#liveSite(data) : html`<p class="hint">Loading deployments…</p>`}
      <div class="actions">
        <form class="card" @submit=${this.#deploy} aria-labelledby="deploy-heading">
          <h2 id="deploy-heading">Deploy</h2>
          <p class="hint">Deploys the newest commit of <code>${data?.project.branch ?? 'the branch'}</code> to the live site.</p>
          <button class="primary" type="submit">Deploy now</button>
        </form>
        <form class="card" @submit=${this.#preview} aria-labelledby="preview-heading">
          <h2 id="preview-heading">Preview a branch</h2>
          <div class="field">
            <label for="preview-branch">Branch</label>
            <input id="preview-branch" name="branch" required autocomplete="off" spellcheck="false" placeholder="docs/new-page" />
          </div>
          <button type="submit">Deploy a preview</button>
        </form>
      </div>
      ${data ? this.#previews(data) : null}
      <h2>Recent deployments</h2>
      <div @console-deployment-ended=${() => void this.load()}>
        ${data?.project.deployments.length === 0 ? html`<p>No deployments yet: deploy the branch above.</p>` : null}
        ${repeat(
          data?.project.deployments ?? [],
          (deployment) => deployment._id,
          (deployment) =>
            html`<console-deployment .deployment=${deployment} .isLive=${deployment._id === data?.project.liveDeployment?._id} .follow=${this.#follow}></console-deployment>`,
        )}
      </div>
    `;
  }

  #liveSite(data: DeploymentsData) {
    return html`<p>
      Live site: <a href=${data.project.siteUrl} target="_blank" rel="noopener">${data.project.siteUrl}</a>
      ${data.project.liveDeployment ? null : html`<span class="hint">(nothing deployed yet)</span>`}
    </p>`;
  }

  #previews(data: DeploymentsData) {
    return html`<h2>Previews</h2>
      ${
        data.previews.length === 0
          ? html`<p class="hint">No previews: deploy one of a branch below, or let an agent job make one.</p>`
          : html`<div class="table-scroll" tabindex="0" role="region" aria-label="Previews of branches">
            <table>
              <caption class="visually-hidden">Previews of branches</caption>
              <thead><tr><th scope="col">Branch</th><th scope="col">Address</th><th scope="col">Status</th><th scope="col">Last used</th></tr></thead>
              <tbody>
                ${data.previews.map(
                  (preview) => html`<tr>
                    <td><code>${preview.branch}</code></td>
                    <td><a href=${preview.url} target="_blank" rel="noopener">${preview.url}</a></td>
                    <td>${preview.deployment ? html`<span class="badge status-${preview.deployment.status}">${STATUS_WORDS[preview.deployment.status]}</span>` : '—'}</td>
                    <td>${formatDateTime(preview.usedAt)}</td>
                  </tr>`,
                )}
              </tbody>
            </table>
          </div>`
      }`;
  }

  async #deploy(event: SubmitEvent) {
    event.preventDefault();
    const ok = await this.attempt(async () => {
      const { triggerUpdate } = await this.query(TRIGGER_UPDATE);
      this.message = `Deployment ${triggerUpdate.statusId} queued.`;
      await this.load();
    });
    if (!ok) this.message = '';
  }

  async #preview(event: SubmitEvent) {
    event.preventDefault();
    const form = event.target as HTMLFormElement;
    const branch = (new FormData(form).get('branch') as string).trim();
    if (!branch) {
      this.error = 'Name the branch to preview.';
      return;
    }
    const ok = await this.attempt(async () => {
      const { triggerPreview } = await this.query(TRIGGER_PREVIEW, { branch });
      this.message = `Preview of ${branch} queued: it will be at ${triggerPreview.previewUrl}.`;
      form.reset();
      await this.load();
    });
    if (!ok) this.message = '';
  }
}
