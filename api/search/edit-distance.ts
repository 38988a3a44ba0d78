/** Three rows of the distance table, reused from call to call (grown for longer words). */
let rows = [new Int32Array(64), new Int32Array(64), new Int32Array(64)];

/**
 * Levenshtein distance with adjacent transpositions (Damerau, optimal string alignment), giving up
 * early: returns `budget + 1` as soon as the distance must exceed `budget`.
 */
export function boundedEditDistance(a: string, b: string, budget: number): number {
  if (Math.abs(a.length - b.length) > budget) return budget + 1;
  const width = b.length + 1;
  if (rows[0]!.length < width) rows = rows.map(() => new Int32Array(width * 2));
  let previousPrevious = rows[0]!;
  let previous = rows[1]!;
  let current = rows[2]!;
  for (let j = 0; j < width; j++) previous[j] = j;
  for (let i = 1; i <= a.length; i++) {
    current[0] = i;
    let rowMinimum = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1;
      let value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a.charCodeAt(i - 1) === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === b.charCodeAt(j - 1)) {
        value = Math.min(value, previousPrevious[j - 2]! + 1);
      }
      current[j] = value;
      rowMinimum = Math.min(rowMinimum, value);
    }
    if (rowMinimum > budget) return budget + 1;
    const spare = previousPrevious;
    previousPrevious = previous;
    previous = current;
    current = spare;
  }
  return previous[b.length]!;
}

/**
 * How many typos a typed word is forgiven: one, two from 8 letters; none under 4 letters or in a word
 * that is not all letters (identifiers, numbers).
 */
export function typoBudget(word: string): number {
  if (word.length < 4 || /[^\p{L}]/u.test(word)) return 0;
  return word.length >= 8 ? 2 : 1;
}

/**
 * The typos between a typed word and `candidate` when `candidate` is within `budget` of them and starts
 * with the same letter (people rarely mistype a first letter); `budget + 1` otherwise.
 */
export function typoDistance(word: string, candidate: string, budget = typoBudget(word)): number {
  if (budget <= 0 || candidate[0] !== word[0] || Math.abs(candidate.length - word.length) > budget) return budget + 1;
  return boundedEditDistance(word, candidate, budget);
}
