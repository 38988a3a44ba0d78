import { css, html } from 'lit';
import { type AgentEvent, type AgentJobState, type AgentSession, ARCHIVE_JOB, JOB_EVENTS, JOB_VIEW } from '../lib/documents.ts';
import { formatDateTime } from '../lib/format.ts';
import { hrefOf } from '../lib/route.ts';
import { ProjectView } from '../lib/view.ts';
import { jobState, payloadOf } from '../lib/jobs.ts';

/** One line of a job's stream, as the reader follows it. */
interface Step {
  seq: number;
  kind: 'message' | 'text' | 'tool' | 'status' | 'outcome';
  text: string;
  detail?: string;
}

/**
 * One agent job: its todos, its stream as it happens (the follow-ups that start later turns, the agent's
 * messages, each tool it calls and what came back, status lines), each turn's outcome, its pull request
 * and the preview of its branch. Follows `agentJobEvents` from the first event, and reloads the job's
 * record when a turn ends. A job that has ended can be archived (it then takes no follow-ups).
 */
export class ConsoleJob extends ProjectView {
  static override styles = [
    ...ProjectView.styles,
    css`
      ol.stream {
        list-style: none;
        padding: 0;
        margin: 0;
        border-left: 2px solid var(--border);
      }
      ol.stream li {
        padding: 4px 0 8px 12px;
        overflow-wrap: anywhere;
      }
      .kind {
        font-size: 0.8rem;
        color: var(--muted);
        text-transform: uppercase;
        letter-spacing: 0.04em;
      }
      ul.todos {
        padding-left: 20px;
      }
    `,
  ];
  static override properties = {
    ...ProjectView.properties,
    sessionId: {},
    job: { state: true },
    v2: { state: true },
    preview: { state: true },
    steps: { state: true },
  };

  declare sessionId: string;
  declare job: AgentSession | undefined;
  declare v2: AgentJobState | undefined;
  declare preview: { url: string; status: string | undefined } | undefined;
  declare steps: Step[];
  #lastSeq = -1;

  constructor() {
    super();
    this.steps = [];
  }

  override connectedCallback(): void {
    super.connectedCallback();
    void this.refresh().then((ok) => {
      if (!ok) return;
      this.follow(
        JOB_EVENTS,
        { sessionId: this.sessionId },
        {
          next: ({ agentJobEvents }) => this.#add(agentJobEvents),
          error: (error) => (this.error = error.message),
          complete: () => void this.refresh(),
        },
      );
    });
  }

  private refresh() {
    return this.loadData(
      () => this.query(JOB_VIEW, { sessionId: this.sessionId }),
      (data) => {
        this.job = data.agentJob;
        this.v2 = data.agentJobV2;
        const preview = data.previews.find((candidate) => candidate.branch === data.agentJob.branch);
        this.preview = preview ? { url: preview.url, status: preview.deployment?.status } : undefined;
      },
    );
  }

  #add(event: AgentEvent) {
    // A stream that reconnects starts again from the first event: those already shown are left out.
    if (event.seq <= this.#lastSeq) return;
    this.#lastSeq = event.seq;
    const payload = payloadOf(event);
    const last = this.steps.at(-1);
    if (event.kind === 'text' && last?.kind === 'text') {
      this.steps = [...this.steps.slice(0, -1), { ...last, text: last.text + String(payload.text ?? '') }];
      return;
    }
    let step: Step | undefined;
    if (event.kind === 'message') step = { seq: event.seq, kind: 'message', text: String(payload.content ?? '') };
    if (event.kind === 'text') step = { seq: event.seq, kind: 'text', text: String(payload.text ?? '') };
    if (event.kind === 'tool-call')
      step = { seq: event.seq, kind: 'tool', text: `Calls ${String(payload.toolName)}`, detail: JSON.stringify(payload.args, null, 2) };
    if (event.kind === 'tool-result' && last?.kind === 'tool') {
      this.steps = [...this.steps.slice(0, -1), { ...last, detail: `${last.detail}\n→ ${JSON.stringify(payload.result, null, 2)}` }];
      return;
    }
    if (event.kind === 'status') step = { seq: event.seq, kind: 'status', text: String(payload.message ?? '') };
    if (event.kind === 'outcome') {
      step = { seq: event.seq, kind: 'outcome', text: String(payload.messageToUser ?? 'The job ended.') };
      // A turn ended: the record (state, pull request) changed.
      void this.refresh();
    }
    if (event.kind === 'todos' && this.job) this.job = { ...this.job, todos: (payload.todos as AgentSession['todos']) ?? this.job.todos };
    if (step) this.steps = [...this.steps, step];
  }

  override render() {
    const job = this.job;
    return html`
      <p><a href=${hrefOf({ view: 'jobs' })}>← All jobs</a></p>
      ${this.renderNotices()}
      ${job ? this.#summary(job) : html`<p class="hint">Loading the job…</p>`}
      <h2 id="stream">What the agent does</h2>
      ${this.steps.length === 0 ? html`<p class="hint">Waiting for the agent…</p>` : null}
      <ol class="stream" aria-labelledby="stream" aria-live="polite">
        ${this.steps.map(
          (step) => html`<li>
            <div class="kind">${step.kind === 'text' ? 'agent' : step.kind === 'message' ? 'follow-up' : step.kind}</div>
            <div>${step.text}</div>
            ${step.detail ? html`<details><summary>Arguments and result</summary><pre tabindex="0">${step.detail}</pre></details>` : null}
          </li>`,
        )}
      </ol>
    `;
  }

  async #archive() {
    await this.attempt(async () => {
      const { archiveAgentJob } = await this.query(ARCHIVE_JOB, { sessionId: this.sessionId });
      this.v2 = archiveAgentJob;
    });
  }

  #summary(job: AgentSession) {
    const state = jobState(job, this.v2);
    const canArchive = this.v2?.status === 'completed' || this.v2?.status === 'failed';
    return html`<h2>Job on <code>${job.branch ?? '—'}</code></h2>
      <p>
        <span class="badge status-${state.status}" role="status">${state.word}</span>
        <span class="hint">started ${formatDateTime(job.createdAt)}${this.v2?.archivedAt ? html`, archived ${formatDateTime(this.v2.archivedAt)}` : null}</span>
        ${canArchive ? html`<button @click=${this.#archive}>Archive the job</button>` : null}
      </p>
      ${job.messageToUser ? html`<p>${job.messageToUser}</p>` : null}
      <p class="row">
        ${job.pullRequestLink ? html`<a href=${job.pullRequestLink} target="_blank" rel="noopener">Pull request</a>` : null}
        ${this.preview ? html`<a href=${this.preview.url} target="_blank" rel="noopener">Preview of the branch</a> <span class="hint">(${this.preview.status ?? 'not deployed'})</span>` : null}
      </p>
      ${
        job.todos.length
          ? html`<h3>Todos</h3>
            <ul class="todos">
              ${job.todos.map((todo) => html`<li>${todo.status === 'completed' ? '✓ ' : todo.status === 'in_progress' ? '… ' : ''}${todo.content} <span class="hint">(${todo.status.replace('_', ' ')})</span></li>`)}
            </ul>`
          : null
      }`;
  }
}
