import { lookupTable } from '../../lookup-table.ts';
import { renderContext } from '../render-context.ts';
import { attr, type ComponentTag, componentIcon, cssColor, list, record, text } from './attributes.ts';
import { inlineMarkdown } from './inline-markdown.ts';
import { element, type Rendering } from './rendering.ts';

/** A frame: its `hint` above, its content centred, its `caption` below; both may hold Markdown (links, bold). */
const framed: Rendering = {
  open(tag, state, isBlock) {
    const hint = attr(tag, 'hint');
    const caption = attr(tag, 'caption');
    if (!isBlock) return '<span class="frame">';
    state.data.caption = caption ? `<figcaption>${inlineMarkdown(caption)}</figcaption>` : '';
    return `${hint ? `<p class="frame-hint">${inlineMarkdown(hint)}</p>` : ''}<figure class="frame">`;
  },
  close: (_tag, state, isBlock) => (isBlock ? `${state.data.caption}</figure>` : '</span>'),
};

/** A palette: `compact` is a grid of swatches; `table` a table of titled rows (`Color.Row`). */
const color: Rendering = {
  open: (tag) =>
    attr(tag, 'variant') === 'table'
      ? '<div class="table-wrap" tabindex="0"><table class="color-table"><tbody>'
      : '<div class="color-palette"><ul class="color-items">',
  close: (tag) => (attr(tag, 'variant') === 'table' ? '</tbody></table></div>' : '</ul></div>'),
};

const colorRow: Rendering = {
  open: (tag) => `<tr><th scope="row">${text(attr(tag, 'title'))}</th><td><ul class="color-items">`,
  close: () => '</ul></td></tr>',
};

/**
 * A swatch with its name and value, which the site script copies on a click. A value given for each
 * theme (`value={{ light, dark }}`) shows the one of the theme being read. Values are held to CSS colour
 * syntax before they reach the `style` attribute.
 */
function colorItem(tag: ComponentTag): string {
  const themed = record(tag, 'value');
  const values = themed.light || themed.dark ? { light: themed.light ?? themed.dark!, dark: themed.dark ?? themed.light! } : undefined;
  const plain = attr(tag, 'value');
  const swatch = values
    ? [cssColor(values.light) && `--swatch-light:${cssColor(values.light)}`, cssColor(values.dark) && `--swatch-dark:${cssColor(values.dark)}`]
        .filter(Boolean)
        .join(';')
    : cssColor(plain) && `--swatch-light:${cssColor(plain)};--swatch-dark:${cssColor(plain)}`;
  const shown = values
    ? `<code class="color-value color-value-light">${text(values.light)}</code><code class="color-value color-value-dark">${text(values.dark)}</code>`
    : `<code class="color-value">${text(plain)}</code>`;
  const stack = renderContext().stack;
  const isInList = stack.some((open) => open.name === 'Color' || open.name === 'Color.Row');
  const item = `<li class="color-item"><span class="color-swatch"${swatch ? ` style="${swatch}"` : ''}></span><span class="color-name">${text(attr(tag, 'name'))}</span>${shown}</li>`;
  return isInList ? item : `<ul class="color-items">${item}</ul>`;
}

/** A prompt to copy or open in Cursor (`actions`, done by the site script): its icon and description, then its text. */
const prompt: Rendering = {
  open(tag, _frame, isBlock) {
    const actions = list(tag, 'actions').filter((action) => action === 'copy' || action === 'cursor');
    const description = attr(tag, 'description');
    return `<${element(isBlock)} class="prompt" data-actions="${text((actions.length > 0 ? actions : ['copy']).join(' '))}"><${element(isBlock)} class="prompt-head">${componentIcon(tag)}${description ? `<span class="prompt-description">${inlineMarkdown(description)}</span>` : ''}</${element(isBlock)}><${element(isBlock)} class="prompt-body">`;
  },
  close: (_tag, _frame, isBlock) => `</${element(isBlock)}></${element(isBlock)}>`,
};

export const MEDIA = lookupTable<Rendering>({
  Frame: framed,
  Color: color,
  'Color.Row': colorRow,
  'Color.Item': { open: (tag) => colorItem(tag), close: () => '' },
  Prompt: prompt,
});
