import { routeOfResultPath } from '../search/search-docs.ts';

/** A page an answer may cite: one of its search results. */
export interface CitablePage {
  /** The page route, without an anchor. */
  page: string;
  title: string;
}

/** A link the answer kept. */
export interface Citation {
  url: string;
  title: string;
}

/** Past this many characters an opening `[` is taken for plain text, not the start of a link. */
const MAX_LINK_LENGTH = 600;
/** An address Markdown clients link without link syntax ("https://…", "www.…" and a host), and the punctuation after one that is not part of it. */
const ADDRESS_SOURCE = String.raw`(?:https?:\/\/|www\.)[^\s<>"'\`[\]]+`;
const ADDRESS = new RegExp(ADDRESS_SOURCE, 'gi');
const ADDRESS_AT_START = new RegExp(`^${ADDRESS_SOURCE}`, 'i');
const TRAILING_PUNCTUATION = /[.,:;!?)*_~]+$/;
/** Where text may stop passing straight through: a link or image, code, raw HTML, or an address. */
const MARKUP = new RegExp(String.raw`!?\[|\`|<|${ADDRESS_SOURCE}`, 'i');
/** What makes a `<` the start of raw HTML (a tag, comment, declaration or processing instruction) or of an autolink. */
const HTML_START = /^<[A-Za-z/!?]/;
/** Raw HTML complete on one line: an opening or closing tag, a comment, a declaration or processing instruction. */
const HTML = /^(?:<[A-Za-z][A-Za-z0-9-]*(?=[\s/>])[^<>\n]*>|<\/[A-Za-z][A-Za-z0-9-]*\s*>|<!--[^\n]*?-->|<[!?][^<>\n]*>)/;
/** A Markdown link reference definition (`[label]: url`), which would make `[text][label]` a link. */
const REFERENCE_DEFINITION = /^\[[^\]\n]*\]:/;
/** A link: `[text](url "title")`, its url with balanced parentheses as Markdown reads it. */
const LINK = /^(!?)\[([^\]\n]*)\]\(((?:[^()\s]|\([^()\s]*\))*)(?:\s+"[^"\n]*")?\)/;
/** What may still become a link: `[words`, `[words]` or `[words](url` not yet closed. */
const PARTIAL_LINK = /^!?\[[^\]\n]*(\]\((?:[^()\s]|\([^()\s]*\)?)*(\s+"[^"\n]*"?)?)?$|^!?\[[^\]\n]*\]$/;
/** A run of this many backticks at a line's start opens a fenced code block. */
const FENCE = '```';

/**
 * Checks the links of an answer as it streams. Text passes through at once, except a Markdown link,
 * which is held back until it is complete; it is then kept only when it points at a page the answer
 * retrieved (or at an address found in the retrieved text), else only its words are kept. Images are
 * reduced to their alt text. So a streamed answer never carries an invented or injected link, and its
 * sources are exactly the pages it cites. Code (a fenced block, or inline code on one line) is passed
 * as it is: a client shows a link there as text, and a code example's `![alt](/image.png)` stays whole.
 * Raw HTML (`<a href="javascript:…">`, `<script>`, an autolink such as `<javascript:…>`) is made inert
 * for clients that render Markdown with HTML: a whole tag becomes inline code, any other start of one
 * is escaped (`\<`); so is a link reference definition (`\[label]:`).
 */
export class CitationGuard {
  #pending = '';
  readonly #cited = new Map<string, Citation>();
  /** The backticks that opened the code the text is in, if it is in code. */
  #code: string | undefined;
  /** For a fenced block ("```" at a line's start), not inline code: its closing line. */
  #fenceClose: RegExp | undefined;
  /** What was sent of the current line (a fence opens only at a line's start, after three spaces at most). */
  #line = '';
  /** The text has ended: nothing held back can go on. */
  #isEnded = false;

  constructor(
    private readonly pageOf: (path: string) => CitablePage | undefined,
    private readonly isRetrievedUrl: (url: string) => boolean,
    /** After `markNotFound`, an answer cites nothing. */
    private readonly allowsLinks: () => boolean = () => true,
  ) {}

  /** Text that may be sent now. */
  push(delta: string): string {
    this.#pending += delta;
    let out = '';
    const send = (text: string) => {
      out += text;
      const lineBreak = text.lastIndexOf('\n');
      this.#line = lineBreak < 0 ? this.#line + text : text.slice(lineBreak + 1);
    };
    for (;;) {
      if (this.#code !== undefined) {
        const passed = this.#passCode();
        if (passed === undefined) return out;
        send(passed);
        continue;
      }
      const open = this.#pending.search(MARKUP);
      if (open < 0) {
        // "!" may open an image in the next delta, "htt" or "ww" an address.
        const tail = this.#isEnded ? '' : (/(?:!|h(?:t(?:t(?:ps?:?\/{0,2})?)?)?|w{1,3}\.?)$/i.exec(this.#pending)?.[0] ?? '');
        send(this.#take(this.#pending.length - tail.length));
        return out;
      }
      send(this.#pending.slice(0, open));
      this.#pending = this.#pending.slice(open);
      if (this.#pending.startsWith('`')) {
        const ticks = /^`+/.exec(this.#pending)![0];
        // The run may go on in the next delta ("`" then "``").
        if (ticks.length === this.#pending.length && this.#pending.length < FENCE.length) return out;
        // As Markdown has it, a fence is indented by three spaces at most: past that, the backticks are text.
        this.#fenceClose = ticks.length >= FENCE.length && /^ {0,3}$/.test(this.#line) ? new RegExp(`\\n[ \\t]*${ticks}`) : undefined;
        this.#code = ticks;
        send(this.#take(ticks.length));
        continue;
      }
      if (this.#pending.startsWith('<')) {
        const html = this.#passHtml();
        if (html === undefined) return out;
        send(html);
        continue;
      }
      if (REFERENCE_DEFINITION.test(this.#pending)) {
        send('\\[');
        this.#pending = this.#pending.slice(1);
        continue;
      }
      if (!/^!?\[/.test(this.#pending)) {
        const address = ADDRESS_AT_START.exec(this.#pending)![0];
        // The address may go on in the next delta.
        if (address.length === this.#pending.length && !this.#isEnded) return out;
        const bare = address.replace(TRAILING_PUNCTUATION, '');
        send(this.#resolveAddress(bare));
        this.#pending = this.#pending.slice(bare.length);
        continue;
      }
      const link = LINK.exec(this.#pending);
      if (link) {
        send(this.#resolve(link[1] === '!', link[2]!, link[3]!));
        this.#pending = this.#pending.slice(link[0].length);
        continue;
      }
      if (!this.#isEnded && this.#couldStillBeLink()) return out;
      const start = this.#pending.startsWith('!') ? 2 : 1;
      send(this.#pending.slice(0, start));
      this.#pending = this.#pending.slice(start);
    }
  }

  /**
   * At a `<`: a whole tag as inline code, the `<` of an unfinished one escaped, an address's `<` or a
   * lone `<` as it is; undefined to wait for more. A tag is looked for on its line only: one that
   * spans lines, or an HTML block's opening (`<script` at a line's end), gets the escape.
   */
  #passHtml(): string | undefined {
    if (this.#pending.length === 1 && !this.#isEnded) return undefined;
    if (!HTML_START.test(this.#pending) || ADDRESS_AT_START.test(this.#pending.slice(1))) return this.#take(1);
    const tag = HTML.exec(this.#pending);
    if (tag) return asInlineCode(this.#take(tag[0].length));
    const couldStillBeTag = !this.#isEnded && !this.#pending.includes('\n') && !this.#pending.includes('>', 1) && this.#pending.length <= MAX_LINK_LENGTH;
    if (couldStillBeTag) return undefined;
    this.#pending = this.#pending.slice(1);
    return '\\<';
  }

  /**
   * Inside code: the code up to and including its closing backticks, or all that cannot be part of them
   * yet; undefined to wait for more. Inline code that reaches the end of its line was no code: its
   * backticks were plain text, and what follows them is read as text again.
   */
  #passCode(): string | undefined {
    const marker = this.#code!;
    if (this.#fenceClose) {
      const close = this.#fenceClose.exec(this.#pending);
      if (close) {
        this.#code = undefined;
        return this.#take(close.index + close[0].length);
      }
      // A line start may become the closing fence: it waits for the next delta.
      const tail = /\n[ \t]*`*$/.exec(this.#pending);
      const sendable = tail ? tail.index : this.#pending.length;
      return sendable > 0 ? this.#take(sendable) : undefined;
    }
    const close = this.#pending.indexOf(marker);
    const lineEnd = this.#pending.indexOf('\n');
    if (close >= 0 && (lineEnd < 0 || close < lineEnd)) {
      this.#code = undefined;
      return this.#take(close + marker.length);
    }
    if (lineEnd >= 0 || this.#pending.length > MAX_LINK_LENGTH) {
      this.#code = undefined;
      return '';
    }
    return undefined;
  }

  #take(length: number): string {
    const taken = this.#pending.slice(0, length);
    this.#pending = this.#pending.slice(length);
    return taken;
  }

  /**
   * What is held back, when the text has ended. Inline code never closed was no code: what follows its
   * backtick is checked as text (an unclosed fence shows as code to the end).
   */
  flush(): string {
    this.#isEnded = true;
    let out = this.push('');
    while (this.#code !== undefined && !this.#fenceClose) {
      this.#code = undefined;
      out += this.push('');
    }
    const rest = this.#pending;
    this.#pending = '';
    this.#isEnded = false;
    return out + rest;
  }

  /** The pages cited so far, each once, in order of first citation. */
  citations(): Citation[] {
    return [...this.#cited.values()];
  }

  #resolve(isImage: boolean, text: string, url: string): string {
    if (isImage || !this.allowsLinks()) return this.#plain(text);
    const page = url.startsWith('/') ? this.pageOf(routeOfResultPath(url)) : undefined;
    if (page) {
      if (!this.#cited.has(page.page)) this.#cited.set(page.page, { url, title: page.title });
      return `[${text}](${url})`;
    }
    return /^https?:\/\//.test(url) && this.isRetrievedUrl(url) ? `[${text}](${url})` : this.#plain(text);
  }

  /** A dropped link's words, its addresses resolved as bare ones ("[https://evil.example](…)"). */
  #plain(text: string): string {
    return text.replace(ADDRESS, (address) => {
      const bare = address.replace(TRAILING_PUNCTUATION, '');
      return this.#resolveAddress(bare) + address.slice(bare.length);
    });
  }

  /**
   * A bare address ("https://…", "www.…"), which Markdown clients make a link: kept when the retrieved
   * text has it, else shown as code, which no client links.
   */
  #resolveAddress(address: string): string {
    // "www." left once its trailing dot is cut: no address, and no client links it.
    if (!ADDRESS_AT_START.test(address)) return address;
    return this.allowsLinks() && /^https?:\/\//i.test(address) && this.isRetrievedUrl(address) ? address : `\`${address}\``;
  }

  /** Whether what is held back may still become a link: `[words` or `[words](url` not yet closed. */
  #couldStillBeLink(): boolean {
    return this.#pending.length <= MAX_LINK_LENGTH && PARTIAL_LINK.test(this.#pending);
  }
}

/** Text as inline code that no backtick in it can end early. */
function asInlineCode(text: string): string {
  const longest = Math.max(0, ...(text.match(/`+/g) ?? []).map((run) => run.length));
  const ticks = '`'.repeat(longest + 1);
  const pad = text.startsWith('`') || text.endsWith('`') ? ' ' : '';
  return `${ticks}${pad}${text}${pad}${ticks}`;
}
