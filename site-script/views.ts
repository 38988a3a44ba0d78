/**
 * Views (`<View title="Python">`): one `<select>` above the first names them, and only the chosen one
 * shows, as Mintlify's multi-view menu does. Without script each view shows under its title.
 */
export function enhanceViews(): void {
  const views = [...document.querySelectorAll<HTMLElement>('.view')];
  const titles = [...new Set(views.map((view) => view.querySelector(':scope > .view-title')?.textContent?.trim() ?? ''))].filter(Boolean);
  if (titles.length < 2) return;
  const bar = document.createElement('div');
  bar.className = 'view-switch';
  const label = document.createElement('label');
  const select = document.createElement('select');
  select.id = 'folio-view-select';
  label.htmlFor = select.id;
  label.textContent = 'View';
  for (const title of titles) select.append(new Option(title, title));
  bar.append(label, select);
  views[0]!.before(bar);
  const show = () => {
    for (const view of views) {
      view.dataset.enhanced = '';
      view.hidden = view.querySelector(':scope > .view-title')?.textContent?.trim() !== select.value;
    }
  };
  select.addEventListener('change', show);
  show();
}
