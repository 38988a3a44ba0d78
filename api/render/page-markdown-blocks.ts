import type { MarkdownIt, Token } from 'markdown-it';
import { componentMarkdown } from './page-markdown-components.ts';
import { htmlBlockMarkdown } from './page-markdown-html.ts';
import { escapeLineStarts, HIDDEN_HTML, imageMarkdown, inlineMarkdown, type InlineToken } from './page-markdown-inline.ts';
import { listItem, quote } from './page-markdown-layout.ts';
import { tagOf } from './token-meta.ts';

/** A block token with the tokens it holds (an `_open` token's, up to its `_close`). */
export interface BlockNode {
  token: Token;
  children: BlockNode[];
}

/** markdown-it's flat block tokens as a tree. */
export function blockTree(tokens: Token[]): BlockNode[] {
  const root: BlockNode[] = [];
  const open: BlockNode[] = [];
  for (const token of tokens) {
    if (token.nesting === -1) {
      open.pop();
      continue;
    }
    const node: BlockNode = { token, children: [] };
    (open.at(-1)?.children ?? root).push(node);
    if (token.nesting === 1) open.push(node);
  }
  return root;
}

/**
 * Writes a page's block tree back as Markdown. Blocks are separated by a blank line (a line break in a
 * tight list); containers (list items, block quotes, components) write their children and indent or
 * prefix the result.
 */
export class MarkdownWriter {
  /** The level of the last heading written: the page's title (added by the caller) is the first. */
  headingLevel = 1;

  constructor(private readonly md: MarkdownIt) {}

  blocks(nodes: BlockNode[], separator = '\n\n'): string {
    let out = '';
    for (const node of nodes) {
      const block = this.block(node);
      if (block) out += out ? `${separator}${block}` : block;
    }
    return out;
  }

  inline(tokens: InlineToken[], isInTable = false): string {
    return inlineMarkdown(tokens, { isInTable });
  }

  /** Markdown written in an attribute (a frame's caption) as a paragraph of this page. */
  paragraph(source: string): string {
    const tokens = this.md.parseInline(source, {})[0]?.children ?? [];
    return escapeLineStarts(this.inline(tokens).trim());
  }

  /** Text of HTML or of a JSX attribute with its character references (`&quot;`) decoded; its backslashes are its own. */
  decode(text: string): string {
    return text.includes('&') ? this.md.utils.unescapeAll(text.replaceAll('\\', '\\\\')) : text;
  }

  private block(node: BlockNode): string {
    const { token, children } = node;
    switch (token.type) {
      case 'paragraph_open':
        return escapeLineStarts(this.inline(children[0]?.token.children ?? []).trim());
      case 'inline': // the text of an element written on one line with it: `<Note>Do *not*.</Note>`
        return escapeLineStarts(this.inline(token.children ?? []).trim());
      case 'heading_open': {
        this.headingLevel = Number(token.tag.slice(1));
        return `${'#'.repeat(this.headingLevel)} ${this.inline(children[0]?.token.children ?? [])}`.trimEnd();
      }
      case 'bullet_list_open':
      case 'ordered_list_open':
        return this.list(node);
      case 'blockquote_open':
        return quote(this.blocks(children));
      case 'hr':
        return '---';
      case 'fence':
      case 'code_block':
        return fence(token);
      case 'html_block':
        return htmlBlockMarkdown(token.content, this);
      case 'table_open':
        return this.table(node);
      case 'component_open':
      case 'component_self':
        return isHtmlElement(token) ? this.htmlElement(node) : componentMarkdown(node, this);
      default:
        return this.blocks(children);
    }
  }

  /** An HTML element written as JSX on lines of its own: an image as an image, a rule as a rule, anything else as its content. */
  private htmlElement({ token, children }: BlockNode): string {
    const tag = tagOf(token);
    const name = tag.name.toLowerCase();
    if (HIDDEN_HTML.has(name)) return '';
    if (name === 'img') return imageMarkdown(this.decode(tag.attributes.alt ?? ''), tag.attributes.src ?? '', tag.attributes.title);
    if (name === 'hr') return '---';
    return this.blocks(children);
  }

  private list({ token, children }: BlockNode): string {
    // markdown-it hides the paragraphs of a tight list's items.
    const isTight = children.every((item) => item.children.every((child) => child.token.type !== 'paragraph_open' || child.token.hidden));
    const start = Number(token.attrGet('start') ?? 1);
    const items = children.map((item, index) => {
      const marker = token.type === 'ordered_list_open' ? `${start + index}${item.token.markup}` : item.token.markup;
      return listItem(marker, this.blocks(item.children, isTight ? '\n' : '\n\n'));
    });
    return items.join(isTight ? '\n' : '\n\n');
  }

  private table(node: BlockNode): string {
    const rows = node.children.flatMap((section) => section.children);
    const cells = rows.map((row) => row.children.map((cell) => this.inline(cell.children[0]?.token.children ?? [], true).replace(/\|/g, '\\|')));
    const header = rows[0]?.children ?? [];
    const alignments = header.map((cell) => {
      const align = /text-align:\s*(\w+)/.exec(String(cell.token.attrGet('style') ?? ''))?.[1];
      return align === 'left' ? ':---' : align === 'center' ? ':---:' : align === 'right' ? '---:' : '---';
    });
    const line = (values: string[]) => `| ${values.join(' | ')} |`;
    return [line(cells[0] ?? []), line(alignments), ...cells.slice(1).map(line)].join('\n');
  }
}

const isHtmlElement = (token: Token) => /^[a-z]/.test(tagOf(token).name);

/** A fenced code block exactly as written: its fence, its info string (language and title), its code. */
function fence(token: Token): string {
  const marker = token.type === 'fence' ? token.markup : '```';
  return `${marker}${token.info}\n${token.content}${marker}`;
}
