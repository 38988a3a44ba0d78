import { html, LitElement, type PropertyValues } from 'lit';
import { ConsoleError, errorMessage } from './console-error.ts';
import { graphql, type Subscription, subscribe } from './graphql.ts';
import type { ConsoleProject } from './signed-in.ts';
import { theme } from '../styles/theme.ts';

/**
 * What every view shares: its project (and key), GraphQL with that key, its data read when it is shown
 * and again when its project (or a property in `reloadOn`) changes, and what happens when Folio refuses
 * the key (the console signs the project out, saying why). Subscriptions end with the view.
 */
export class ProjectView extends LitElement {
  static override styles = [theme];
  static override properties = { project: { attribute: false }, error: { state: true }, message: { state: true } };

  declare project: ConsoleProject;
  /** What the view could not do, shown at its top. */
  declare error: string;
  /** What the reader's last action did, announced by a live region. */
  declare message: string;
  #subscriptions = new Set<() => void>();

  /** The properties whose change (after their first value) reads the view's data again. */
  protected static reloadOn: readonly string[] = ['project'];

  constructor() {
    super();
    this.error = '';
    this.message = '';
  }

  /** The view's error (an alert) and its live region (always present, so that screen readers hear what changes in it). */
  protected renderNotices() {
    return html`${this.error ? html`<p class="error" role="alert">${this.error}</p>` : null}
      <p role="status" class=${this.message ? 'notice' : 'visually-hidden'}>${this.message}</p>`;
  }

  /** Lists that change without the reader (deployments and jobs started elsewhere) are read again this often while the tab is seen. */
  protected static refreshSeconds: number | undefined;
  #refresh: ReturnType<typeof setInterval> | undefined;

  override connectedCallback(): void {
    super.connectedCallback();
    void this.load();
    const seconds = (this.constructor as typeof ProjectView).refreshSeconds;
    if (seconds) this.#refresh = setInterval(() => document.visibilityState === 'visible' && void this.load(), seconds * 1000);
  }

  override willUpdate(changed: PropertyValues): void {
    const reloadOn = (this.constructor as typeof ProjectView).reloadOn;
    if (reloadOn.some((name) => changed.has(name) && changed.get(name) !== undefined)) void this.load();
  }

  /** Reads the view's data (through loadData); a view with none reads nothing. */
  protected load(): Promise<unknown> {
    return Promise.resolve();
  }

  /** A query or mutation of this project; a refused key is reported and rethrown. */
  protected async query<Data>(document: string, variables: Record<string, unknown> = {}): Promise<Data> {
    try {
      return await graphql<Data>(this.project.key, document, { projectId: this.project.projectId, ...variables });
    } catch (error) {
      this.refusedKey(error);
      throw error;
    }
  }

  /** Runs `work`, showing what went wrong instead of throwing; whether it succeeded. */
  protected async attempt(work: () => Promise<unknown>): Promise<boolean> {
    try {
      await work();
      this.error = '';
      return true;
    } catch (error) {
      this.error = errorMessage(error);
      return false;
    }
  }

  /** Reads the view's data; the element is marked `data-loaded` once it has (what the benchmark waits for). */
  protected async loadData(work: () => Promise<unknown>): Promise<boolean> {
    const ok = await this.attempt(work);
    await this.updateComplete;
    this.toggleAttribute('data-loaded', true);
    return ok;
  }

  protected follow<Data>(document: string, variables: Record<string, unknown>, sink: Subscription<Data>): () => void {
    const stop = subscribe<Data>(
      this.project.key,
      document,
      { projectId: this.project.projectId, ...variables },
      {
        ...sink,
        error: (error) => {
          this.refusedKey(error);
          sink.error(error);
        },
        complete: () => {
          this.#subscriptions.delete(stop);
          sink.complete?.();
        },
      },
    );
    this.#subscriptions.add(stop);
    return () => {
      this.#subscriptions.delete(stop);
      stop();
    };
  }

  private refusedKey(error: unknown): void {
    if (error instanceof ConsoleError && error.isKeyRefused)
      this.dispatchEvent(new CustomEvent('console-key-refused', { detail: { projectId: this.project.projectId }, bubbles: true, composed: true }));
  }

  override disconnectedCallback(): void {
    clearInterval(this.#refresh);
    for (const stop of this.#subscriptions) stop();
    this.#subscriptions.clear();
    super.disconnectedCallback();
  }
}
