import { lookupTable } from '../../lookup-table.ts';
import { renderContext, uniqueId } from '../render-context.ts';
import { attr, type ComponentTag, flag, list, mintlifyAnchor, text } from './attributes.ts';
import type { Rendering } from './rendering.ts';

/** Where a parameter goes, by the attribute that names it (`<ParamField query="page">`). */
const LOCATIONS = ['query', 'path', 'body', 'header', 'cookie'] as const;
const FIELDS = new Set(['ParamField', 'ResponseField']);

const nameOf = (tag: ComponentTag) => attr(tag, ...LOCATIONS, 'name');

/**
 * A parameter or response field: its name (with an anchor, `#param-{name}`, its parents' names before it
 * when it is nested, as Mintlify links them), where it goes, its type, `pre` and `post` labels, whether
 * it is required or deprecated, its default and placeholder, then its description.
 */
const field: Rendering = {
  open(tag, frame, isBlock) {
    const name = nameOf(tag);
    const location = LOCATIONS.find((place) => attr(tag, place));
    const parents = renderContext()
      .stack.filter((open) => open !== frame && FIELDS.has(open.name))
      .map((open) => nameOf(open));
    const anchor = name ? uniqueId(`param-${mintlifyAnchor([...parents, name].join('-'))}`) : '';
    const pill = (label: string) => `<span class="field-pill">${text(label)}</span>`;
    const type = attr(tag, 'type');
    const fallback = attr(tag, 'default');
    const placeholder = attr(tag, 'placeholder');
    const head = [
      ...list(tag, 'pre').map(pill),
      name
        ? `<code class="field-name">${text(name)}</code>${anchor ? `<a class="field-anchor" href="#${text(anchor)}" aria-label="Link to ${text(name)}"></a>` : ''}`
        : '',
      tag.name === 'ParamField' && location && location !== 'body' ? `<span class="field-location">${location}</span>` : '',
      type ? `<span class="field-type">${text(type)}</span>` : '',
      ...list(tag, 'post').map(pill),
      flag(tag, 'required') ? '<span class="field-required">required</span>' : '',
      flag(tag, 'deprecated') ? '<span class="field-deprecated">deprecated</span>' : '',
      fallback ? `<span class="field-default">default: <code>${text(fallback)}</code></span>` : '',
      placeholder ? `<span class="field-default">placeholder: <code>${text(placeholder)}</code></span>` : '',
    ].filter(Boolean);
    if (!isBlock) return `<span class="field">${head.join(' ')} `;
    return `<div class="field"${anchor ? ` id="${text(anchor)}"` : ''}><p class="field-head">${head.join(' ')}</p><div class="field-body">`;
  },
  close: (_tag, _frame, isBlock) => (isBlock ? '</div></div>' : '</span>'),
};

export const FIELD_COMPONENTS = lookupTable<Rendering>({ ParamField: field, ResponseField: field });
