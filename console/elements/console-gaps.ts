import { css, html } from 'lit';
import { type AgentEvent, type ContentGap, FIX_GAP, GAP_FIXES, type GapFix, JOB_EVENTS } from '../lib/documents.ts';
import { formatDateTime, formatNumber } from '../lib/format.ts';
import { payloadOf } from '../lib/jobs.ts';
import { hrefOf } from '../lib/route.ts';
import { ProjectView } from '../lib/view.ts';

/** What a running fix last said, per gap. */
interface Progress {
  /** Empty while the job is being started. */
  sessionId: string;
  steps: number;
  status: string;
  /** The last event shown (a stream that reconnects starts again from the first). */
  seq: number;
}

/**
 * The content gaps: what readers could not find, grouped into topics, with their questions and the pages
 * they reached instead. "Fix with the agent" starts the gap-fixing job, follows it live (its steps and
 * status), and when it ends shows the questions answered on the live site and on the preview.
 */
export class ConsoleGaps extends ProjectView {
  static override styles = [
    ...ProjectView.styles,
    css`
      .gap {
        margin-bottom: 12px;
      }
      .gap h3 {
        margin-bottom: 4px;
      }
      ul {
        margin: 4px 0 8px;
        padding-left: 20px;
        overflow-wrap: anywhere;
      }
    `,
  ];
  static override properties = { ...ProjectView.properties, gaps: { attribute: false }, range: { attribute: false }, progress: { state: true } };

  declare gaps: ContentGap[];
  declare range: { dateFrom: string; dateTo: string };
  declare progress: Record<string, Progress>;

  constructor() {
    super();
    this.gaps = [];
    this.progress = {};
  }

  override render() {
    if (this.gaps.length === 0) return html`<p>No content gaps in this range: readers found what they looked for, or asked little.</p>`;
    return html`${this.renderNotices()}
      ${this.gaps.map((gap) => this.#gap(gap))}`;
  }

  #gap(gap: ContentGap) {
    const progress = this.progress[gap.id];
    const latest = gap.fixes[0];
    const isRunning = progress !== undefined || (latest !== undefined && !latest.job.haulted);
    return html`<section class="gap card" aria-labelledby="gap-${gap.id}">
      <h3 id="gap-${gap.id}">${gap.title}</h3>
      <p class="hint">
        Met ${formatNumber(gap.count)} ${gap.count === 1 ? 'time' : 'times'} (${gap.trend.direction}): ${gap.summary}.
      </p>
      <strong>Readers asked</strong>
      <ul>
        ${gap.examples.map((example) => html`<li>${example}</li>`)}
      </ul>
      ${
        gap.pagesReachedInstead.length
          ? html`<strong>Pages they reached instead</strong>
            <ul>
              ${gap.pagesReachedInstead.map((page) => html`<li><code>${page.path}</code> (${page.count})</li>`)}
            </ul>`
          : null
      }
      <div class="row">
        <button class="primary" ?disabled=${isRunning} @click=${() => this.#fix(gap)}>${isRunning ? 'The agent is on it…' : 'Fix with the agent'}</button>
        ${
          progress
            ? html`<span role="status">Step ${progress.steps}: ${progress.status}</span>
              ${progress.sessionId ? html`<a href=${hrefOf({ view: 'jobs', id: progress.sessionId })}>Follow the job</a>` : null}`
            : null
        }
      </div>
      ${latest ? this.#fixResult(latest) : null}
    </section>`;
  }

  #fixResult(fix: GapFix) {
    const job = fix.job;
    return html`<div class="notice">
      <p>
        Fix started ${formatDateTime(fix.createdAt)}:
        ${job.haulted ? (job.haultReason === 'completed' ? 'ended.' : `stopped (${job.haultReason}).`) : 'running.'}
        ${job.pullRequestLink ? html`<a href=${job.pullRequestLink} target="_blank" rel="noopener">Pull request</a>` : null}
        <a href=${hrefOf({ view: 'jobs', id: fix.sessionId })}>The job</a>
      </p>
      ${
        fix.check
          ? html`<p>
              ${fix.check.answeredPreview} of ${fix.check.questions.length} questions answered on the
              <a href=${fix.check.previewUrl} target="_blank" rel="noopener">preview</a> (${fix.check.answeredLive} on the live site).
            </p>
            <div class="table-scroll" tabindex="0" role="region" aria-label="Before and after">
              <table>
                <caption>Before and after</caption>
                <thead><tr><th scope="col">Question</th><th scope="col">Live site</th><th scope="col">Preview</th></tr></thead>
                <tbody>
                  ${fix.check.questions.map(
                    (question) =>
                      html`<tr><td>${question.question}</td><td>${question.answeredLive ? 'answered' : 'not answered'}</td><td>${question.answeredPreview ? 'answered' : 'not answered'}</td></tr>`,
                  )}
                </tbody>
              </table>
            </div>`
          : job.haulted && job.messageToUser
            ? html`<p>${job.messageToUser}</p>`
            : null
      }
    </div>`;
  }

  async #fix(gap: ContentGap) {
    // Marked running at once, so that a second click does not start a second job.
    this.progress = { ...this.progress, [gap.id]: { sessionId: '', steps: 0, status: 'starting', seq: -1 } };
    const isStarted = await this.attempt(async () => {
      const { fixContentGap } = await this.query(FIX_GAP, { gapId: gap.id, ...this.range });
      const sessionId = fixContentGap.sessionId;
      this.progress = { ...this.progress, [gap.id]: { sessionId, steps: 0, status: 'queued', seq: -1 } };
      this.follow(
        JOB_EVENTS,
        { sessionId },
        {
          next: ({ agentJobEvents: event }) => this.#progressed(gap.id, event),
          error: (error) => (this.error = error.message),
          complete: () => void this.#ended(gap.id),
        },
      );
    });
    if (!isStarted) this.#forget(gap.id);
  }

  #progressed(gapId: string, event: AgentEvent) {
    const progress = this.progress[gapId];
    if (!progress || event.seq <= progress.seq) return;
    const next = { ...progress, seq: event.seq };
    const payload = payloadOf(event);
    if (event.kind === 'step-started') next.steps += 1;
    if (event.kind === 'status') next.status = String(payload.message ?? '');
    if (event.kind === 'tool-call') next.status = `the agent calls ${String(payload.toolName)}`;
    if (event.kind === 'outcome') next.status = 'ended';
    this.progress = { ...this.progress, [gapId]: next };
  }

  async #ended(gapId: string) {
    await this.attempt(async () => {
      const { contentGaps } = await this.query(GAP_FIXES, this.range);
      const fixes = contentGaps.find((gap) => gap.id === gapId)?.fixes;
      this.gaps = this.gaps.map((gap) => (gap.id === gapId && fixes ? { ...gap, fixes } : gap));
    });
    this.#forget(gapId);
  }

  #forget(gapId: string) {
    const { [gapId]: _ended, ...running } = this.progress;
    this.progress = running;
  }
}
