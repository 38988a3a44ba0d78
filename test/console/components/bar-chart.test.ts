import { afterEach, describe, expect, it } from 'vitest';
import { ConsoleBarChart } from '../../../console/elements/console-bar-chart.ts';
import { axeViolations } from '../../widget/components/support/axe.ts';
import { emulateMedia } from '../../widget/components/support/widget-page.ts';

/** The console's charts, alone in Chromium: the picture, its name, and the table that says the same. */
if (!customElements.get('console-bar-chart')) customElements.define('console-bar-chart', ConsoleBarChart);

const DAYS = ['2026-11-01', '2026-11-02', '2026-11-03'];

async function chart(series: { label: string; values: number[] }[]): Promise<ShadowRoot> {
  const main = document.createElement('main');
  main.innerHTML = '<h1>Insights</h1>';
  const element = document.createElement('console-bar-chart') as ConsoleBarChart;
  element.caption = 'Questions per day';
  element.summary = 'Questions per day: 9 in all, 6 answered, 3 not found.';
  element.days = DAYS;
  element.series = series;
  main.append(element);
  document.body.append(main);
  await element.updateComplete;
  return element.shadowRoot!;
}

afterEach(async () => {
  document.body.replaceChildren();
  await emulateMedia();
});

describe('console-bar-chart', () => {
  it('draws one stacked bar a day, each series as tall as its share of the busiest day', async () => {
    const root = await chart([
      { label: 'Answered', values: [2, 0, 4] },
      { label: 'Not found', values: [1, 0, 2] },
    ]);
    const bars = [...root.querySelectorAll('rect')].map((rect) => ({ x: Number(rect.getAttribute('x')), height: Number(rect.getAttribute('height')) }));
    expect(bars).toHaveLength(4); // the empty day draws nothing
    const [first, firstTop, busiest, busiestTop] = bars;
    expect(first!.x).toBe(firstTop!.x);
    expect(busiest!.x).toBeGreaterThan(first!.x);
    expect(busiest!.height / first!.height).toBeCloseTo(2, 5);
    expect(busiestTop!.height / busiest!.height).toBeCloseTo(0.5, 5);
  });

  it('names the picture with its summary, and gives every number in a table and a legend', async () => {
    const root = await chart([
      { label: 'Answered', values: [2, 0, 4] },
      { label: 'Not found', values: [1, 0, 2] },
    ]);
    expect(root.querySelector('svg')!.getAttribute('role')).toBe('img');
    expect(root.querySelector('svg')!.getAttribute('aria-label')).toBe('Questions per day: 9 in all, 6 answered, 3 not found.');
    expect([...root.querySelectorAll('.legend li')].map((item) => item.textContent)).toEqual(['Answered: 6', 'Not found: 3']);
    const rows = [...root.querySelectorAll('tbody tr')].map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['2026-11-01', '2', '1'],
      ['2026-11-02', '0', '0'],
      ['2026-11-03', '4', '2'],
    ]);
    root.querySelector('summary')!.click();
    for (const theme of ['light', 'dark']) {
      await emulateMedia([{ name: 'prefers-color-scheme', value: theme }]);
      expect({ theme, violations: await axeViolations() }).toEqual({ theme, violations: [] });
    }
  });

  it('draws an empty range as an axis and zeros, not as an error', async () => {
    const root = await chart([{ label: 'Answered', values: [0, 0, 0] }]);
    expect(root.querySelectorAll('rect')).toHaveLength(0);
    expect([...root.querySelectorAll('.legend li')].map((item) => item.textContent)).toEqual(['Answered: 0']);
  });
});
