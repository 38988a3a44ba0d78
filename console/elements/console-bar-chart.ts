import { css, html, LitElement, svg } from 'lit';
import { formatDay, formatNumber } from '../lib/format.ts';
import { theme } from '../styles/theme.ts';

export interface ChartSeries {
  label: string;
  values: number[];
}

const WIDTH = 360;
const HEIGHT = 140;
const AXIS = 24;
/** The series' colours, in stacking order (theme.ts sets them for light and dark). */
const COLOURS = ['var(--chart-1)', 'var(--chart-2)'];

/**
 * A stacked bar chart of days in plain SVG (no charting library: a few hundred bytes, and every part of
 * it ours to make accessible). The picture is one image with a summary as its name; the numbers are in
 * a table beside it, shown on request, for screen readers and for anyone who wants them exact.
 */
export class ConsoleBarChart extends LitElement {
  static override styles = [
    theme,
    css`
      figure {
        margin: 0;
      }
      figcaption {
        font-weight: 600;
      }
      svg {
        width: 100%;
        height: auto;
        display: block;
        margin: 8px 0;
      }
      .legend {
        display: flex;
        flex-wrap: wrap;
        gap: 4px 16px;
        font-size: 0.875rem;
        list-style: none;
        margin: 0;
        padding: 0;
      }
      .swatch {
        display: inline-block;
        width: 12px;
        height: 12px;
        border-radius: 2px;
        margin-right: 6px;
        vertical-align: -1px;
      }
      text {
        fill: var(--muted);
        font-size: 10px;
      }
      line {
        stroke: var(--border);
      }
    `,
  ];
  static override properties = { caption: {}, days: { attribute: false }, series: { attribute: false }, summary: {} };

  declare caption: string;
  declare days: string[];
  declare series: ChartSeries[];
  /** What the chart shows, in a sentence: the image's accessible name. */
  declare summary: string;

  constructor() {
    super();
    this.caption = '';
    this.days = [];
    this.series = [];
    this.summary = '';
  }

  override render() {
    const totals = this.days.map((_day, index) => this.series.reduce((sum, series) => sum + (series.values[index] ?? 0), 0));
    const max = Math.max(1, ...totals);
    const slot = (WIDTH - AXIS) / Math.max(1, this.days.length);
    const bar = Math.max(2, slot * 0.7);
    const scale = (HEIGHT - 20) / max;
    const labelEvery = Math.ceil(this.days.length / 5);
    return html`<figure class="card">
      <figcaption>${this.caption}</figcaption>
      <svg viewBox="0 0 ${WIDTH} ${HEIGHT + 18}" role="img" aria-label=${this.summary}>
        <line x1=${AXIS} y1=${HEIGHT} x2=${WIDTH} y2=${HEIGHT}></line>
        <text x="0" y="12">${formatNumber(max)}</text>
        <text x="0" y=${HEIGHT}>0</text>
        ${this.days.map((day, index) => {
          let top = HEIGHT;
          const x = AXIS + index * slot + (slot - bar) / 2;
          return svg`${this.series.map((series, seriesIndex) => {
            const height = (series.values[index] ?? 0) * scale;
            top -= height;
            return height > 0 ? svg`<rect x=${x} y=${top} width=${bar} height=${height} fill=${COLOURS[seriesIndex % COLOURS.length]!}></rect>` : null;
          })}${index % labelEvery === 0 ? svg`<text x=${x} y=${HEIGHT + 14}>${formatDay(day)}</text>` : null}`;
        })}
      </svg>
      <ul class="legend">
        ${this.series.map(
          (series, index) =>
            html`<li><span class="swatch" style="background: ${COLOURS[index % COLOURS.length]}"></span>${series.label}: ${formatNumber(series.values.reduce((a, b) => a + b, 0))}</li>`,
        )}
      </ul>
      <details>
        <summary>Show as a table</summary>
        <div class="table-scroll" tabindex="0" role="region" aria-label=${`${this.caption}, per day`}>
          <table>
            <caption class="visually-hidden">${this.caption}, per day</caption>
            <thead>
              <tr><th scope="col">Day (UTC)</th>${this.series.map((series) => html`<th scope="col" class="number">${series.label}</th>`)}</tr>
            </thead>
            <tbody>
              ${this.days.map(
                (day, index) =>
                  html`<tr><th scope="row">${day}</th>${this.series.map((series) => html`<td class="number">${formatNumber(series.values[index] ?? 0)}</td>`)}</tr>`,
              )}
            </tbody>
          </table>
        </div>
      </details>
    </figure>`;
  }
}
