import { pageRoute } from '../search/search-docs.ts';

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

/**
 * Checks the links of an answer as it streams. Text passes through at once, except a Markdown link,
 * which is held back until it is complete; it is then kept only when it points at a page the answer
 * retrieved (or at an address found in the retrieved text), else only its words are kept. Images are
 * reduced to their alt text. So a streamed answer never carries an invented or injected link, and its
 * sources are exactly the pages it cites.
 */
export class CitationGuard {
  #pending = '';
  readonly #cited = new Map<string, Citation>();

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
    for (;;) {
      const open = this.#pending.search(/!?\[/);
      if (open < 0) {
        out += this.#pending;
        this.#pending = '';
        return out;
      }
      out += this.#pending.slice(0, open);
      this.#pending = this.#pending.slice(open);
      const link = /^(!?)\[([^\]\n]*)\]\(([^)\s]*)(?:\s+"[^"\n]*")?\)/.exec(this.#pending);
      if (link) {
        out += this.#resolve(link[1] === '!', link[2]!, link[3]!);
        this.#pending = this.#pending.slice(link[0].length);
        continue;
      }
      if (this.#couldStillBeLink()) return out;
      const start = this.#pending.startsWith('!') ? 2 : 1;
      out += this.#pending.slice(0, start);
      this.#pending = this.#pending.slice(start);
    }
  }

  /** What is held back, when the text has ended. */
  flush(): string {
    const rest = this.#pending;
    this.#pending = '';
    return rest;
  }

  /** The pages cited so far, each once, in order of first citation. */
  citations(): Citation[] {
    return [...this.#cited.values()];
  }

  #resolve(isImage: boolean, text: string, url: string): string {
    if (isImage || !this.allowsLinks()) return text;
    const page = url.startsWith('/') ? this.pageOf(pageRoute(url)) : undefined;
    if (page) {
      if (!this.#cited.has(page.page)) this.#cited.set(page.page, { url, title: page.title });
      return `[${text}](${url})`;
    }
    return /^https?:\/\//.test(url) && this.isRetrievedUrl(url) ? `[${text}](${url})` : text;
  }

  /** Whether what is held back may still become a link: `[words` or `[words](url` not yet closed. */
  #couldStillBeLink(): boolean {
    if (this.#pending.length > MAX_LINK_LENGTH) return false;
    return /^!?\[[^\]\n]*(\]\([^)\s]*(\s+"[^"\n]*"?)?)?$/.test(this.#pending) || /^!?\[[^\]\n]*\]$/.test(this.#pending);
  }
}
