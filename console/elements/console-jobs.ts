import { css, html } from 'lit';
import { keyed } from 'lit/directives/keyed.js';
import type { ResultOf } from 'gql.tada';
import { CREATE_JOB, JOBS_VIEW } from '../lib/documents.ts';
import { formatDateTime } from '../lib/format.ts';
import { hrefOf } from '../lib/route.ts';
import { jobState, payloadOf } from '../lib/jobs.ts';
import { ProjectView } from '../lib/view.ts';

/**
 * The Agent jobs view: the project's jobs, newest first, and a form that starts one (the agentJob
 * subscription creates it; the view then follows it on its own page). With `jobId`, that job's page.
 */
export class ConsoleJobs extends ProjectView {
  static override styles = [
    ...ProjectView.styles,
    css`
      form {
        max-width: 720px;
      }
      textarea {
        width: 100%;
        min-height: 90px;
      }
      input[type='text'] {
        width: min(100%, 360px);
      }
    `,
  ];
  protected static override refreshSeconds = 15;
  protected static override reloadOn = ['jobId'];
  static override properties = { ...ProjectView.properties, jobId: {}, data: { state: true }, isStarting: { state: true } };

  declare jobId: string | undefined;
  declare data: ResultOf<typeof JOBS_VIEW> | undefined;
  declare isStarting: boolean;

  constructor() {
    super();
    this.isStarting = false;
  }

  protected override load() {
    if (this.jobId) return Promise.resolve();
    return this.loadData(
      () => this.query(JOBS_VIEW),
      (data) => (this.data = data),
    );
  }

  override render() {
    // One element per job: another job's page starts afresh (its stream, its steps).
    if (this.jobId) return keyed(this.jobId, html`<console-job .project=${this.project} .sessionId=${this.jobId}></console-job>`);
    const jobs = this.data?.agentJobs.allSessions;
    return html`
      ${this.renderNotices()}
      <form class="card" @submit=${this.#start} aria-labelledby="new-job">
        <h2 id="new-job">Start a job</h2>
        <div class="field">
          <label for="job-message">What should the agent change in the docs?</label>
          <textarea id="job-message" name="message" required placeholder="Document the --port flag of the CLI on the quickstart page."></textarea>
        </div>
        <div class="field">
          <label for="job-branch">Branch to push</label>
          <input id="job-branch" name="branch" type="text" required autocomplete="off" spellcheck="false" placeholder="docs/port-flag" />
          <div class="hint">A new branch (not ${this.data?.project.branch ?? 'the deployment branch'}); the job opens a pull request from it.</div>
        </div>
        <div class="field row">
          <input id="job-draft" name="asDraft" type="checkbox" checked />
          <label for="job-draft" style="margin: 0; font-weight: normal">Open the pull request as a draft</label>
        </div>
        <button class="primary" type="submit" ?disabled=${this.isStarting}>${this.isStarting ? 'Starting…' : 'Start the job'}</button>
      </form>
      <h2>Jobs</h2>
      ${
        jobs === undefined
          ? html`<p class="hint">Loading jobs…</p>`
          : jobs.length === 0
            ? html`<p>No agent jobs yet.</p>`
            : html`<div class="table-scroll" tabindex="0" role="region" aria-label="Agent jobs">
              <table>
                <caption class="visually-hidden">Agent jobs, newest first</caption>
                <thead><tr><th scope="col">Job</th><th scope="col">Branch</th><th scope="col">State</th><th scope="col">Started</th><th scope="col">Pull request</th></tr></thead>
                <tbody>
                  ${jobs.map((job) => {
                    const state = jobState(job);
                    return html`<tr>
                      <td><a href=${hrefOf({ view: 'jobs', id: job.sessionId })}>${job.todos[0]?.content ?? job.sessionId}</a></td>
                      <td><code>${job.branch ?? '—'}</code></td>
                      <td><span class="badge status-${state.status}">${state.word}</span></td>
                      <td>${formatDateTime(job.createdAt)}</td>
                      <td>${job.pullRequestLink ? html`<a href=${job.pullRequestLink} target="_blank" rel="noopener">Open</a>` : '—'}</td>
                    </tr>`;
                  })}
                </tbody>
              </table>
            </div>`
      }
    `;
  }

  async #start(event: SubmitEvent) {
    event.preventDefault();
    const form = new FormData(event.target as HTMLFormElement);
    const input = {
      branch: String(form.get('branch') ?? '').trim(),
      messages: [{ role: 'user', content: String(form.get('message') ?? '').trim() }],
      asDraft: form.get('asDraft') === 'on',
    };
    this.isStarting = true;
    // The subscription creates the job; its first event names it. The job runs on whether followed or not.
    const stop = this.follow(
      CREATE_JOB,
      { input },
      {
        next: ({ agentJob }) => {
          if (agentJob.kind !== 'started') return;
          stop();
          this.isStarting = false;
          location.hash = hrefOf({ view: 'jobs', id: String(payloadOf(agentJob).sessionId) });
        },
        error: (error) => {
          this.isStarting = false;
          this.error = error.message;
        },
      },
      // Run again on a reconnection, the subscription would create a second job.
      { retries: 0 },
    );
  }
}
