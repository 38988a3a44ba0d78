import { loadAnalyzer, type Analyzer } from './analyzer.ts';
import { FIELD, KeywordIndex, type AnalyzedDocument, type KeywordIndexState } from './keyword-index.ts';
import { PageSummaries, type PageSummariesState, type PageSummary } from './page-summaries.ts';
import { pageRoute } from './search-docs.ts';
import { CorpusVocabulary, type CorpusVocabularyState } from './query-expansion.ts';
import type { AlignedPage, TranslatedQueries } from './translated-queries.ts';
import { SharedDirections } from './shared-directions.ts';
import { VectorIndex, type VectorIndexState } from './vector-index.ts';
import { normalise } from './embedders/embedder.ts';
import { bufferForVectors } from './simd-scan.ts';
import { columnLength, stringAt, stringColumn, type StringColumn } from './string-column.ts';
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
  route: string;
  language: string;
  version: string;
  section: string;
  vector: Uint8Array | null;
}

/** A partition as plain data, for a search artifact; chunks are stored by column, their page's fields once a page. */
export interface PartitionState {
  language: string;
  version: string;
  /** Per chunk. */
  paths: StringColumn;
  contents: TextColumn;
  headings: StringColumn;
  pageOf: Int32Array;
  /** Per page. */
  pageIds: string[];
  titles: string[];
  descriptions: string[];
  sections: string[];
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

/** A partition's key in a site index: its language and version. */
export const partitionKey = (language: string, version: string) => `${language}\u0000${version}`;

/**
 * A partition's chunks by number: an array when the partition is built; made when asked for when it is
 * read from a search artifact (a site's thousands of chunk objects cost a fifth of its load, and a
 * search asks for a few dozen).
 */
export interface ChunkList {
  readonly length: number;
  at(doc: number): IndexedChunk | undefined;
  /** A chunk's path and text alone, without making the chunk (undefined past the end). */
  pathAt(doc: number): string | undefined;
  contentAt(doc: number): string | undefined;
}

/** The chunk list of a partition built from its rows. */
function chunkListOf(chunks: readonly IndexedChunk[]): ChunkList {
  return { length: chunks.length, at: (doc) => chunks[doc], pathAt: (doc) => chunks[doc]?.path, contentAt: (doc) => chunks[doc]?.content };
}

/** One language and version of a site: its chunks, keyword index, vectors, and what ranking needs of pages. */
export class Partition {
  constructor(
    readonly chunks: ChunkList,
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
    const { chunks, analyzer, keyword, headings, titles, pageOf, firstChunk, pages, vectors, vocabulary } = this;
    return new Partition(chunks, analyzer, keyword, headings, titles, pageOf, firstChunk, pages, vectors, vocabulary, translation);
  }

  #pageByRoute: Map<string, number> | undefined;

  /** The partition as plain data (its translation aside: SiteIndex links those). */
  toState(): PartitionState {
    const chunks = Array.from({ length: this.chunks.length }, (_, doc) => this.chunks.at(doc)!);
    const first = chunks[0]!;
    const perPage = <T>(of: (chunk: IndexedChunk) => T) => Array.from(this.firstChunk, (doc) => of(chunks[doc]!));
    return {
      language: first.language,
      version: first.version,
      paths: stringColumn(chunks.map((chunk) => chunk.path)),
      contents: textColumn(chunks.map((chunk) => chunk.content)),
      headings: this.headings,
      pageOf: this.pageOf,
      pageIds: perPage((chunk) => chunk.pageId),
      titles: perPage((chunk) => chunk.title),
      descriptions: perPage((chunk) => chunk.description),
      sections: perPage((chunk) => chunk.section),
      firstChunk: this.firstChunk,
      keyword: this.keyword.toState(),
      pages: this.pages.toState(),
      ...(this.vectors ? { vectors: { index: this.vectors.index.toState(), shared: this.vectors.shared, pages: this.vectors.pages } } : {}),
      ...(this.vocabulary ? { vocabulary: this.vocabulary.toState() } : {}),
    };
  }

  static async fromState(state: PartitionState): Promise<Partition> {
    const { language, version, pageOf } = state;
    const length = columnLength(state.paths);
    const contentAt = (doc: number) => (doc < length ? textAt(state.contents, doc) : undefined);
    const chunks: ChunkList = {
      length,
      pathAt: (doc) => stringAt(state.paths, doc),
      contentAt,
      at: (doc) => {
        const page = pageOf[doc];
        if (page === undefined) return undefined;
        return {
          pageId: state.pageIds[page]!,
          path: stringAt(state.paths, doc)!,
          content: contentAt(doc)!,
          title: state.titles[page]!,
          description: state.descriptions[page]!,
          section: state.sections[page]!,
          version,
          language,
        };
      },
    };
    const pageTitles = state.titles.map(phraseForm);
    const titles = Array.from(pageOf, (page) => pageTitles[page]!);
    const vectors = state.vectors && {
      index: VectorIndex.fromState(state.vectors.index),
      shared: SharedDirections.fromState(state.vectors.shared),
      pages: state.vectors.pages,
    };
    return new Partition(
      chunks,
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
   * Up to `limit` chunks of the page at `route` ("/cli/preview") whose heading or text says the most of
   * `terms` (index terms, as this partition's analyzer makes them; the rarer in the site, the more each
   * counts), in the page's order; none for a page not in this partition.
   */
  chunksOfPage(route: string, terms: readonly string[], limit: number): IndexedChunk[] {
    const docs = [...this.docsOfPage(route)];
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
    return best.sort((a, b) => a.doc - b.doc).map(({ doc }) => this.chunks.at(doc)!);
  }

  /**
   * The text that follows a chunk (its `path` and `content`) in its section: a long section is cut into
   * chunks, and a reader reads on past the cut. None after a section's last chunk, or for a chunk not here.
   */
  textAfter(path: string, content: string): string | undefined {
    for (const doc of this.docsOfPage(pageRoute(path))) {
      if (this.chunks.pathAt(doc) !== path || this.chunks.contentAt(doc) !== content) continue;
      return this.chunks.pathAt(doc + 1) === path ? this.chunks.contentAt(doc + 1) : undefined;
    }
    return undefined;
  }

  /** The chunks of the page at `route`, in the page's order (none for a page not here). */
  private *docsOfPage(route: string): Generator<number> {
    this.#pageByRoute ??= new Map(Array.from(this.firstChunk, (doc, page) => [pageRoute(this.chunks.pathAt(doc)!), page]));
    const page = this.#pageByRoute.get(route);
    if (page === undefined) return;
    for (let doc = this.firstChunk[page]!; doc < this.pageOf.length && this.pageOf[doc] === page; doc++) yield doc;
  }
}

/**
 * `analyzed`: the rows as the partition's analyzer reads them (page-analyses.ts keeps them). `withVectors`
 * false: a language the embedder does not understand is searched by keyword only.
 */
export async function buildPartition(rows: ChunkRow[], analyzed: readonly AnalyzedDocument[], withVectors: boolean): Promise<Partition> {
  const analyzer = await loadAnalyzer(rows[0]!.language);
  const chunks = rows.map((row) => ({
    pageId: row.page_id,
    path: row.anchor ? `${row.route}#${row.anchor}` : row.route,
    content: row.content,
    title: row.title,
    description: row.description,
    section: row.section,
    version: row.version,
    language: row.language,
  }));
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
  const summaries = Array.from(firstChunk, (doc, page) => summaryOf({ ...rows[doc]!, headings: headingsOf[page]! }));
  const pages = PageSummaries.build(summaries, analyzer, hasWordVectors);
  // Queries are widened towards what pages say they are about: the words of their summaries.
  const vocabulary = hasWordVectors ? CorpusVocabulary.build(pages.keyword.words) : undefined;
  return new Partition(chunkListOf(chunks), analyzer, keyword, headings, titles, pageOf, firstChunk, pages, vectors, vocabulary);
}

/** What a page says it is about: its title, description, keywords, and its sections' headings other than its title. */
export function summaryOf(page: { title: string; description: string; keywords: string; headings: readonly string[] }): PageSummary {
  const headings = page.headings.filter((heading) => heading !== page.title).map((heading) => `${heading}\n`);
  return { title: page.title, description: page.description, keywords: page.keywords, headings: headings.join('') };
}

/** A page as a translation learns from it: its route without its language folder, and its summary as one text. */
export function alignedPage(route: string, language: string, summary: PageSummary): AlignedPage {
  return {
    route: route.replace(new RegExp(`^/${escapeRegExp(language)}(?=/|$)`), '') || '/',
    summary: `${summary.title}\n${summary.description}\n${summary.keywords}\n${summary.headings}`,
  };
}

function packVectors(rows: ChunkRow[], pageOf: Int32Array, pageCount: number): Partition['vectors'] {
  const first = rows.find((row) => row.vector)?.vector;
  if (!first) return undefined;
  const dimensions = first.byteLength / 4;
  const floats = rows.length * dimensions;
  const packed = new Float32Array(bufferForVectors(floats * 4, floats), 0, floats);
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

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
