const segmenters = new Map<string, Intl.Segmenter>();

function segmenterFor(language: string): Intl.Segmenter {
  let segmenter = segmenters.get(language);
  if (!segmenter) {
    try {
      segmenter = new Intl.Segmenter(language, { granularity: 'word' });
    } catch {
      // A language tag Intl does not take (a made-up code in docs.json) is segmented by the root rules.
      segmenter = new Intl.Segmenter(undefined, { granularity: 'word' });
    }
    segmenters.set(language, segmenter);
  }
  return segmenter;
}

/**
 * The words of a text and how often each occurs: segmented by the language's rules (so Chinese and Japanese
 * have words too), lowercased, letters, marks and digits only (`don't` and `don’t` are one word).
 */
export function wordCounts(text: string, language: string): Map<string, number> {
  const counts = new Map<string, number>();
  const segmenter = segmenterFor(language);
  for (const piece of pieces(text)) {
    for (const segment of segmenter.segment(piece)) {
      if (!segment.isWordLike) continue;
      const word = segment.segment.toLowerCase().replace(/[^\p{L}\p{M}\p{N}]/gu, '');
      if (word) counts.set(word, (counts.get(word) ?? 0) + 1);
    }
  }
  return counts;
}

const PIECE = 2_000;

/**
 * The text in pieces of at most about PIECE characters, cut at line breaks, else at spaces: V8's segmenter
 * takes time quadratic in the length of what it segments (a 200 kB changelog took 70 s whole).
 */
function* pieces(text: string): Generator<string> {
  for (const line of text.split('\n')) {
    if (line.length <= PIECE) {
      yield line;
      continue;
    }
    let start = 0;
    while (start < line.length) {
      let end = Math.min(line.length, start + PIECE);
      const space = line.lastIndexOf(' ', end);
      if (end < line.length && space > start) end = space;
      yield line.slice(start, end);
      start = end;
    }
  }
}
