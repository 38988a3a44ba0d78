/** Escape closes the tooltip being shown (WCAG 1.4.13); it shows again once the pointer or focus comes back. */
export function enhanceTooltips(): void {
  const tooltips = document.querySelectorAll<HTMLElement>('.tooltip');
  if (tooltips.length === 0) return;
  document.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape') return;
    for (const tooltip of tooltips) if (tooltip.matches(':hover, :focus-within')) tooltip.dataset.dismissed = '';
  });
  for (const tooltip of tooltips) {
    const reset = () => delete tooltip.dataset.dismissed;
    tooltip.addEventListener('mouseleave', reset);
    tooltip.addEventListener('focusout', reset);
  }
}

const DISMISSED_BANNER = 'folio-banner-dismissed';

/** A dismissible banner gets its close button, and stays closed until its content (its key) changes. */
export function enhanceBanner(): void {
  const banner = document.querySelector<HTMLElement>('.site-banner[data-dismissible]');
  if (!banner) return;
  const key = banner.dataset.dismissible!;
  const stored = (() => {
    try {
      return localStorage.getItem(DISMISSED_BANNER);
    } catch {
      return null;
    }
  })();
  if (stored === key) {
    banner.hidden = true;
    return;
  }
  const close = document.createElement('button');
  close.type = 'button';
  close.className = 'site-banner-close';
  close.setAttribute('aria-label', 'Dismiss the announcement');
  close.textContent = '×';
  close.addEventListener('click', () => {
    banner.hidden = true;
    try {
      localStorage.setItem(DISMISSED_BANNER, key);
    } catch {
      // Closed for this page view only.
    }
  });
  banner.append(close);
}
