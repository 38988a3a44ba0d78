import { html } from 'lit';

const FOCUSABLE = 'button:not([disabled]), input:not([disabled]), textarea:not([disabled]), a[href], [tabindex]:not([tabindex="-1"]):not(.focus-guard)';

/**
 * Keeps Tab inside a modal dialog. A modal <dialog> already makes the page inert, but Tab past its
 * last control leaves the document (to the browser, or a parent frame's page); a guard at each end
 * sends focus round to the dialog's other end instead.
 */
export function focusGuard(edge: 'start' | 'end') {
  return html`<span class="focus-guard" tabindex="0" @focus=${(event: FocusEvent) => wrap(event.target as HTMLElement, edge)}></span>`;
}

function wrap(guard: HTMLElement, edge: 'start' | 'end'): void {
  const controls = [...(guard.parentElement?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? [])];
  (edge === 'start' ? controls.at(-1) : controls[0])?.focus();
}
