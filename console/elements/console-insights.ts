import { css, html } from 'lit';
import { downloadCsv, toCsv } from '../lib/csv.ts';
import type { ResultOf } from 'gql.tada';
import { INSIGHTS_VIEW } from '../lib/documents.ts';
import { dayBefore, formatDateTime, formatNumber, formatPercent } from '../lib/format.ts';
import { ProjectView } from '../lib/view.ts';

/** The ranges offered at once, in days up to today; any other is chosen with the two dates. */
const PRESETS = [7, 30, 90] as const;

type Insights = ResultOf<typeof INSIGHTS_VIEW>;

/**
 * The Insights view, from one GraphQL request: charts of questions, searches and feedback per day over
 * the chosen range, the top searches with their click-through, the searches that found nothing, the
 * pages answers cite most, the recent conversations (each opens as a thread), CSV of each list, and the
 * content gaps with the agent's fix.
 */
export class ConsoleInsights extends ProjectView {
  static override styles = [
    ...ProjectView.styles,
    css`
      .charts {
        display: grid;
        grid-template-columns: repeat(auto-fit, minmax(300px, 1fr));
        gap: 16px;
      }
      dl {
        display: grid;
        grid-template-columns: repeat(auto-fit, minmax(150px, 1fr));
        gap: 8px 16px;
        margin: 0 0 16px;
      }
      dt {
        color: var(--muted);
        font-size: 0.875rem;
      }
      dd {
        margin: 0;
        font-size: 1.35rem;
        font-weight: 600;
      }
      .list-head {
        display: flex;
        flex-wrap: wrap;
        justify-content: space-between;
        align-items: baseline;
        gap: 8px;
      }
      .list-head h2 {
        margin-bottom: 8px;
      }
    `,
  ];
  protected static override reloadOn = ['from', 'through'];
  static override properties = {
    ...ProjectView.properties,
    from: { state: true },
    through: { state: true },
    data: { state: true },
    openThread: { state: true },
  };

  /** The first and the last UTC day shown, both included. */
  declare from: string;
  declare through: string;
  declare data: Insights | undefined;
  declare openThread: string | undefined;

  constructor() {
    super();
    this.from = dayBefore(29);
    this.through = dayBefore(0);
  }

  /** The range as the API takes it (`dateTo` excluded). */
  get range() {
    return { dateFrom: this.from, dateTo: dayBefore(-1, new Date(`${this.through}T00:00:00Z`)) };
  }

  protected override load() {
    return this.loadData(
      () => this.query(INSIGHTS_VIEW, this.range),
      (data) => (this.data = data),
    );
  }

  /** The preset the range is, if it is one. */
  get #preset(): number | undefined {
    return this.through === dayBefore(0) ? PRESETS.find((days) => this.from === dayBefore(days - 1)) : undefined;
  }

  #choosePreset(event: Event) {
    const days = Number((event.target as HTMLSelectElement).value);
    if (!days) return;
    this.from = dayBefore(days - 1);
    this.through = dayBefore(0);
  }

  /** A date typed or picked: kept when it is a day and the range still runs forwards, else said why. */
  #chooseDays(which: 'from' | 'through', event: Event) {
    const value = (event.target as HTMLInputElement).value;
    const [from, through] = which === 'from' ? [value, this.through] : [this.from, value];
    if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || from > through) {
      this.error = 'Choose a first day on or before the last day.';
      return;
    }
    this.error = '';
    this.from = from;
    this.through = through;
  }

  override render() {
    const data = this.data;
    return html`
      <div class="row">
        <label for="range">Range</label>
        <select id="range" @change=${this.#choosePreset}>
          ${PRESETS.map((days) => html`<option value=${days} ?selected=${this.#preset === days}>Last ${days} days</option>`)}
          <option value="" ?selected=${this.#preset === undefined}>Chosen days</option>
        </select>
        <label for="from">From</label>
        <input id="from" type="date" .value=${this.from} max=${this.through} @change=${(event: Event) => this.#chooseDays('from', event)} />
        <label for="through">Through</label>
        <input id="through" type="date" .value=${this.through} min=${this.from} @change=${(event: Event) => this.#chooseDays('through', event)} />
        <span class="hint">Days are UTC.</span>
      </div>
      ${this.renderNotices()}
      ${data ? this.#report(data) : html`<p class="hint">Loading insights…</p>`}
      ${
        this.openThread
          ? html`<console-thread .project=${this.project} .threadId=${this.openThread} @console-close=${() => (this.openThread = undefined)}></console-thread>`
          : null
      }
    `;
  }

  #report(data: Insights) {
    const insights = data.analyticsInsights;
    const totals = insights.totals;
    const days = insights.days.map((day) => day.day);
    const rangeWords = this.#preset ? `over the last ${this.#preset} days` : `from ${this.from} through ${this.through}`;
    return html`
      <h2 class="visually-hidden">Totals</h2>
      <dl>
        <div><dt>Questions</dt><dd>${formatNumber(totals.questions)}</dd></div>
        <div><dt>Answered</dt><dd>${formatNumber(totals.answered)}</dd></div>
        <div><dt>Not found in the docs</dt><dd>${formatNumber(totals.notFound)}</dd></div>
        <div><dt>Searches</dt><dd>${formatNumber(totals.searches)}</dd></div>
        <div><dt>Searches without results</dt><dd>${formatNumber(totals.searchesWithoutResults)}</dd></div>
        <div><dt>Feedback: helpful / not</dt><dd>${formatNumber(totals.helpful)} / ${formatNumber(totals.unhelpful)}</dd></div>
      </dl>
      <div class="charts">
        <console-bar-chart
          caption="Questions per day"
          .days=${days}
          .series=${[
            { label: 'Answered', values: insights.days.map((day) => day.answered) },
            { label: 'Not found', values: insights.days.map((day) => day.notFound) },
          ]}
          summary=${`Questions per day ${rangeWords}: ${totals.questions} in all, ${totals.answered} answered, ${totals.notFound} not found in the docs.`}
        ></console-bar-chart>
        <console-bar-chart
          caption="Searches per day"
          .days=${days}
          .series=${[
            { label: 'With results', values: insights.days.map((day) => day.searches - day.searchesWithoutResults) },
            { label: 'Without results', values: insights.days.map((day) => day.searchesWithoutResults) },
          ]}
          summary=${`Searches per day ${rangeWords}: ${totals.searches} in all, ${totals.searchesWithoutResults} without results.`}
        ></console-bar-chart>
        <console-bar-chart
          caption="Feedback per day"
          .days=${days}
          .series=${[
            { label: 'Helpful', values: insights.days.map((day) => day.helpful) },
            { label: 'Not helpful', values: insights.days.map((day) => day.unhelpful) },
          ]}
          summary=${`Feedback per day ${rangeWords}: ${totals.helpful} helpful, ${totals.unhelpful} not helpful.`}
        ></console-bar-chart>
      </div>
      ${this.#table(
        'Top searches',
        'top-searches',
        ['Search', 'Searches', 'Click-through', 'Page opened most'],
        data.analyticsSearches.searches.map((search) => [search.searchQuery, search.hits, formatPercent(search.ctr), search.topClickedPage ?? '—']),
        'No searches in this range.',
      )}
      ${this.#table(
        'Searches without results',
        'zero-result-searches',
        ['Search', 'Searches', 'Last searched'],
        insights.zeroResultSearches.map((search) => [search.query, search.count, formatDateTime(search.lastSearchedAt)]),
        'Every search found something.',
      )}
      ${this.#table(
        'Pages answers cite most',
        'cited-pages',
        ['Page', 'Answers citing it'],
        insights.citedPages.map((page) => [page.path, page.citations]),
        'No answer cited a page in this range.',
      )}
      ${this.#conversations(data)}
      <h2>Content gaps</h2>
      <console-gaps .project=${this.project} .gaps=${data.contentGaps} .range=${this.range}></console-gaps>
    `;
  }

  #table(title: string, id: string, header: string[], rows: (string | number)[][], empty: string) {
    return html`<div class="list-head">
        <h2 id=${id}>${title}</h2>
        ${rows.length ? html`<button @click=${() => downloadCsv(`${id}-${this.range.dateFrom}.csv`, toCsv(header, rows))}>Download CSV<span class="visually-hidden"> of ${title.toLowerCase()}</span></button>` : null}
      </div>
      ${
        rows.length === 0
          ? html`<p class="hint">${empty}</p>`
          : html`<div class="table-scroll" tabindex="0" role="region" aria-labelledby=${id}>
            <table aria-labelledby=${id}>
              <thead><tr>${header.map((cell, index) => html`<th scope="col" class=${index > 0 && typeof rows[0]![index] === 'number' ? 'number' : ''}>${cell}</th>`)}</tr></thead>
              <tbody>
                ${rows.map((row) => html`<tr>${row.map((cell) => html`<td class=${typeof cell === 'number' ? 'number' : ''}>${typeof cell === 'number' ? formatNumber(cell) : cell}</td>`)}</tr>`)}
              </tbody>
            </table>
          </div>`
      }`;
  }

  #conversations(data: Insights) {
    const conversations = data.analyticsAssistant.conversations;
    const csv = () =>
      toCsv(
        ['Time', 'Question', 'Outcome', 'Answer', 'Sources', 'Thread'],
        conversations.map((turn) => [
          turn.timestamp,
          turn.query,
          turn.resolutionStatus,
          turn.response,
          turn.sources.map((source) => source.url).join(' '),
          turn.threadId,
        ]),
      );
    return html`<div class="list-head">
        <h2 id="conversations">Recent conversations</h2>
        ${conversations.length ? html`<button @click=${() => downloadCsv(`conversations-${this.range.dateFrom}.csv`, csv())}>Download CSV<span class="visually-hidden"> of recent conversations</span></button>` : null}
      </div>
      ${
        conversations.length === 0
          ? html`<p class="hint">Nobody asked the assistant in this range.</p>`
          : html`<div class="table-scroll" tabindex="0" role="region" aria-labelledby="conversations">
            <table aria-labelledby="conversations">
              <thead><tr><th scope="col">Question</th><th scope="col">Outcome</th><th scope="col">When</th><th scope="col"><span class="visually-hidden">Thread</span></th></tr></thead>
              <tbody>
                ${conversations.map(
                  (turn) => html`<tr>
                    <td>${turn.query}</td>
                    <td>${turn.resolutionStatus === 'answered' ? 'answered' : 'not found'}</td>
                    <td>${formatDateTime(turn.timestamp)}</td>
                    <td><button @click=${() => (this.openThread = turn.threadId)}>Open<span class="visually-hidden"> the conversation “${turn.query}”</span></button></td>
                  </tr>`,
                )}
              </tbody>
            </table>
          </div>`
      }`;
  }
}
