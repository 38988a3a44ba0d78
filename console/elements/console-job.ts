import { css, html } from 'lit';
import { JOB_EVENTS, JOB_VIEW } from '../lib/documents.ts';
import { formatDateTime } from '../lib/format.ts';
import { hrefOf } from '../lib/route.ts';
import type { AgentEvent, AgentSession } from '../lib/types.ts';
import { ProjectView } from '../lib/view.ts';
import { jobState } from '../lib/jobs.ts';

/** One line of a job's stream, as the reader follows it. */
interface Step {
  seq: number;
  kind: 'text' | 'tool' | 'status' | 'outcome';
  text: string;
  detail?: string;
}

/**
 * One agent job: its todos, its stream as it happens (the agent's messages, each tool it calls and what
 * came back, status lines), its outcome, pull request and the preview of its branch. Follows
 * `agentJobEvents` from the first event, and reloads the job's record when it ends.
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
  static override properties = { ...ProjectView.properties, sessionId: {}, job: { state: true }, preview: { state: true }, steps: { state: true } };

  declare sessionId: string;
  declare job: AgentSession | undefined;
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
      this.follow<{ agentJobEvents: AgentEvent }>(
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
      () =>
        this.query<{ agentJob: AgentSession; previews: { branch: string; url: string; deployment: { status: string } | null }[] }>(JOB_VIEW, {
          sessionId: this.sessionId,
        }),
      (data) => {
        this.job = data.agentJob;
        const preview = data.previews.find((candidate) => candidate.branch === data.agentJob.branch);
        this.preview = preview ? { url: preview.url, status: preview.deployment?.status } : undefined;
      },
    );
  }

  #add(event: AgentEvent) {
    // A stream that reconnects starts again from the first event: those already shown are left out.
    if (event.seq <= this.#lastSeq) return;
    this.#lastSeq = event.seq;
    const payload = event.payload;
    const last = this.steps.at(-1);
    if (event.kind === 'text' && last?.kind === 'text') {
      this.steps = [...this.steps.slice(0, -1), { ...last, text: last.text + String(payload.text ?? '') }];
      return;
    }
    let step: Step | undefined;
    if (event.kind === 'text') step = { seq: event.seq, kind: 'text', text: String(payload.text ?? '') };
    if (event.kind === 'tool-call')
      step = { seq: event.seq, kind: 'tool', text: `Calls ${String(payload.toolName)}`, detail: JSON.stringify(payload.args, null, 2) };
    if (event.kind === 'tool-result' && last?.kind === 'tool') {
      this.steps = [...this.steps.slice(0, -1), { ...last, detail: `${last.detail}\n→ ${JSON.stringify(payload.result, null, 2)}` }];
      return;
    }
    if (event.kind === 'status') step = { seq: event.seq, kind: 'status', text: String(payload.message ?? '') };
    if (event.kind === 'outcome') step = { seq: event.seq, kind: 'outcome', text: String(payload.messageToUser ?? 'The job ended.') };
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
            <div class="kind">${step.kind === 'tool' ? 'tool' : step.kind === 'text' ? 'agent' : step.kind}</div>
            <div>${step.text}</div>
            ${step.detail ? html`<details><summary>Arguments and result</summary><pre tabindex="0">${step.detail}</pre></details>` : null}
          </li>`,
        )}
      </ol>
    `;
  }

  #summary(job: AgentSession) {
    const state = jobState(job);
    return html`<h2>Job on <code>${job.branch ?? '—'}</code></h2>
      <p>
        <span class="badge status-${state.status}" role="status">${state.word}</span>
        <span class="hint">started ${formatDateTime(job.createdAt)}</span>
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
