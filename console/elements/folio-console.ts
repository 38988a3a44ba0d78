import { css, html, LitElement } from 'lit';
import { keyed } from 'lit/directives/keyed.js';
import { hrefOf, type Route, routeOf, VIEWS } from '../lib/route.ts';
import { type ConsoleProject, currentProjectId, setCurrentProject, signedInProjects, signOut } from '../lib/signed-in.ts';
import { theme } from '../styles/theme.ts';

/**
 * The console's page: sign-in until a key is entered, then the project's views (deployments, insights,
 * agent jobs, keys), chosen by the URL's fragment. A view whose key Folio refuses sends a
 * `console-key-refused` event: that project is signed out with a message saying why.
 */
export class FolioConsole extends LitElement {
  static override styles = [
    theme,
    css`
      :host {
        background: var(--background);
        min-height: 100vh;
      }
      header {
        display: flex;
        flex-wrap: wrap;
        align-items: center;
        gap: 8px 16px;
        padding: 10px 20px;
        border-bottom: 1px solid var(--border);
        background: var(--surface);
      }
      .brand {
        font-weight: 700;
        font-size: 1.05rem;
        margin-right: auto;
      }
      nav ul {
        display: flex;
        flex-wrap: wrap;
        gap: 4px;
        list-style: none;
        margin: 0;
        padding: 8px 20px 0;
        border-bottom: 1px solid var(--border);
      }
      nav a {
        display: inline-block;
        padding: 8px 12px;
        color: var(--text);
        text-decoration: none;
        border-bottom: 2px solid transparent;
      }
      nav a[aria-current='page'] {
        border-bottom-color: var(--accent);
        font-weight: 600;
      }
      main {
        padding: 20px;
        max-width: 1200px;
      }
      .project-picker {
        display: flex;
        align-items: center;
        gap: 8px;
      }
      .project-picker label {
        margin: 0;
      }
    `,
  ];

  static override properties = {
    projects: { state: true },
    currentId: { state: true },
    route: { state: true },
    isAdding: { state: true },
    notice: { state: true },
  };

  declare projects: ConsoleProject[];
  declare currentId: string | undefined;
  declare route: Route;
  declare isAdding: boolean;
  /** Why the reader is on the sign-in form again, or what just happened. */
  declare notice: string;

  constructor() {
    super();
    this.projects = signedInProjects();
    this.currentId = currentProjectId();
    this.route = routeOf(location.hash);
    this.isAdding = false;
    this.notice = '';
  }

  private get heading(): HTMLElement | null | undefined {
    return this.renderRoot.querySelector('h1');
  }

  #onHashChange = () => {
    this.route = routeOf(location.hash);
    void this.updateComplete.then(() => this.heading?.focus());
  };

  override connectedCallback(): void {
    super.connectedCallback();
    addEventListener('hashchange', this.#onHashChange);
    this.addEventListener('console-key-refused', this.#onKeyRefused as EventListener);
  }

  override disconnectedCallback(): void {
    removeEventListener('hashchange', this.#onHashChange);
    this.removeEventListener('console-key-refused', this.#onKeyRefused as EventListener);
    super.disconnectedCallback();
  }

  #onKeyRefused = (event: CustomEvent<{ projectId: string }>) => {
    const project = this.projects.find((known) => known.projectId === event.detail.projectId);
    if (!project) return;
    signOut(project.projectId);
    this.notice = `Folio no longer accepts the key for “${project.name}” (it may have been revoked), so it was signed out. Sign in again with an admin key.`;
    this.#reload();
  };

  #reload() {
    this.projects = signedInProjects();
    this.currentId = currentProjectId();
  }

  get #current(): ConsoleProject | undefined {
    return this.projects.find((project) => project.projectId === this.currentId) ?? this.projects[0];
  }

  override render() {
    const current = this.#current;
    if (!current || this.isAdding) {
      return html`<main id="main">
        ${this.notice ? html`<p class="notice" role="status">${this.notice}</p>` : null}
        <console-sign-in
          .canCancel=${Boolean(current)}
          @console-signed-in=${() => {
            this.isAdding = false;
            this.notice = '';
            this.#reload();
          }}
          @console-cancel=${() => {
            this.isAdding = false;
          }}
        ></console-sign-in>
      </main>`;
    }
    const label = VIEWS.find((entry) => entry.view === this.route.view)!.label;
    return html`
      <header>
        <span class="brand">Folio console</span>
        ${this.#projectPicker(current)}
        <button @click=${() => (this.isAdding = true)}>Add a project</button>
        <button @click=${this.#signOut}>Sign out</button>
      </header>
      <nav aria-label="Console">
        <ul>
          ${VIEWS.map(
            (entry) =>
              html`<li><a href=${hrefOf({ view: entry.view })} aria-current=${entry.view === this.route.view ? 'page' : 'false'}>${entry.label}</a></li>`,
          )}
        </ul>
      </nav>
      <main id="main">
        ${this.notice ? html`<p class="notice" role="status">${this.notice}</p>` : null}
        <h1 tabindex="-1">${label} <span class="hint">· ${current.name}</span></h1>
        ${keyed(current.projectId, this.#view(current))}
      </main>
    `;
  }

  #view(project: ConsoleProject) {
    switch (this.route.view) {
      case 'insights':
        return html`<console-insights .project=${project}></console-insights>`;
      case 'jobs':
        return html`<console-jobs .project=${project} .jobId=${this.route.id}></console-jobs>`;
      case 'keys':
        return html`<console-keys .project=${project}></console-keys>`;
      default:
        return html`<console-deployments .project=${project}></console-deployments>`;
    }
  }

  #projectPicker(current: ConsoleProject) {
    if (this.projects.length === 1) return html`<span>${current.name} <span class="hint">(${current.subdomain})</span></span>`;
    return html`<div class="project-picker">
      <label for="project">Project</label>
      <select
        id="project"
        @change=${(event: Event) => {
          const projectId = (event.target as HTMLSelectElement).value;
          setCurrentProject(projectId);
          this.currentId = projectId;
        }}
      >
        ${this.projects.map((project) => html`<option value=${project.projectId} ?selected=${project.projectId === current.projectId}>${project.name}</option>`)}
      </select>
    </div>`;
  }

  #signOut() {
    signOut();
    this.notice = 'Signed out: this tab no longer holds any key.';
    this.#reload();
  }
}
