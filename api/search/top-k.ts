export interface Hit {
  doc: number;
  score: number;
}

/** Keeps the k best-scoring documents seen, in a min-heap: O(n log k) over n candidates. */
export class TopK {
  readonly #docs: number[] = [];
  readonly #scores: number[] = [];

  constructor(readonly k: number) {}

  /** Whether the document is among the best so far (it may still be pushed out later). */
  offer(doc: number, score: number): boolean {
    const docs = this.#docs;
    const scores = this.#scores;
    if (docs.length < this.k) {
      docs.push(doc);
      scores.push(score);
      this.siftUp(docs.length - 1);
      return true;
    }
    if (this.k > 0 && score > scores[0]!) {
      docs[0] = doc;
      scores[0] = score;
      this.siftDown(0);
      return true;
    }
    return false;
  }

  /** Best first. */
  sorted(): Hit[] {
    return this.#docs.map((doc, i) => ({ doc, score: this.#scores[i]! })).sort((a, b) => b.score - a.score || a.doc - b.doc);
  }

  private siftUp(index: number): void {
    while (index > 0) {
      const parent = (index - 1) >> 1;
      if (this.#scores[parent]! <= this.#scores[index]!) return;
      this.swap(index, parent);
      index = parent;
    }
  }

  private siftDown(index: number): void {
    const size = this.#docs.length;
    for (;;) {
      const left = 2 * index + 1;
      const right = left + 1;
      let smallest = index;
      if (left < size && this.#scores[left]! < this.#scores[smallest]!) smallest = left;
      if (right < size && this.#scores[right]! < this.#scores[smallest]!) smallest = right;
      if (smallest === index) return;
      this.swap(index, smallest);
      index = smallest;
    }
  }

  private swap(a: number, b: number): void {
    const docs = this.#docs;
    const scores = this.#scores;
    const doc = docs[a]!;
    const score = scores[a]!;
    docs[a] = docs[b]!;
    scores[a] = scores[b]!;
    docs[b] = doc;
    scores[b] = score;
  }
}
