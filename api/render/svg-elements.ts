/**
 * Inline SVG drawings (icons in a page's cards, diagrams) as pages write them in JSX. Only the shapes,
 * gradients and text of SVG pass, with presentational attributes: no script, no `foreignObject`, no
 * animation, no reference to anything outside the drawing but `<image>` sources (html-elements.ts).
 */
const SVG_ELEMENTS = new Set([
  'svg',
  'g',
  'path',
  'circle',
  'ellipse',
  'line',
  'polyline',
  'polygon',
  'rect',
  'text',
  'tspan',
  'textPath',
  'defs',
  'linearGradient',
  'radialGradient',
  'stop',
  'clipPath',
  'mask',
  'pattern',
  'symbol',
  'use',
  'marker',
  'image',
  'desc',
  'filter',
  'feGaussianBlur',
  'feOffset',
  'feBlend',
  'feColorMatrix',
  'feFlood',
  'feComposite',
  'feMerge',
  'feMergeNode',
  'feDropShadow',
]);
/** The lowercase spellings an HTML parser gives the mixed-case ones. */
const BY_LOWERCASE = new Map([...SVG_ELEMENTS].map((name) => [name.toLowerCase(), name]));

export const isSvgElement = (name: string): boolean => SVG_ELEMENTS.has(name) || BY_LOWERCASE.has(name.toLowerCase());

/** SVG's spelling of an element an HTML parser lowercased (`lineargradient` → `linearGradient`). */
export const svgElementName = (name: string): string => BY_LOWERCASE.get(name.toLowerCase()) ?? name;

/** Attributes SVG spells in camelCase (React passes them as written). */
const CAMEL_CASE = [
  'viewBox',
  'preserveAspectRatio',
  'gradientUnits',
  'gradientTransform',
  'patternUnits',
  'patternContentUnits',
  'patternTransform',
  'clipPathUnits',
  'maskUnits',
  'maskContentUnits',
  'markerWidth',
  'markerHeight',
  'markerUnits',
  'refX',
  'refY',
  'stdDeviation',
  'textLength',
  'lengthAdjust',
  'startOffset',
  'spreadMethod',
  'filterUnits',
  'primitiveUnits',
  'pathLength',
];
const CAMEL_BY_LOWERCASE = new Map(CAMEL_CASE.map((name) => [name.toLowerCase(), name]));

const PRESENTATION = new Set([
  'xmlns',
  'xmlns:xlink',
  'version',
  'id',
  'class',
  'style',
  'role',
  'focusable',
  'tabindex',
  'lang',
  'width',
  'height',
  'x',
  'y',
  'x1',
  'x2',
  'y1',
  'y2',
  'cx',
  'cy',
  'r',
  'rx',
  'ry',
  'fx',
  'fy',
  'd',
  'dx',
  'dy',
  'points',
  'transform',
  'offset',
  'fill',
  'fill-opacity',
  'fill-rule',
  'stroke',
  'stroke-width',
  'stroke-linecap',
  'stroke-linejoin',
  'stroke-dasharray',
  'stroke-dashoffset',
  'stroke-miterlimit',
  'stroke-opacity',
  'opacity',
  'clip-path',
  'clip-rule',
  'mask',
  'filter',
  'stop-color',
  'stop-opacity',
  'color',
  'display',
  'visibility',
  'overflow',
  'vector-effect',
  'shape-rendering',
  'text-rendering',
  'font-family',
  'font-size',
  'font-weight',
  'font-style',
  'letter-spacing',
  'text-anchor',
  'dominant-baseline',
  'alignment-baseline',
  'baseline-shift',
  'marker-start',
  'marker-mid',
  'marker-end',
  'orient',
  'href',
  'xlink:href',
  'in',
  'in2',
  'result',
  'mode',
  'values',
  'type',
  'operator',
  'flood-color',
  'flood-opacity',
  ...CAMEL_CASE,
]);

/**
 * The SVG attribute a JSX or HTML attribute name stands for (`strokeWidth` → `stroke-width`, `viewbox` →
 * `viewBox`, `xlinkHref` → `xlink:href`), or undefined when it is not one Folio keeps.
 */
export function svgAttributeName(written: string): string | undefined {
  if (written.startsWith('aria-')) return written;
  if (written === 'className') return 'class';
  const camel = CAMEL_BY_LOWERCASE.get(written.toLowerCase());
  if (camel) return camel;
  const name = written
    .replace(/^xlink(?=[A-Z])/, 'xlink:')
    .replace(/^xmlns(?=[A-Z])/, 'xmlns:')
    .replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)
    .replace(/:-/, ':');
  return PRESENTATION.has(name) ? name : undefined;
}
