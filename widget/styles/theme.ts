import { css, unsafeCSS } from 'lit';
import { DARK, LIGHT } from './palette.ts';
import baseCss from './base.css?inline';
import dialogCss from './dialog.css?inline';
import launcherCss from './launcher.css?inline';

/**
 * The widget's colours and shapes. A page themes it through the documented `--folio-*` custom
 * properties (they cross the shadow root) and `::part()`; the `--_*` names are internal. Light and
 * dark follow `prefers-color-scheme`, or the `theme` attribute (`light`, `dark`, `auto`).
 */
const variables = (colours: typeof LIGHT, scheme: string) =>
  unsafeCSS(
    `${Object.entries(colours)
      .map(([name, value]) => `--_${name}: var(--folio-${name}, ${value});`)
      .join('\n')} color-scheme: ${scheme};`,
  );

/** For the two elements a page places: resets what the page would pass down, and defines the theme. */
export const hostTheme = css`
  :host {
    all: initial;
    display: inline-block;
    ${variables(LIGHT, 'light')}
    --_radius: var(--folio-radius, 8px);
    --_font: var(--folio-font, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif);
    --_mono: var(--folio-font-mono, ui-monospace, SFMono-Regular, Menlo, Consolas, monospace);
    font-family: var(--_font);
    font-size: 15px;
    line-height: 1.5;
    color: var(--_text);
  }
  :host([hidden]) {
    display: none;
  }
  :host([theme='dark']) {
    ${variables(DARK, 'dark')}
  }
  @media (prefers-color-scheme: dark) {
    :host(:not([theme='light'])) {
      ${variables(DARK, 'dark')}
    }
  }
`;

/** What every shadow root of the widget shares: box sizing, focus rings, buttons, reduced motion. */
export const base = unsafeCSS(baseCss);
/** The launcher buttons. */
export const launcher = unsafeCSS(launcherCss);
/** Modal dialogs (native <dialog>: the page behind is inert and focus returns to the opener on close). */
export const dialog = unsafeCSS(dialogCss);
