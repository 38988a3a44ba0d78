import { escapeHtml } from '../http/html.ts';
import { siteHref, siteImageSrc, isExternal } from './site-links.ts';
import { lookupTable } from '../lookup-table.ts';

/** A Mintlify component as the page wrote it: `<Card title="…" href="/x">`. */
export interface ComponentTag {
  name: string;
  attributes: Record<string, string>;
}

interface Rendering {
  open(tag: ComponentTag, route: string): string;
  close: string;
}

const CALLOUTS = lookupTable<string>({ Note: 'Note', Warning: 'Warning', Tip: 'Tip', Info: 'Info', Check: 'Check', Danger: 'Danger', Callout: '' });

const attr = (tag: ComponentTag, ...names: string[]): string => {
  for (const name of names) {
    const value = tag.attributes[name];
    if (value !== undefined && value.trim() !== '') return value.trim();
  }
  return '';
};
const text = (value: string) => escapeHtml(value);
const labelled = (className: string, label: string) => (label ? `<p class="${className}">${text(label)}</p>` : '');

function link(tag: ComponentTag, route: string, label: string): string {
  const href = siteHref(attr(tag, 'href'), route);
  if (!href) return text(label);
  return `<a href="${text(href)}"${isExternal(href) ? ' rel="noopener noreferrer"' : ''}>${text(label)}</a>`;
}

/**
 * How Mintlify's common components render: as readable, script-free HTML (no tab switching or
 * collapsing by script: tabs are shown one after the other, accordions are `<details>`). Attribute
 * values are text, escaped; links go through the site's link policy. A component not listed here
 * renders its children in a plain `<div>` (block) or `<span>` (inline): its text, never a broken page.
 */
const BLOCKS = lookupTable<Rendering>({
  ...Object.fromEntries(
    Object.entries(CALLOUTS).map(([name, label]) => [
      name,
      {
        open: (tag) => `<div class="callout callout-${name.toLowerCase()}" role="note">${labelled('callout-label', attr(tag, 'title') || label)}`,
        close: '</div>',
      },
    ]),
  ),
  Card: {
    open: (tag, route) => {
      const title = attr(tag, 'title');
      const image = siteImageSrc(attr(tag, 'img'), route);
      return `<div class="card">${image ? `<img class="card-image" src="${text(image)}" alt="">` : ''}${title ? `<p class="card-title">${attr(tag, 'href') ? link(tag, route, title) : text(title)}</p>` : ''}`;
    },
    close: '</div>',
  },
  CardGroup: { open: (tag) => `<div class="card-group" data-cols="${text(cols(tag))}">`, close: '</div>' },
  Columns: { open: (tag) => `<div class="card-group" data-cols="${text(cols(tag))}">`, close: '</div>' },
  Steps: { open: () => '<div class="steps">', close: '</div>' },
  Step: { open: (tag) => `<div class="step">${labelled('step-title', attr(tag, 'title'))}`, close: '</div>' },
  Tabs: { open: () => '<div class="tabs">', close: '</div>' },
  Tab: { open: (tag) => `<div class="tab">${labelled('tab-title', attr(tag, 'title'))}`, close: '</div>' },
  CodeGroup: { open: () => '<div class="code-group">', close: '</div>' },
  RequestExample: { open: () => '<div class="code-group">', close: '</div>' },
  ResponseExample: { open: () => '<div class="code-group">', close: '</div>' },
  AccordionGroup: { open: () => '<div class="accordion-group">', close: '</div>' },
  Accordion: {
    open: (tag) =>
      `<details class="accordion"${tag.attributes.defaultOpen === 'true' ? ' open' : ''}><summary>${text(attr(tag, 'title') || 'Details')}</summary><div class="accordion-body">`,
    close: '</div></details>',
  },
  Expandable: {
    open: (tag) => `<details class="accordion"><summary>${text(attr(tag, 'title') || 'Show properties')}</summary><div class="accordion-body">`,
    close: '</div></details>',
  },
  Frame: { open: () => '<figure class="frame">', close: '</figure>' },
  Update: {
    open: (tag) => `<div class="update">${labelled('update-label', [attr(tag, 'label'), attr(tag, 'description')].filter(Boolean).join(' · '))}`,
    close: '</div>',
  },
  ParamField: { open: (tag) => field(tag, attr(tag, 'path', 'query', 'body', 'header', 'name')), close: '</div></div>' },
  ResponseField: { open: (tag) => field(tag, attr(tag, 'name')), close: '</div></div>' },
  Panel: { open: () => '<div class="panel">', close: '</div>' },
});

/** Frame's caption goes below its content. */
const CLOSE_WITH_ATTRIBUTES = lookupTable<(tag: ComponentTag) => string>({
  Frame: (tag) => `${attr(tag, 'caption') ? `<figcaption>${text(attr(tag, 'caption'))}</figcaption>` : ''}</figure>`,
});

const INLINE = lookupTable<Rendering>({
  Badge: { open: () => '<span class="badge">', close: '</span>' },
  Tooltip: { open: (tag) => `<span class="tooltip" title="${text(attr(tag, 'tip', 'headline'))}">`, close: '</span>' },
  Kbd: { open: () => '<kbd>', close: '</kbd>' },
});

function cols(tag: ComponentTag): string {
  const value = Number(attr(tag, 'cols'));
  return Number.isInteger(value) && value >= 1 && value <= 4 ? String(value) : '2';
}

function field(tag: ComponentTag, name: string): string {
  const type = attr(tag, 'type');
  const flags = [
    tag.attributes.required === 'true' || tag.attributes.required === '' ? 'required' : '',
    tag.attributes.deprecated === 'true' ? 'deprecated' : '',
  ].filter(Boolean);
  const fallback = attr(tag, 'default');
  return `<div class="field"><p class="field-head"><code>${text(name)}</code>${type ? ` <span class="field-type">${text(type)}</span>` : ''}${flags.map((flag) => ` <span class="field-flag">${flag}</span>`).join('')}${fallback ? ` <span class="field-default">default: <code>${text(fallback)}</code></span>` : ''}</p><div class="field-body">`;
}

/** Components that show nothing readable of their own (an icon, a colour swatch). */
const SILENT = new Set(['Icon']);

/** HTML elements read as containers (mdx-syntax.ts) keep their element, without attributes; these become a `<div>`. */
const AS_DIV = new Set(['center', 'section', 'article', 'aside', 'main', 'header', 'footer', 'p']);
const htmlElement = (name: string) => (AS_DIV.has(name) ? 'div' : name);
/** Whether a tag is an HTML element rather than a component. */
export const isHtmlElement = (tag: ComponentTag) => /^[a-z]/.test(tag.name);

export function openComponent(tag: ComponentTag, route: string, isBlock: boolean): string {
  if (isHtmlElement(tag)) return `<${htmlElement(tag.name)}${tag.name === 'details' && tag.attributes.open !== undefined ? ' open' : ''}>`;
  if (SILENT.has(tag.name)) return '';
  const known = (isBlock ? BLOCKS : INLINE)[tag.name] ?? (isBlock ? undefined : BLOCKS[tag.name] && INLINE_FALLBACK);
  if (known) return known.open(tag, route);
  return isBlock ? `<div class="component">` : '<span class="component">';
}

export function closeComponent(tag: ComponentTag, isBlock: boolean): string {
  if (isHtmlElement(tag)) return `</${htmlElement(tag.name)}>`;
  if (SILENT.has(tag.name)) return '';
  const custom = isBlock ? CLOSE_WITH_ATTRIBUTES[tag.name] : undefined;
  if (custom) return custom(tag);
  const known = (isBlock ? BLOCKS : INLINE)[tag.name] ?? (isBlock ? undefined : BLOCKS[tag.name] && INLINE_FALLBACK);
  if (known) return known.close;
  return isBlock ? '</div>' : '</span>';
}

/** A self-closing component: a card or field without a body, a callout with nothing in it, an icon. */
export function selfClosingComponent(tag: ComponentTag, route: string, isBlock: boolean): string {
  if (SILENT.has(tag.name)) return '';
  return `${openComponent(tag, route, isBlock)}${closeComponent(tag, isBlock)}`;
}

/** A block component written inside a line of text renders as a span (a `<div>` cannot sit in a paragraph). */
const INLINE_FALLBACK: Rendering = { open: () => '<span class="component">', close: '</span>' };
