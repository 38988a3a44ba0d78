import { loadAnalyzer, type Analyzer } from './analyzer.ts';
import { FIELD, KeywordIndex, type AnalyzedDocument, type KeywordIndexState } from './keyword-index.ts';
import { PageSummaries, type PageSummariesState, type PageSummary } from './page-summaries.ts';
import { CorpusVocabulary, type CorpusVocabularyState } from './query-expansion.ts';
import type { VersionPages } from './served-pages.ts';
import type { TranslatedQueries } from './translated-queries.ts';
import { SharedDirections } from './shared-directions.ts';
import { VectorIndex, type VectorIndexState } from './vector-index.ts';
import { normalise } from './embedders/embedder.ts';
import { isAt, stringAt, stringColumn, type StringColumn } from './string-column.ts';
import { textAt, textColumn, type TextColumn } from './text-column.ts';

export interface IndexedChunk {
  pageId: string;
  /** Page route and heading anchor: `/deploy/custom-domain#configure-dns`. */
  path: string;
  content: string;
  title: string;
  description: string;
  section: string;
  version: string;
  language: string;
}

/** A searchable chunk as stored, with its page and its vector (if the embedder has one). */
export interface ChunkRow {
  id: string;
  content: string;
  heading: string;
  anchor: string;
  page_id: string;
  title: string;
  description: string;
  keywords: string;
  vector: Uint8Array | null;
}

/**
 * A partition as plain data, for a search artifact; chunks are stored by column, their page's fields
 * once a page. Nothing of it says where a page is served (served-pages.ts does): the same pages at other
 * routes make the same partition.
 */
export interface PartitionState {
  language: string;
  /** Per chunk. */
  anchors: StringColumn;
  contents: TextColumn;
  headings: StringColumn;
  pageOf: Int32Array;
  /** Per page. */
  pageIds: string[];
  titles: string[];
  descriptions: string[];
  firstChunk: Int32Array;
  keyword: KeywordIndexState;
  pages: PageSummariesState;
  vectors?: { index: VectorIndexState; shared: { mean: Float32Array; common: Float32Array }; pages: Float32Array };
  vocabulary?: CorpusVocabularyState;
}

/** Languages whose words the offline word vectors know: their queries are widened with related words. */
const EXPANDED_LANGUAGES = new Set(['en']);

/** Whether the offline word vectors know a language (`en`, `en-US`): it gets summary vectors, others translate into it. */
export const knowsWords = (language: string) => EXPANDED_LANGUAGES.has(language.toLowerCase().split(/[-_]/)[0]!);

/** What a partition keeps of its chunks' text: each chunk's anchor and text, each page's id, title and description. */
export interface ChunkTexts {
  anchors: StringColumn;
  contents: TextColumn;
  pageIds: string[];
  titles: string[];
  descriptions: string[];
}

/**
 * One language of a site: each of its distinct pages once (however many versions serve it), with their
 * chunks, keyword index, vectors, and what ranking needs of pages. Its statistics (a term's idf, the
 * average length, the vectors' shared directions, the page summaries' idf) are those of all the
 * language's pages, whichever version a search asks for.
 */
export class Partition {
  constructor(
    readonly language: string,
    readonly chunks: ChunkTexts,
    readonly analyzer: Analyzer,
    readonly keyword: KeywordIndex,
    /** Each chunk's heading and its page's title, in the form phrases are matched in (see phrase-match.ts). */
    readonly headings: StringColumn,
    readonly titles: string[],
    /** Chunk -> its page's number in this partition. */
    readonly pageOf: Int32Array,
    /** Page number -> its first chunk. */
    readonly firstChunk: Int32Array,
    readonly pages: PageSummaries,
    readonly vectors?: {
      index: VectorIndex;
      /** What is removed from every vector (documents and queries alike) before comparing. */
      shared: SharedDirections;
      /** Page number -> the page's unit vector (the mean of its chunks'), for page-level similarity. */
      pages: Float32Array;
    },
    readonly vocabulary?: CorpusVocabulary,
    /** For a language the word vectors do not know: its queries carried into the site's English pages. */
    readonly translation?: TranslatedQueries,
  ) {}

  /** The same partition, its queries carried into English by `translation` (the partition's data is shared, not copied). */
  withTranslation(translation: TranslatedQueries | undefined): Partition {
    const { language, chunks, analyzer, keyword, headings, titles, pageOf, firstChunk, pages, vectors, vocabulary } = this;
    return new Partition(language, chunks, analyzer, keyword, headings, titles, pageOf, firstChunk, pages, vectors, vocabulary, translation);
  }

  get chunkCount(): number {
    return this.pageOf.length;
  }

  get pageCount(): number {
    return this.firstChunk.length;
  }

  /** A chunk's text (undefined past the end). */
  contentAt(doc: number): string | undefined {
    return doc >= 0 && doc < this.pageOf.length ? textAt(this.chunks.contents, doc) : undefined;
  }

  /** A chunk as `served` serves its page: its path is the page's route there, with the chunk's anchor. */
  chunkAt(doc: number, served: VersionPages): IndexedChunk {
    const page = this.pageOf[doc]!;
    const { pageIds, titles, descriptions } = this.chunks;
    return {
      pageId: pageIds[page]!,
      path: this.pathAt(doc, served),
      content: this.contentAt(doc)!,
      title: titles[page]!,
      description: descriptions[page]!,
      section: served.sectionOf(page),
      version: served.version,
      language: this.language,
    };
  }

  pathAt(doc: number, served: VersionPages): string {
    const route = served.routeOf(this.pageOf[doc]!);
    const anchor = stringAt(this.chunks.anchors, doc)!;
    return anchor ? `${route}#${anchor}` : route;
  }

  /** The partition as plain data (its translation aside: SiteIndex links those). */
  toState(): PartitionState {
    const { anchors, contents, pageIds, titles, descriptions } = this.chunks;
    return {
      language: this.language,
      anchors,
      contents,
      headings: this.headings,
      pageOf: this.pageOf,
      pageIds,
      titles,
      descriptions,
      firstChunk: this.firstChunk,
      keyword: this.keyword.toState(),
      pages: this.pages.toState(),
      ...(this.vectors ? { vectors: { index: this.vectors.index.toState(), shared: this.vectors.shared, pages: this.vectors.pages } } : {}),
      ...(this.vocabulary ? { vocabulary: this.vocabulary.toState() } : {}),
    };
  }

  static async fromState(state: PartitionState): Promise<Partition> {
    const { language, pageOf } = state;
    const pageTitles = state.titles.map(phraseForm);
    const titles = Array.from(pageOf, (page) => pageTitles[page]!);
    const vectors = state.vectors && {
      index: VectorIndex.fromState(state.vectors.index),
      shared: SharedDirections.fromState(state.vectors.shared),
      pages: state.vectors.pages,
    };
    const { anchors, contents, pageIds, descriptions } = state;
    return new Partition(
      language,
      { anchors, contents, pageIds, titles: state.titles, descriptions },
      await loadAnalyzer(language),
      KeywordIndex.fromState(state.keyword),
      state.headings,
      titles,
      pageOf,
      state.firstChunk,
      PageSummaries.fromState(state.pages),
      vectors,
      state.vocabulary && CorpusVocabulary.fromState(state.vocabulary),
    );
  }

  /**
   * Up to `limit` chunks of page `page` whose heading or text says the most of `terms` (index terms, as
   * this partition's analyzer makes them; the rarer in the site, the more each counts), in the page's order.
   */
  sectionsOfPage(page: number, terms: readonly string[], limit: number): number[] {
    const docs = [...this.docsOfPage(page)];
    if (docs.length === 0) return [];
    const weights = new Float64Array(docs.length);
    for (const term of terms) {
      const fields = this.keyword.fieldsOfRange(term, docs[0]!, docs[0]! + docs.length);
      const idf = this.keyword.idf(term);
      fields.forEach((held, index) => {
        if ((held & (FIELD.heading | FIELD.content)) !== 0) weights[index]! += idf;
      });
    }
    const held = docs.map((doc, index) => ({ doc, weight: weights[index]! })).filter((entry) => entry.weight > 0);
    const best = held.sort((a, b) => b.weight - a.weight || a.doc - b.doc).slice(0, limit);
    return best.sort((a, b) => a.doc - b.doc).map(({ doc }) => doc);
  }

  /**
   * The text that follows a chunk of page `page` (its `anchor` and `content`) in its section: a long
   * section is cut into chunks, and a reader reads on past the cut. None after a section's last chunk,
   * or for a chunk not here.
   */
  textAfter(page: number, anchor: string, content: string): string | undefined {
    const { anchors } = this.chunks;
    for (const doc of this.docsOfPage(page)) {
      if (!isAt(anchors, doc, anchor) || this.contentAt(doc) !== content) continue;
      return this.pageOf[doc + 1] === page && isAt(anchors, doc + 1, anchor) ? this.contentAt(doc + 1) : undefined;
    }
    return undefined;
  }

  /** The chunks of a page, in the page's order. */
  private *docsOfPage(page: number): Generator<number> {
    if (page < 0 || page >= this.firstChunk.length) return;
    for (let doc = this.firstChunk[page]!; doc < this.pageOf.length && this.pageOf[doc] === page; doc++) yield doc;
  }
}

/**
 * `rows`: the chunks of the language's distinct pages, page by page. `analyzed`: the rows as the
 * partition's analyzer reads them (page-analyses.ts keeps them). `withVectors` false: a language the
 * embedder does not understand is searched by keyword only.
 */
export async function buildPartition(language: string, rows: ChunkRow[], analyzed: readonly AnalyzedDocument[], withVectors: boolean): Promise<Partition> {
  const analyzer = await loadAnalyzer(language);
  const keyword = KeywordIndex.fromAnalyzed(analyzed);
  const pageNumbers = new Map<string, number>();
  const pageOf = Int32Array.from(rows, (row) => pageNumbers.get(row.page_id) ?? pageNumbers.set(row.page_id, pageNumbers.size).get(row.page_id)!);
  const headings = stringColumn(rows.map((row) => phraseForm(row.heading)));
  const titles = rows.map((row) => phraseForm(row.title));
  const hasWordVectors = knowsWords(analyzer.language);
  const vectors = withVectors ? packVectors(rows, pageOf, pageNumbers.size) : undefined;
  const firstChunk = new Int32Array(pageNumbers.size).fill(-1);
  const headingsOf: string[][] = [];
  rows.forEach((row, doc) => {
    const page = pageOf[doc]!;
    if (firstChunk[page] === -1) firstChunk[page] = doc;
    (headingsOf[page] ??= []).push(row.heading);
  });
  const firstRows = Array.from(firstChunk, (doc) => rows[doc]!);
  const chunks: ChunkTexts = {
    anchors: stringColumn(rows.map((row) => row.anchor)),
    contents: textColumn(rows.map((row) => row.content)),
    pageIds: firstRows.map((row) => row.page_id),
    titles: firstRows.map((row) => row.title),
    descriptions: firstRows.map((row) => row.description),
  };
  const summaries = firstRows.map((row, page) => summaryOf({ ...row, headings: headingsOf[page]! }));
  const pages = PageSummaries.build(summaries, analyzer, hasWordVectors);
  // Queries are widened towards what pages say they are about: the words of their summaries.
  const vocabulary = hasWordVectors ? CorpusVocabulary.build(pages.keyword.words) : undefined;
  return new Partition(language, chunks, analyzer, keyword, headings, titles, pageOf, firstChunk, pages, vectors, vocabulary);
}

/** What a page says it is about: its title, description, keywords, and its sections' headings other than its title. */
export function summaryOf(page: { title: string; description: string; keywords: string; headings: readonly string[] }): PageSummary {
  const headings = page.headings.filter((heading) => heading !== page.title).map((heading) => `${heading}\n`);
  return { title: page.title, description: page.description, keywords: page.keywords, headings: headings.join('') };
}

/** A page's summary as one text, as a translation learns from it. */
export function summaryText(summary: PageSummary): string {
  return `${summary.title}\n${summary.description}\n${summary.keywords}\n${summary.headings}`;
}

function packVectors(rows: ChunkRow[], pageOf: Int32Array, pageCount: number): Partition['vectors'] {
  const first = rows.find((row) => row.vector)?.vector;
  if (!first) return undefined;
  const dimensions = first.byteLength / 4;
  const packed = new Float32Array(rows.length * dimensions);
  rows.forEach((row, i) => {
    if (row.vector && row.vector.byteLength === dimensions * 4) {
      packed.set(new Float32Array(row.vector.buffer.slice(row.vector.byteOffset, row.vector.byteOffset + row.vector.byteLength)), i * dimensions);
    }
  });
  const shared = SharedDirections.fitAndApply(packed, dimensions);
  const pages = new Float32Array(pageCount * dimensions);
  for (let row = 0; row < rows.length; row++) {
    const page = pageOf[row]! * dimensions;
    for (let d = 0; d < dimensions; d++) pages[page + d]! += packed[row * dimensions + d]!;
  }
  for (let page = 0; page < pageCount; page++) normalise(pages.subarray(page * dimensions, (page + 1) * dimensions));
  return { index: new VectorIndex(dimensions, packed), shared, pages };
}

/** Lowercase, markup and punctuation around words removed, single spaces: `` `mint dev` `` -> `mint dev`. */
export function phraseForm(text: string): string {
  return text
    .toLowerCase()
    .replace(/[`*"“”‘’'()[\]{}<>!?,;|]+|[.:](?=\s|$)/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}
