import { lookupTable } from '../../lookup-table.ts';
import { renderContext, uniqueId } from '../render-context.ts';
import { attr, componentIcon, list, mintlifyAnchor, record, text } from './attributes.ts';
import { element, type Rendering } from './rendering.ts';

const TITLE_SIZES = new Set(['p', 'h2', 'h3', 'h4']);

/** Steps are an ordered list; each step's number (or icon) beside its title and content. */
const steps: Rendering = {
  open: (_tag, _frame, isBlock) => (isBlock ? '<ol class="steps">' : '<span class="steps">'),
  close: (_tag, _frame, isBlock) => (isBlock ? '</ol>' : '</span>'),
};

/**
 * A step: an item of its steps' list (numbered `stepNumber` when given), or a box of its own outside one.
 * Its title is a paragraph, or the heading `titleSize` names (the step's or its steps'); `id` anchors it.
 */
const step: Rendering = {
  open(tag, frame, isBlock) {
    const stack = renderContext().stack;
    const parent = stack[stack.indexOf(frame) - 1];
    const isItem = isBlock && parent?.name === 'Steps';
    frame.data.element = isItem ? 'li' : element(isBlock);
    const size = [attr(tag, 'titleSize'), parent?.name === 'Steps' ? (parent.attributes.titleSize ?? '') : ''].find((value) => TITLE_SIZES.has(value)) ?? 'p';
    const title = attr(tag, 'title');
    const titleElement = isBlock ? size : 'strong';
    const icon = componentIcon(tag);
    const number = Number(attr(tag, 'stepNumber'));
    const id = attr(tag, 'id');
    return `<${frame.data.element} class="step${icon ? ' step-with-icon' : ''}"${isItem && Number.isInteger(number) && number > 0 ? ` value="${number}"` : ''}${id ? ` id="${text(mintlifyAnchor(id))}"` : ''}>${icon ? `<span class="step-icon">${icon}</span>` : ''}${title ? `<${titleElement} class="step-title">${text(title)}</${titleElement}>` : ''}`;
  },
  close: (_tag, frame) => `</${frame.data.element}>`,
};

/**
 * A changelog entry: its label (an anchor by Mintlify's rules, so `/changelog#v1-2` lands on it), its
 * description and tags beside its content. The label and `rss` text ride along as data for the page's
 * RSS feed (api/sites/rss-feed.ts), and the entry joins the page's table of contents (render-page.ts).
 */
const update: Rendering = {
  open(tag, _frame, isBlock) {
    const label = attr(tag, 'label');
    const description = attr(tag, 'description');
    const tags = list(tag, 'tags');
    const rss = record(tag, 'rss');
    if (!isBlock) return `<span class="update"><strong>${text([label, description].filter(Boolean).join(' · '))}</strong> `;
    const anchor = uniqueId(mintlifyAnchor(label) || 'update');
    renderContext().updates.push({ anchor, label });
    const data = [
      ['label', label],
      ['description', description],
      ['rss-title', rss.title ?? ''],
      ['rss-description', rss.description ?? ''],
    ]
      .filter(([, value]) => value)
      .map(([name, value]) => ` data-${name}="${text(value!)}"`)
      .join('');
    const meta = [
      label ? `<p class="update-label"><a href="#${text(anchor)}">${text(label)}</a></p>` : '',
      description ? `<p class="update-description">${text(description)}</p>` : '',
      tags.length > 0
        ? `<ul class="update-tags" aria-label="Tags">${tags.map((name) => `<li class="badge badge-gray badge-sm">${text(name)}</li>`).join('')}</ul>`
        : '',
    ].join('');
    return `<section class="update" id="${text(anchor)}"${data}><div class="update-meta">${meta}</div><div class="update-body">`;
  },
  close: (_tag, _frame, isBlock) => (isBlock ? '</div></section>' : '</span>'),
};

export const STEPS = lookupTable<Rendering>({ Steps: steps, Step: step, Update: update });
