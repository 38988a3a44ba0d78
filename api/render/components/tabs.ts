import { lookupTable } from '../../lookup-table.ts';
import { attr, type ComponentTag, componentIcon, flag, mintlifyAnchor, text } from './attributes.ts';
import { element, type Rendering } from './rendering.ts';

/**
 * Tabs, code groups and views are complete without script: each tab (code block, view) shows under its
 * title, one after the other. The site script (site-script/tabs.ts) turns them into WAI-ARIA tabs (a
 * `<select>` for `dropdown` code groups and for views) from this markup: `.tab-title`, `.code-title` and
 * `.view-title` name the panels; `data-*` carries the options.
 */
const tabsOptions = (tag: ComponentTag) =>
  [
    flag(tag, 'sync') === false ? ' data-sync="false"' : '',
    /^\d+$/.test(attr(tag, 'defaultTabIndex')) ? ` data-default="${attr(tag, 'defaultTabIndex')}"` : '',
    flag(tag, 'borderBottom') ? ' data-border' : '',
  ].join('');
const dropdownOption = (tag: ComponentTag) => (flag(tag, 'dropdown') ? ' data-dropdown' : '');

/** A titled panel: a tab or a view, its icon and title above its content. */
const titled = (className: string): Rendering => ({
  open(tag, _frame, isBlock) {
    const title = attr(tag, 'title');
    const id = attr(tag, 'id');
    const heading = title ? `<${isBlock ? 'p' : 'strong'} class="${className}-title">${componentIcon(tag)}${text(title)}</${isBlock ? 'p' : 'strong'}>` : '';
    return `<${element(isBlock)} class="${className}"${id ? ` id="${text(mintlifyAnchor(id))}"` : ''}>${heading}`;
  },
  close: (_tag, _frame, isBlock) => `</${element(isBlock)}>`,
});

const group = (className: string, options: (tag: ComponentTag) => string): Rendering => ({
  open: (tag, _frame, isBlock) => `<${element(isBlock)} class="${className}"${options(tag)}>`,
  close: (_tag, _frame, isBlock) => `</${element(isBlock)}>`,
});

export const TABS = lookupTable<Rendering>({
  Tabs: group('tabs', tabsOptions),
  Tab: titled('tab'),
  CodeGroup: group('code-group', dropdownOption),
  RequestExample: group('code-group code-example', dropdownOption),
  ResponseExample: group('code-group code-example', dropdownOption),
  View: titled('view'),
});
