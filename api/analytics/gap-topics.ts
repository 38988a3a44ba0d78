import { loadAnalyzer } from '../search/analyzer.ts';
import { dotAt, type Embedder } from '../search/embedders/embedder.ts';

/**
 * How alike two groups of texts must be, on average over their pairs, to be one topic: a pair's likeness
 * is the mean of its meaning (the cosine of the embeddings of its content words) and its words (the share
 * of the shorter text's stemmed terms the other has). Two questions that share their content words, or
 * say nearly the same with others, are one topic; two that share only a word like "account" are not.
 */
const SAME_TOPIC = 0.4;

/**
 * Groups texts into topics, each group as indexes into `texts`, in the order of their first member. The
 * result depends on the texts and their order only: the caller gives them in a canonical order (the most
 * frequent first, then by text), so equal likenesses are broken the same way whatever order the rows were
 * recorded or read in.
 */
export async function groupIntoTopics(texts: string[], embedder: Embedder): Promise<number[][]> {
  if (texts.length === 0) return [];
  const analyzer = await loadAnalyzer('en');
  const terms = texts.map((text) => new Set(analyzer.terms(text)));
  const words = texts.map(
    (text) =>
      analyzer
        .queryTerms(text)
        .map((term) => term.word || term.term)
        .join(' ') || text,
  );
  const vectors = await embedder.embed(words);
  const dimensions = vectors[0]!.length;
  const likeness = (i: number, j: number) => (dotAt(vectors[i]!, 0, vectors[j]!, 0, dimensions) + sharedTerms(terms[i]!, terms[j]!)) / 2;
  return averageLinkage(texts.length, likeness, SAME_TOPIC)
    .map((members) => members.sort((a, b) => a - b))
    .sort((a, b) => a[0]! - b[0]!);
}

/** The share of the smaller set's terms the other has. */
function sharedTerms(a: Set<string>, b: Set<string>): number {
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  if (small.size === 0) return 0;
  let shared = 0;
  for (const term of small) if (large.has(term)) shared++;
  return shared / small.size;
}

/**
 * Agglomerative clustering with average linkage: every item starts alone, and the two groups most alike
 * on average over their pairs merge, until no two groups are alike enough (Lance and Williams' update
 * keeps each merge's cost to one pass over the groups). Of equally alike pairs, the one of the lowest
 * indexes merges first, so the result depends on the items' order only through such ties. Returns the
 * groups, as item indexes.
 */
function averageLinkage(count: number, likeness: (i: number, j: number) => number, threshold: number): number[][] {
  const groups: (number[] | undefined)[] = Array.from({ length: count }, (_, index) => [index]);
  const alike = Array.from({ length: count }, () => new Float64Array(count));
  for (let i = 0; i < count; i++) for (let j = i + 1; j < count; j++) alike[i]![j] = alike[j]![i] = likeness(i, j);
  for (;;) {
    let best = -Infinity;
    let a = -1;
    let b = -1;
    for (let i = 0; i < count; i++) {
      if (!groups[i]) continue;
      const row = alike[i]!;
      for (let j = i + 1; j < count; j++) {
        if (groups[j] && row[j]! >= threshold && row[j]! > best) {
          best = row[j]!;
          a = i;
          b = j;
        }
      }
    }
    if (a < 0) break;
    const sizeA = groups[a]!.length;
    const sizeB = groups[b]!.length;
    for (let k = 0; k < count; k++) {
      if (!groups[k] || k === a || k === b) continue;
      alike[a]![k] = alike[k]![a] = (sizeA * alike[a]![k]! + sizeB * alike[b]![k]!) / (sizeA + sizeB);
    }
    groups[a] = [...groups[a]!, ...groups[b]!];
    groups[b] = undefined;
  }
  return groups.filter((group): group is number[] => group !== undefined);
}
