import { lookupTable } from '../../lookup-table.ts';
import { iconHtml } from '../icons.ts';
import { attr, componentIcon, cssColor, text } from './attributes.ts';
import { element, type Rendering } from './rendering.ts';

/** Each callout's name for assistive technology and its preset icon (Lucide's, whatever the site's library). */
export const CALLOUT_KINDS = lookupTable<{ label: string; icon: string }>({
  Note: { label: 'Note', icon: 'info' },
  Warning: { label: 'Warning', icon: 'triangle-alert' },
  Info: { label: 'Info', icon: 'circle-alert' },
  Tip: { label: 'Tip', icon: 'lightbulb' },
  Check: { label: 'Check', icon: 'circle-check' },
  Danger: { label: 'Danger', icon: 'octagon-alert' },
  Callout: { label: 'Note', icon: 'info' },
  Banner: { label: 'Announcement', icon: 'megaphone' },
});

/** The icon a typed callout (or a card of that type) shows unless the page gives one. */
export const calloutIcon = (kind: string) => iconHtml(CALLOUT_KINDS[kind]?.icon ?? 'info', { library: 'lucide' });

/**
 * A callout: its icon beside its content, named for assistive technology by its kind (Mintlify shows no
 * label). The generic `Callout` takes `icon`, `iconType` and `color` (its border and tint; the text keeps
 * the theme's colour, which the tint never brings under 4.5:1).
 */
const callout = (name: string): Rendering => ({
  open: (tag, _frame, isBlock) => {
    const box = element(isBlock);
    const title = attr(tag, 'title');
    const isCustom = name === 'Callout' || name === 'Banner';
    const color = isCustom ? cssColor(attr(tag, 'color')) : undefined;
    // The icon takes the callout's colour from its stylesheet (--callout-color), not from its own.
    const icon = (isCustom && componentIcon({ ...tag, attributes: { ...tag.attributes, color: '' } })) || calloutIcon(name);
    const label = title ? `<${isBlock ? 'p' : 'strong'} class="callout-label">${text(title)}</${isBlock ? 'p' : 'strong'}>` : '';
    return `<${box} class="callout callout-${name.toLowerCase()}" role="note" aria-label="${text(title || CALLOUT_KINDS[name]!.label)}"${color ? ` style="--callout-color:${color}"` : ''}><span class="callout-icon">${icon}</span><${box} class="callout-body">${label}`;
  },
  close: (_tag, _frame, isBlock) => `</${element(isBlock)}></${element(isBlock)}>`,
});

export const CALLOUTS = lookupTable<Rendering>(Object.fromEntries(Object.keys(CALLOUT_KINDS).map((name) => [name, callout(name)])));
