/**
 * Tabs and code groups as WAI-ARIA tabs (automatic activation: arrow keys, Home and End move and select),
 * built from the page's script-free markup: `.tabs > .tab` titled by `.tab-title`, `.code-group > .code-block`
 * titled by `.code-title` (else its language). A `data-dropdown` code group gets a `<select>` instead.
 * Groups whose tabs share a title follow each other's choice, unless `data-sync="false"`.
 */
interface Group {
  labels: string[];
  select(index: number): void;
  isSynced: boolean;
}

let serial = 0;
const nextId = (kind: string) => `folio-${kind}-${++serial}`;

export function enhanceTabs(): void {
  const groups: Group[] = [];
  const follow = (from: Group, label: string) => {
    if (!from.isSynced) return;
    for (const group of groups) if (group !== from && group.isSynced && group.labels.includes(label)) group.select(group.labels.indexOf(label));
  };
  for (const container of document.querySelectorAll<HTMLElement>('.tabs, .code-group')) {
    const isCode = container.classList.contains('code-group');
    const panels = [...container.children].filter((child): child is HTMLElement => child.classList.contains(isCode ? 'code-block' : 'tab'));
    if (panels.length === 0) continue;
    const titles = panels.map((panel) => titleOf(panel, isCode));
    const group = isCode && container.hasAttribute('data-dropdown') ? dropdown(container, panels, titles, follow) : tabList(container, panels, titles, follow);
    groups.push(group);
    container.dataset.enhanced = '';
    const initial = Number(container.dataset.default ?? 0);
    group.select(initial < panels.length ? initial : 0);
  }
}

/** A panel's title: its title element's content (an icon and text), or a code block's language. */
function titleOf(panel: HTMLElement, isCode: boolean): Node[] {
  const title = panel.querySelector(isCode ? ':scope > .code-title' : ':scope > .tab-title');
  if (title) return [...title.childNodes].map((node) => node.cloneNode(true));
  const language = /language-([\w-]+)/.exec(panel.querySelector('code')?.className ?? '')?.[1];
  return [document.createTextNode(language ?? 'Code')];
}

type Follow = (group: Group, label: string) => void;

function tabList(container: HTMLElement, panels: HTMLElement[], titles: Node[][], follow: Follow): Group {
  const list = document.createElement('div');
  list.className = 'tab-list';
  list.setAttribute('role', 'tablist');
  const tabs = panels.map((panel, index) => {
    const tab = document.createElement('button');
    tab.type = 'button';
    tab.id = nextId('tab');
    tab.setAttribute('role', 'tab');
    tab.append(...titles[index]!);
    panel.id ||= nextId('panel');
    tab.setAttribute('aria-controls', panel.id);
    panel.setAttribute('role', 'tabpanel');
    panel.setAttribute('aria-labelledby', tab.id);
    // A panel is reachable by Tab when nothing in it is (APG's tabs pattern).
    if (!panel.querySelector('a[href], button, input, select, textarea, summary, [tabindex]')) panel.tabIndex = 0;
    list.append(tab);
    return tab;
  });
  container.prepend(list);
  const group: Group = {
    labels: tabs.map((tab) => tab.textContent?.trim() ?? ''),
    isSynced: container.dataset.sync !== 'false',
    select(index) {
      tabs.forEach((tab, at) => {
        tab.setAttribute('aria-selected', String(at === index));
        tab.tabIndex = at === index ? 0 : -1;
        panels[at]!.hidden = at !== index;
      });
    },
  };
  const choose = (index: number, isFocused: boolean) => {
    group.select(index);
    if (isFocused) tabs[index]!.focus();
    follow(group, group.labels[index]!);
  };
  list.addEventListener('click', (event) => {
    const index = tabs.indexOf((event.target as Element).closest('[role="tab"]') as HTMLButtonElement);
    if (index >= 0) choose(index, false);
  });
  list.addEventListener('keydown', (event) => {
    const current = tabs.indexOf(document.activeElement as HTMLButtonElement);
    const keys: Record<string, number> = { ArrowRight: current + 1, ArrowLeft: current - 1, Home: 0, End: tabs.length - 1 };
    if (current < 0 || !(event.key in keys)) return;
    event.preventDefault();
    choose((keys[event.key]! + tabs.length) % tabs.length, true);
  });
  return group;
}

function dropdown(container: HTMLElement, panels: HTMLElement[], titles: Node[][], follow: Follow): Group {
  const bar = document.createElement('div');
  bar.className = 'code-switch';
  const label = document.createElement('label');
  const select = document.createElement('select');
  select.id = nextId('select');
  label.htmlFor = select.id;
  label.textContent = 'Language';
  const labels = titles.map((nodes) =>
    nodes
      .map((node) => node.textContent ?? '')
      .join('')
      .trim(),
  );
  for (const [index, text] of labels.entries()) select.append(new Option(text, String(index)));
  bar.append(label, select);
  container.prepend(bar);
  const group: Group = {
    labels,
    isSynced: container.dataset.sync !== 'false',
    select(index) {
      select.value = String(index);
      for (const [at, panel] of panels.entries()) panel.hidden = at !== index;
    },
  };
  select.addEventListener('change', () => {
    group.select(Number(select.value));
    follow(group, labels[Number(select.value)]!);
  });
  return group;
}
