import { findingsOf, type Finding } from './finding.ts';
import { readPageSource, type PageSource } from './page-source.ts';
import type { SiteSnapshot } from './site-snapshot.ts';
import { type SourceProse, sourceProse } from './source-prose.ts';

/** HTML's element names: `<div>` in prose is markup, `<token>` is a placeholder. */
const HTML_TAGS = new Set(
  (
    'a abbr address area article aside audio b bdi bdo blockquote body br button canvas caption center cite code col colgroup data dd del ' +
    'details dfn dialog div dl dt em embed fieldset figcaption figure font footer form h1 h2 h3 h4 h5 h6 head header hr html i iframe img ' +
    'input ins kbd label legend li link main mark meta meter nav noscript object ol optgroup option output p param picture pre progress q ' +
    's samp script section select small source span strike strong style sub summary sup svg table tbody td template textarea tfoot th ' +
    'thead time title tr track u ul var video wbr'
  ).split(' '),
);

/** Mintlify's components, markup whatever a page's source says. */
const COMPONENTS = new Set(
  (
    'Accordion AccordionGroup Badge Banner Callout Card CardGroup Check CodeGroup Color Columns Danger Expandable Frame Icon Info Latex ' +
    'Mermaid Note Panel ParamField Prompt RequestExample ResponseExample ResponseField Snippet Step Steps Tab Tabs Tile Tip Tooltip Tree ' +
    'Update View Visibility Warning'
  ).split(' '),
);

const PASCAL_CASE = /^[A-Z][a-z0-9]+(?:[A-Z][a-z0-9]*)*(?:\.[A-Z][A-Za-z0-9]*)?$/;
/** One attribute: `name`, `name="…"`, `name='…'`, `name={…}` (one level of braces) or `name=bare`. */
const ATTRIBUTE = String.raw`\s+[\w:.@-]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|\{(?:[^{}]|\{[^{}]*\})*\}|[^\s"'=<>{}]+))?`;

interface Pattern {
  what: string;
  pattern: RegExp;
  /** Whether a match is markup here (tags: is it a tag name the page could mean). */
  isMarkup?: (match: RegExpExecArray, tagNames: Set<string>) => boolean;
}

const isTagName = (name: string, tagNames: Set<string>, hasAttributes: boolean) =>
  HTML_TAGS.has(name.toLowerCase()) || COMPONENTS.has(name) || tagNames.has(name) || (hasAttributes && PASCAL_CASE.test(name));

/**
 * What markup looks like when it is printed instead of rendered. Each leaves legitimate prose alone:
 * a tag needs a real element or component name (`<token>`, `<YOUR_KEY>` are placeholders) and no letter
 * before it (`Promise<Response>` is a type); `{…}` counts only when it holds JavaScript (`{user_id}` is a
 * placeholder); `x => y` needs a parenthesis to be JSX's arrow.
 */
const PATTERNS: Pattern[] = [
  // Markdown left unrendered (an OpenAPI description printed as written, say): a rendered page never shows these
  // marks. First, so that a code span's `<div>` is reported as the code span it is.
  { what: 'a Markdown link', pattern: /(?<!!)\[[^\]\n]{1,200}\]\((?:https?:\/\/|\/|#|\.{1,2}\/)[^)\s]*\)/g },
  { what: 'Markdown emphasis', pattern: /\*\*[^*\n]{1,200}\*\*/g, isMarkup: (match) => isEmphasis(match.input!, match.index, match[0].length) },
  { what: 'a Markdown code span', pattern: /`[^`\n]{1,200}`/g },
  {
    what: 'a tag',
    pattern: new RegExp(String.raw`(?<![\w$])<([A-Za-z][\w.:-]*)((?:${ATTRIBUTE})*)\s*\/?>`, 'g'),
    isMarkup: (match, tagNames) => {
      const [, name, attributes] = match as unknown as [string, string, string];
      // A one-letter element (`<a>`, `<b>`) with words after it is more likely "a <b and c>" than markup.
      if (name.length === 1 && attributes && !attributes.includes('=')) return false;
      return isTagName(name, tagNames, attributes.includes('='));
    },
  },
  {
    what: 'a tag cut off',
    pattern: /(?<![\w$])<([A-Za-z][\w.:-]*)(?=(\s+[\w:-]+\s*=\s*["'{])|\s|$)/g,
    // A tag name alone (`<video` at a line's end) is markup when it names an element; `<b and c>` is not.
    isMarkup: (match, tagNames) => {
      const [, name, attribute] = match as unknown as [string, string, string | undefined];
      if (name.length === 1) return attribute !== undefined && HTML_TAGS.has(name.toLowerCase());
      return isTagName(name, tagNames, attribute !== undefined);
    },
  },
  { what: 'a closing tag', pattern: /<\/([A-Za-z][\w.:-]*)?\s*>/g, isMarkup: (match, tagNames) => !match[1] || isTagName(match[1], tagNames, false) },
  // `-->` alone is an arrow in prose ("[Website]--> [Proxy]"); a comment shown as text starts with `<!--`.
  { what: 'an HTML comment', pattern: /<!--/g },
  { what: 'className=', pattern: /\bclassName\s*=/g },
  { what: 'style={{', pattern: /\bstyle\s*=\s*\{\{/g },
  { what: 'a JSX comment', pattern: /\{\s*\/\*|\*\/\s*\}/g },
  { what: 'an export', pattern: /\bexport\s+(?:const|let|var|function|default\s+function)\s+[\w$]/g },
  { what: 'an import', pattern: /\bimport\s+(?:[\w$]+|\{[^}]*\}|\*\s+as\s+[\w$]+)(?:\s*,\s*(?:\{[^}]*\}|[\w$]+))?\s+from\s+["'][^"']+["']/g },
  { what: "JSX's arrow", pattern: /=>\s*\(|\)\s*=>\s*\{/g },
  { what: 'an attribute expression', pattern: /(?<![\w$])[A-Za-z][\w-]*=\{/g },
  {
    what: 'a JSX expression',
    pattern: new RegExp(
      [
        String.raw`\{\s*(?:"[^"\n]*"|'[^'\n]*'|\x60[^\x60\n]*\x60)\s*\}`, // {" "}, {'text'}
        String.raw`\{\s*[\w$.]+\s*\([^{}\n]*\)\s*\}`, // {format(date)}
        String.raw`\{[^{}\n]*(?:&&|\|\||===|!==|=>|\.\.\.)[^{}\n]*\}`, // {isOpen && …}, {...props}
        String.raw`\{\s*[\w$.]+\s*\?[^{}\n:]*:[^{}\n]*\}`, // {a ? b : c}
        String.raw`\{\s*(?:children|props(?:\.[\w$]+)*|true|false|null|undefined)\s*\}`,
        String.raw`\{\{\s*[\w$]+\s*:`, // {{ color: 'red' }}
        String.raw`\{\s*\[\s*["'{\d]`, // {["a", "b"]}
      ].join('|'),
      'g',
    ),
  },
  { what: 'a double-escaped entity', pattern: /&(?:nbsp|lt|gt|amp|quot|apos|#\d{2,5}|#x[0-9a-f]{2,4});/gi },
];

/**
 * No page shows markup as text: in the visible prose of `<main>` (code, `kbd`, `pre` left out), nothing
 * that is an HTML or JSX tag, a JSX attribute or expression, a comment, an ES statement, or Markdown's
 * links, emphasis and code spans. What the
 * source itself writes as text is the author's, not a leak: escaped (`&lt;div&gt;`, `\<Card>`), as a
 * string (a frontmatter title, an attribute's value: `<Accordion title="<head>">`), or markup so broken
 * that MDX reads it as prose too (an image given JSX attributes).
 */
export function rawMarkupFindings(site: SiteSnapshot): Finding[] {
  const finding = findingsOf('raw-markup', site.name);
  const findings: Finding[] = [];
  for (const page of site.pages) {
    const source = readPageSource(site.folder, page.sourcePath);
    const prose = source ? sourceProse(source.body) : undefined;
    const tagNames = prose?.tagNames ?? new Set<string>();
    const leaks = new Map<string, { count: number; example: string }>();
    // A place the text goes wrong is reported once, by the first pattern that sees it (a whole tag before its cut-off start).
    const seen: [start: number, end: number][] = [];
    for (const { what, pattern, isMarkup } of PATTERNS) {
      for (const match of page.text.prose.matchAll(pattern)) {
        if (seen.some(([start, end]) => match.index >= start && match.index < end)) continue;
        if (isMarkup && !isMarkup(match as RegExpExecArray, tagNames)) continue;
        seen.push([match.index, match.index + match[0].length]);
        if (source && prose && isAuthorsText(match[0], source, prose)) continue;
        const leak = leaks.get(what) ?? { count: 0, example: excerpt(page.text.prose, match.index, match[0].length) };
        leak.count++;
        leaks.set(what, leak);
      }
    }
    for (const [what, { count, example }] of leaks)
      findings.push(finding(page.route, `shows ${what} as text${count > 1 ? ` (${count}×)` : ''}`, example, count));
  }
  return findings;
}

/**
 * Whether the source writes this text on purpose: as plain prose (escaped, `&lt;div&gt;`, or markup MDX
 * does not read as markup either), or as a string (frontmatter fields and attribute values are text).
 */
function isAuthorsText(text: string, source: PageSource, prose: SourceProse): boolean {
  return [prose.plain, source.frontmatterText, ...prose.attributeTexts].some((written) => written.includes(text));
}

const isSpace = (char: string | undefined) => char === undefined || /\s/u.test(char);
const isPunctuation = (char: string | undefined) => char !== undefined && /[\p{P}\p{S}]/u.test(char);

/**
 * Whether CommonMark would read `**…**` here as emphasis (its delimiters flank the text): where it does
 * not (`**构造器（Constructor）**和` closes after punctuation and before a letter), Mintlify shows the
 * asterisks too.
 */
function isEmphasis(text: string, index: number, length: number): boolean {
  const [before, first, last, after] = [text[index - 1], text[index + 2], text[index + length - 3], text[index + length]];
  const opens = !isSpace(first) && (!isPunctuation(first) || isSpace(before) || isPunctuation(before));
  const closes = !isSpace(last) && (!isPunctuation(last) || isSpace(after) || isPunctuation(after));
  return opens && closes;
}

/** The match with a little of the text around it, on one line. */
function excerpt(text: string, index: number, length: number): string {
  const start = Math.max(0, index - 40);
  return `…${text.slice(start, index + length + 60)}…`.replace(/\s+/g, ' ');
}
