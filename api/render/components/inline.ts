import { lookupTable } from '../../lookup-table.ts';
import { iconHtml } from '../icons.ts';
import { renderMath } from '../math-render.ts';
import { renderContext, serialId } from '../render-context.ts';
import { isExternal, siteHref } from '../site-links.ts';
import { attr, type ComponentTag, componentIcon, cssColor, flag, text } from './attributes.ts';
import { element, type Rendering } from './rendering.ts';

const BADGE_COLORS = new Set(['gray', 'blue', 'green', 'yellow', 'orange', 'red', 'purple', 'white', 'surface', 'white-destructive', 'surface-destructive']);
const BADGE_SIZES = new Set(['xs', 'sm', 'md', 'lg']);
const pick = (value: string, allowed: Set<string>, fallback: string) => (allowed.has(value) ? value : fallback);

/** A badge: its colour, size and shape as classes (site-styles gives each colour readable text in both themes), its icon before its text. */
const badge: Rendering = {
  open(tag, _frame, isBlock) {
    const classes = [
      'badge',
      `badge-${pick(attr(tag, 'color'), BADGE_COLORS, 'gray')}`,
      `badge-${pick(attr(tag, 'size'), BADGE_SIZES, 'md')}`,
      attr(tag, 'shape') === 'pill' ? 'badge-pill' : '',
      flag(tag, 'stroke') ? 'badge-stroke' : '',
      flag(tag, 'disabled') ? 'badge-disabled' : '',
    ].filter(Boolean);
    return `<${element(isBlock)} class="${classes.join(' ')}">${componentIcon({ ...tag, attributes: { ...tag.attributes, color: '' } })}`;
  },
  close: (_tag, _frame, isBlock) => `</${element(isBlock)}>`,
};

/**
 * A tooltip: the term is focusable and described by the tip (`aria-describedby`), which shows on hover and
 * on focus (CSS), stays while the pointer is over it, and closes with Escape (the site script). Its
 * `headline` comes first and its `cta` is a link (`href`) inside it, reached by Tab from the term.
 */
const tooltip: Rendering = {
  open(tag, frame, isBlock) {
    const id = serialId('tooltip');
    const href = siteHref(attr(tag, 'href'));
    const headline = attr(tag, 'headline');
    const cta = attr(tag, 'cta');
    frame.data.tip = [
      headline ? `<strong class="tooltip-headline">${text(headline)}</strong>` : '',
      text(attr(tag, 'tip', 'content')),
      cta && href ? `<a href="${text(href)}"${isExternal(href) ? ' rel="noopener noreferrer"' : ''}>${text(cta)}</a>` : '',
    ]
      .filter(Boolean)
      .join(' ');
    frame.data.id = id;
    return `<${element(isBlock)} class="tooltip"><${element(isBlock)} class="tooltip-term" tabindex="0" aria-describedby="${id}">`;
  },
  close: (_tag, frame, isBlock) =>
    `</${element(isBlock)}><span class="tooltip-tip" role="tooltip" id="${frame.data.id}">${frame.data.tip}</span></${element(isBlock)}>`,
};

/** An icon by name (the site's library, `iconType`), URL or repository path (`src`), at `size` pixels in `color`. */
function icon(tag: ComponentTag, isBlock: boolean): string {
  const size = Number(attr(tag, 'size'));
  const drawn = iconHtml(attr(tag, 'icon', 'src'), {
    library: renderContext().options.iconLibrary,
    iconType: attr(tag, 'iconType'),
    size: Number.isFinite(size) && size > 0 && size <= 512 ? Math.round(size) : undefined,
    color: cssColor(attr(tag, 'color')),
  });
  return drawn && isBlock ? `<div class="icon-block">${drawn}</div>` : drawn;
}

/** `$…$`, `$$…$$` and `<Latex>…</Latex>` (math-syntax.ts) carry their TeX on the tag. */
export interface MathTag extends ComponentTag {
  tex?: string;
  isDisplay?: boolean;
}

export const INLINE_COMPONENTS = lookupTable<Rendering>({
  Badge: badge,
  Tooltip: tooltip,
  Icon: { open: (tag, _frame, isBlock) => icon(tag, isBlock), close: () => '', self: icon },
  Kbd: { open: () => '<kbd>', close: () => '</kbd>' },
  Latex: {
    open: (_tag, _frame, isBlock) => `<${element(isBlock)} class="math">`,
    close: (_tag, _frame, isBlock) => `</${element(isBlock)}>`,
    self: (tag: MathTag, isBlock) => renderMath(tag.tex ?? '', tag.isDisplay ?? isBlock),
  },
});
