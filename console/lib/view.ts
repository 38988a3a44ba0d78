import { html, LitElement, type PropertyValues } from 'lit';
import { ConsoleError, errorMessage } from './console-error.ts';
import type { ResultOf, VariablesOf } from 'gql.tada';
import { type Operation, graphql, type Subscription, subscribe } from './graphql.ts';
import type { ConsoleProject } from './signed-in.ts';
import { theme } from '../styles/theme.ts';

/** A document's variables less the project's id, which the view adds; none to pass when that is all it takes. */
type ViewVariables<Doc extends Operation> = Omit<VariablesOf<Doc>, 'projectId'>;
type ViewArguments<Doc extends Operation> =
  Partial<ViewVariables<Doc>> extends ViewVariables<Doc> ? [variables?: ViewVariables<Doc>] : [variables: ViewVariables<Doc>];

/**
 * What every view shares: its project (and key), GraphQL with that key, its data read when it is shown
 * and again when a property in `reloadOn` changes, and what happens when Folio refuses
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
  #loads = 0;

  /** The properties whose change (after their first value) reads the view's data again; a view holds one project all its life (folio-console keys it by project). */
  protected static reloadOn: readonly string[] = [];

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
  protected async query<Doc extends Operation>(document: Doc, ...[variables]: ViewArguments<Doc>): Promise<ResultOf<Doc>> {
    try {
      return await graphql(this.project.key, document, this.#withProject<Doc>(variables));
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

  /**
   * Reads the view's data and hands it to `show`, unless a later read began meanwhile (a range changed
   * again, a refresh): an older answer never replaces a newer one. The element is marked `data-loaded`
   * once it has shown data (what the benchmark waits for).
   */
  protected async loadData<Data>(read: () => Promise<Data>, show: (data: Data) => void): Promise<boolean> {
    const load = ++this.#loads;
    const ok = await this.attempt(async () => {
      const data = await read();
      if (load === this.#loads) show(data);
    });
    await this.updateComplete;
    this.toggleAttribute('data-loaded', true);
    return ok;
  }

  protected follow<Doc extends Operation>(
    document: Doc,
    variables: ViewVariables<Doc>,
    sink: Subscription<ResultOf<Doc>>,
    options?: { retries?: number },
  ): () => void {
    const ended = () => this.#subscriptions.delete(stop);
    const stop = subscribe(
      this.project.key,
      document,
      this.#withProject<Doc>(variables),
      {
        ...sink,
        error: (error) => {
          ended();
          this.refusedKey(error);
          sink.error(error);
        },
        complete: () => {
          ended();
          sink.complete?.();
        },
      },
      options,
    );
    this.#subscriptions.add(stop);
    return () => {
      ended();
      stop();
    };
  }

  /** Every view's document takes the project's id, which TypeScript cannot see through the Omit of a generic document. */
  #withProject<Doc extends Operation>(variables: ViewVariables<Doc> | undefined): VariablesOf<Doc> {
    return { projectId: this.project.projectId, ...variables } as VariablesOf<Doc>;
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
