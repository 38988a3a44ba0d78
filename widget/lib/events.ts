/** Dispatches a `folio-<verb>` event that bubbles out of the widget's shadow roots; true unless a listener cancelled it. */
export function emit<T>(from: EventTarget, name: `folio-${string}`, detail: T, isCancelable = false): boolean {
  return from.dispatchEvent(new CustomEvent<T>(name, { detail, bubbles: true, composed: true, cancelable: isCancelable }));
}

/** Goes to a page of the site, unless a listener of `folio-navigate` (a single-page app's router, say) does it. */
export function navigate(from: EventTarget, url: string, isNewTab: boolean): void {
  if (!emit(from, 'folio-navigate', { url }, true)) return;
  if (isNewTab) window.open(url, '_blank', 'noopener');
  else location.assign(url);
}
