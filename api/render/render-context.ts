import { isObject, type JsonObject } from '../mintlify/config-refs.ts';

/** The icon library docs.json `icons.library` names: where an icon given by name is drawn from first. */
export type IconLibrary = 'fontawesome' | 'lucide' | 'tabler';

/** What docs.json says about how every page of a site renders. */
export interface RenderOptions {
  iconLibrary: IconLibrary;
  /** docs.json `styling.latex: false` turns `$…$` and `$$…$$` back into text (`<Latex>` still renders). */
  isMathEnabled: boolean;
}

export const DEFAULT_RENDER_OPTIONS: RenderOptions = Object.freeze({ iconLibrary: 'fontawesome', isMathEnabled: true });

/** The render options docs.json sets: `icons.library` (Font Awesome by default) and `styling.latex`. */
export function renderOptionsOf(config: JsonObject): RenderOptions {
  const library = isObject(config.icons) ? config.icons.library : undefined;
  const latex = isObject(config.styling) ? config.styling.latex : undefined;
  return { iconLibrary: library === 'lucide' || library === 'tabler' ? library : 'fontawesome', isMathEnabled: latex !== false };
}

/** A component being rendered, with what its closing tag needs (an id its opening wrote, a list it opened). */
export interface OpenComponent {
  name: string;
  attributes: Record<string, string>;
  data: Record<string, string | boolean>;
}

/** An Update entry of the page: what its table of contents and RSS feed name it by. */
export interface PageUpdate {
  anchor: string;
  label: string;
}

/** What one page's render knows beyond the token at hand. */
export interface RenderContext {
  options: RenderOptions;
  /** The components open around the one being rendered, outermost first. */
  stack: OpenComponent[];
  /** Ids written by components (update anchors, tooltip ids), so that repeats are numbered. */
  ids: Map<string, number>;
  updates: PageUpdate[];
}

const fresh = (options: RenderOptions): RenderContext => ({ options, stack: [], ids: new Map(), updates: [] });

let current: RenderContext | undefined;

/**
 * Runs one page's render with its options and a fresh context. markdown-it renders synchronously and
 * its renderer rules see only their token, so the page's render state lives here for the duration.
 */
export function inRenderContext<T>(options: RenderOptions, render: (context: RenderContext) => T): T {
  const outer = current;
  current = fresh(options);
  try {
    return render(current);
  } finally {
    current = outer;
  }
}

/** The render under way; outside one (a caller that renders Markdown directly), a context of the defaults. */
export function renderContext(): RenderContext {
  return (current ??= fresh(DEFAULT_RENDER_OPTIONS));
}

/** An id no component of this page has written yet: `base`, then `base-2`, `base-3`… (Mintlify's numbering). */
export function uniqueId(base: string): string {
  const { ids } = renderContext();
  const count = (ids.get(base) ?? 0) + 1;
  ids.set(base, count);
  return count === 1 ? base : `${base}-${count}`;
}

/** A numbered id for markup that needs one (a tooltip's tip): `tooltip-1`, `tooltip-2`… */
export function serialId(prefix: string): string {
  const { ids } = renderContext();
  const key = `\u0000${prefix}`;
  const count = (ids.get(key) ?? 0) + 1;
  ids.set(key, count);
  return `${prefix}-${count}`;
}
