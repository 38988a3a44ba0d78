/**
 * A link to something inside a closed accordion, an unselected tab or a hidden view (`#param-user`,
 * `#my-accordion`) opens what hides it, on arrival and whenever the address's fragment changes.
 */
export function revealTargets(): void {
  const reveal = () => {
    const id = decodeURIComponent(location.hash.slice(1));
    const target = id ? document.getElementById(id) : null;
    if (!target) return;
    for (let element: HTMLElement | null = target; element; element = element.parentElement) {
      if (element instanceof HTMLDetailsElement) element.open = true;
      if (element.getAttribute('role') === 'tabpanel' && element.hidden) {
        document.getElementById(element.getAttribute('aria-labelledby') ?? '')?.click();
      }
    }
    target.scrollIntoView();
  };
  window.addEventListener('hashchange', reveal);
  if (location.hash) reveal();
}
