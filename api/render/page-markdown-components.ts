import type { Tag } from '../mintlify/mdx/jsx-tags.ts';
import { lookupTable } from '../lookup-table.ts';
import { readInfo } from './code-blocks.ts';
import { list, record } from './components/attributes.ts';
import { repository } from './components/cards.ts';
import type { MathTag } from './components/inline.ts';
import { mathSource } from './math-syntax.ts';
import type { BlockNode, MarkdownWriter } from './page-markdown-blocks.ts';
import { listItem, quote } from './page-markdown-layout.ts';
import { codeSpan, escapeText, linkText } from './page-markdown-inline.ts';
import { exportHref, exportImageSrc, linkDestination } from './page-markdown-links.ts';
import { tagOf } from './token-meta.ts';

/** How a block component reads as Markdown, given its children's blocks. */
type Rendering = (tag: Tag, children: BlockNode[], writer: MarkdownWriter) => string;

/**
 * Mintlify's components as the plain Markdown of a page's export (Mintlify's ai/markdown-export: no JSX
 * left): callouts are block quotes under their label, steps a numbered list, tabs and code groups labelled
 * sections one after the other, cards links, accordions headings. A component not listed here gives way
 * to its children; `<Visibility>` for the web page's readers was already left out by the parser
 * (mdx-syntax.ts).
 */
export function componentMarkdown(node: BlockNode, writer: MarkdownWriter): string {
  const rendering = COMPONENTS[tagOf(node.token).name];
  return rendering ? rendering(decodedTagOf(node, writer), node.children, writer) : writer.blocks(node.children);
}

/** A component's tag, its attributes' character references decoded (JSX reads `title="&quot;a&quot;"` as `"a"`). */
function decodedTagOf(node: BlockNode, writer: MarkdownWriter): Tag {
  const tag = tagOf(node.token);
  return { ...tag, attributes: Object.fromEntries(Object.entries(tag.attributes).map(([name, value]) => [name, writer.decode(value)])) };
}

const callout =
  (label: string): Rendering =>
  (tag, children, writer) =>
    quote(blocks(bold(attr(tag, 'title') || label), writer.blocks(children)));

/** A tab, a view, a step outside its steps: its title in bold above its content. */
const titled: Rendering = (tag, children, writer) => blocks(bold(attr(tag, 'title')), writer.blocks(children));

/**
 * A card, a tile, a prompt: its image, its title as a link to where it leads (in bold when it leads
 * nowhere), what it says, and its call to action as the link when it has no title.
 */
const card: Rendering = (tag, children, writer) => {
  const title = attr(tag, 'title');
  const href = exportHref(attr(tag, 'href'));
  const image = exportImageSrc(attr(tag, 'img'));
  const heading = title && href ? `[${linkText(title)}](${linkDestination(href)})` : bold(title);
  const description = attr(tag, 'description');
  const cta = attr(tag, 'cta') || (!title && href ? 'Read more' : '');
  const action = cta && href && !title ? `[${linkText(cta)}](${linkDestination(href)})` : '';
  return blocks(image ? `![](${linkDestination(image)})` : '', heading, description ? writer.paragraph(description) : '', writer.blocks(children), action);
};

/** An accordion, an expandable, an update: its title as a heading one level below the one it sits under, its description and tags first. */
const section =
  (titleAttribute: string): Rendering =>
  (tag, children, writer) => {
    const enclosing = writer.headingLevel;
    const title = attr(tag, titleAttribute);
    const level = Math.min(6, enclosing + 1);
    const description = attr(tag, 'description');
    const tags = list(tag, 'tags');
    writer.headingLevel = title ? level : enclosing;
    const body = blocks(
      description ? writer.paragraph(description) : '',
      tags.length > 0 ? `Tags: ${tags.map(escapeText).join(', ')}` : '',
      writer.blocks(children),
    );
    writer.headingLevel = enclosing;
    return blocks(title ? `${'#'.repeat(level)} ${escapeText(title)}` : '', body);
  };

/** Each step an item of a numbered list: its title in bold, its content indented under it. */
const steps: Rendering = (_tag, children, writer) => {
  let number = 0;
  return blocks(
    ...children.map((child) =>
      isComponent(child, 'Step') ? listItem(`${++number}.`, titled(decodedTagOf(child, writer), child.children, writer)) : writer.blocks([child]),
    ),
  );
};

/** Each code block under its label: the title of its info string (```` ```bash npm ````), else its language. */
const codeGroup: Rendering = (_tag, children, writer) =>
  blocks(
    ...children.map((child) => {
      const code = writer.blocks([child]);
      if (child.token.type !== 'fence') return code;
      const { title, language } = readInfo(child.token.info);
      return blocks(bold(title || language), code);
    }),
  );

/** A parameter or response field: its name in code, where it goes, its type, labels and flags, then its description. */
const field: Rendering = (tag, children, writer) => {
  const location = FIELD_LOCATIONS.find((place) => attr(tag, place));
  const name = attr(tag, ...FIELD_LOCATIONS, 'name');
  const type = attr(tag, 'type');
  const fallback = attr(tag, 'default');
  const placeholder = attr(tag, 'placeholder');
  const details = [
    tag.name === 'ParamField' && location && location !== 'body' ? location : '',
    type ? escapeText(type) : '',
    ...list(tag, 'pre').map(escapeText),
    ...list(tag, 'post').map(escapeText),
    tag.attributes.required === 'true' || tag.attributes.required === '' ? 'required' : '',
    tag.attributes.deprecated === 'true' ? 'deprecated' : '',
    fallback ? `default: ${codeSpan(fallback)}` : '',
    placeholder ? `placeholder: ${codeSpan(placeholder)}` : '',
  ].filter(Boolean);
  const line = [name ? codeSpan(name) : '', details.length > 0 ? `(${details.join(', ')})` : ''].filter(Boolean).join(' ');
  return blocks(line, writer.blocks(children));
};
const FIELD_LOCATIONS = ['query', 'path', 'body', 'header', 'cookie'];

/** A frame: its hint above, its caption below (both Markdown), its content between. */
const frame: Rendering = (tag, children, writer) => {
  const hint = attr(tag, 'hint');
  const caption = attr(tag, 'caption');
  return blocks(hint ? writer.paragraph(hint) : '', writer.blocks(children), caption ? writer.paragraph(caption) : '');
};

/** A file tree: folders (`name/`) and files as a nested list; a tree written as a Markdown list stays one. */
const tree: Rendering = (_tag, children, writer) => {
  if (!children.some((child) => isComponent(child, 'Tree.Folder') || isComponent(child, 'Tree.File'))) return writer.blocks(children);
  return children
    .map((child) => {
      const tag = decodedTagOf(child, writer);
      if (isComponent(child, 'Tree.File')) return `- ${escapeText(attr(tag, 'name'))}`;
      if (isComponent(child, 'Tree.Folder'))
        return listItem('-', [`${escapeText(attr(tag, 'name'))}/`, tree(tag, child.children, writer)].filter(Boolean).join('\n'));
      return writer.blocks([child]);
    })
    .filter(Boolean)
    .join('\n');
};

/** A palette: each colour an item (`name: value`, a value per theme when it has two); a table's rows titled lists. */
const palette: Rendering = (tag, children, writer) => {
  const items: string[] = [];
  const flush = () => (items.length > 0 ? items.splice(0).join('\n') : '');
  const parts = children.map((child) => {
    if (isComponent(child, 'Color.Item')) {
      const item = decodedTagOf(child, writer);
      const themed = record(item, 'value');
      const value = themed.light || themed.dark ? `${themed.light ?? themed.dark} (light), ${themed.dark ?? themed.light} (dark)` : attr(item, 'value');
      items.push(`- ${[escapeText(attr(item, 'name')), value ? codeSpan(value) : ''].filter(Boolean).join(': ')}`);
      return '';
    }
    const before = flush();
    return blocks(before, isComponent(child, 'Color.Row') ? palette(decodedTagOf(child, writer), child.children, writer) : writer.blocks([child]));
  });
  return blocks(bold(attr(tag, 'title')), ...parts, flush());
};

/** A repository card: a link to the repository. */
const gitHubRepo: Rendering = (tag) => {
  const repo = repository(attr(tag, 'repo'));
  return repo ? `[${linkText(repo)}](https://github.com/${repo})` : '';
};

const COMPONENTS = lookupTable<Rendering>({
  Note: callout('Note'),
  Warning: callout('Warning'),
  Tip: callout('Tip'),
  Info: callout('Info'),
  Check: callout('Check'),
  Danger: callout('Danger'),
  Callout: callout(''),
  Steps: steps,
  Step: titled,
  Tab: titled,
  View: titled,
  CodeGroup: codeGroup,
  RequestExample: codeGroup,
  ResponseExample: codeGroup,
  Card: card,
  Tile: card,
  HeroCard: card,
  ThemeCard: card,
  Prompt: card,
  Accordion: section('title'),
  Expandable: section('title'),
  Update: section('label'),
  ParamField: field,
  ResponseField: field,
  Frame: frame,
  Tree: tree,
  FileTree: tree,
  Color: palette,
  'Color.Row': palette,
  'GitHub.Repo': gitHubRepo,
  Latex: (tag) => mathSource(tag as MathTag, true),
  Icon: () => '',
  blockquote: (_tag, children, writer) => quote(writer.blocks(children)),
});

const isComponent = (node: BlockNode, name: string) =>
  (node.token.type === 'component_open' || node.token.type === 'component_self') && tagOf(node.token).name === name;

function attr(tag: Tag, ...names: string[]): string {
  for (const name of names) {
    const value = tag.attributes[name]?.trim();
    if (value) return value;
  }
  return '';
}

const bold = (text: string) => (text ? `**${escapeText(text)}**` : '');
/** Blocks that have something to say, a blank line apart. */
const blocks = (...parts: string[]) => parts.filter(Boolean).join('\n\n');
