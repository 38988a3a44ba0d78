import { css, unsafeCSS } from 'lit';
import { DARK as WIDGET_DARK, LIGHT as WIDGET_LIGHT } from '../../widget/styles/palette.ts';

/** The widget's palette, and what only the console draws: outcomes and the charts' two series. */
const LIGHT = { ...WIDGET_LIGHT, success: '#1a7f37', attention: '#9a6700', 'chart-1': '#0969da', 'chart-2': '#bc4c00' };
const DARK: typeof LIGHT = { ...WIDGET_DARK, success: '#3fb950', attention: '#d29922', 'chart-1': '#4493f8', 'chart-2': '#f0883e' };

const variables = (colours: typeof LIGHT) =>
  unsafeCSS(
    Object.entries(colours)
      .map(([name, value]) => `--${name}: ${value};`)
      .join('\n'),
  );

/** What every view shares: its colours, headings, tables, forms, buttons, badges and focus rings. */
export const theme = css`
  :host {
    ${variables(LIGHT)}
    display: block;
    color: var(--text);
    font: inherit;
  }
  @media (prefers-color-scheme: dark) {
    :host {
      ${variables(DARK)}
    }
  }
  *,
  *::before,
  *::after {
    box-sizing: border-box;
  }
  h1,
  h2,
  h3 {
    line-height: 1.25;
    margin: 0 0 12px;
  }
  h1 {
    font-size: 1.5rem;
  }
  h2 {
    font-size: 1.15rem;
    margin-top: 28px;
  }
  h3 {
    font-size: 1rem;
  }
  /* Addresses and ids are long words: they wrap rather than widen the page. */
  p,
  li,
  dd,
  h2 {
    overflow-wrap: anywhere;
  }
  h1:focus {
    outline: none;
  }
  a {
    color: var(--accent);
  }
  :focus-visible {
    outline: 2px solid var(--accent);
    outline-offset: 2px;
  }
  button,
  input,
  select,
  textarea {
    font: inherit;
    color: inherit;
  }
  button {
    display: inline-flex;
    align-items: center;
    gap: 6px;
    min-height: 36px;
    padding: 6px 14px;
    border: 1px solid var(--border);
    border-radius: 6px;
    background: var(--surface);
    color: var(--text);
    cursor: pointer;
    text-decoration: none;
    white-space: nowrap;
  }
  button.primary {
    background: var(--accent);
    border-color: var(--accent);
    color: var(--accent-text);
  }
  button.danger {
    color: var(--danger);
  }
  button:disabled {
    opacity: 0.6;
    cursor: default;
  }
  input,
  select,
  textarea {
    min-height: 36px;
    padding: 6px 10px;
    border: 1px solid var(--muted);
    border-radius: 6px;
    background: var(--background);
    max-width: 100%;
  }
  label {
    display: block;
    font-weight: 600;
    margin-bottom: 4px;
  }
  .field {
    margin-bottom: 14px;
  }
  /** A bordered box: a chart, a form, a gap. */
  .card {
    border: 1px solid var(--border);
    border-radius: 8px;
    padding: 12px 16px;
    background: var(--background);
  }
  details summary {
    cursor: pointer;
    color: var(--accent);
    margin-top: 6px;
    width: fit-content;
  }
  .hint {
    color: var(--muted);
    font-size: 0.875rem;
  }
  .row {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 8px 12px;
  }
  .error {
    color: var(--danger);
    border: 1px solid var(--danger);
    border-radius: 6px;
    padding: 8px 12px;
    margin: 12px 0;
  }
  .notice {
    border: 1px solid var(--border);
    background: var(--surface);
    border-radius: 6px;
    padding: 8px 12px;
    margin: 12px 0;
  }
  .table-scroll {
    overflow-x: auto;
    max-width: 100%;
    /* Clips the visually hidden words of its buttons too: positioned by the page, they widened it. */
    position: relative;
  }
  table {
    border-collapse: collapse;
    width: 100%;
    font-size: 0.925rem;
  }
  caption {
    text-align: left;
    font-weight: 600;
    padding-bottom: 6px;
  }
  th,
  td {
    text-align: left;
    padding: 6px 10px;
    border-bottom: 1px solid var(--border);
    vertical-align: top;
    overflow-wrap: break-word;
  }
  th {
    color: var(--muted);
    font-weight: 600;
  }
  td.number,
  th.number {
    text-align: right;
    font-variant-numeric: tabular-nums;
  }
  .badge {
    display: inline-block;
    padding: 0 8px;
    border-radius: 999px;
    border: 1px solid currentColor;
    font-size: 0.8rem;
    font-weight: 600;
    white-space: nowrap;
  }
  .status-success {
    color: var(--success);
  }
  .status-failure {
    color: var(--danger);
  }
  .status-queued,
  .status-in_progress {
    color: var(--attention);
  }
  pre,
  code {
    font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
    font-size: 0.85rem;
  }
  pre {
    background: var(--surface);
    border: 1px solid var(--border);
    border-radius: 6px;
    padding: 10px;
    overflow: auto;
    max-height: 320px;
    white-space: pre-wrap;
    word-break: break-word;
  }
  .visually-hidden {
    position: absolute;
    width: 1px;
    height: 1px;
    overflow: hidden;
    clip-path: inset(50%);
    white-space: nowrap;
  }
  @media (prefers-reduced-motion: reduce) {
    * {
      transition: none !important;
      animation: none !important;
    }
  }
`;
