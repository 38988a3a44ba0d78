/**
 * The sentence of a message that asks. "The copy button on this block is pointless. Can I remove it?"
 * asks about removing a copy button; documentation that never says "pointless" can still answer it. The
 * names the scene sets ("We use Matomo.", "Choosing \"Python\" in one set of tabs…") are checked by their
 * own look-up (answer-question.ts), which finds them wherever the docs say them. A message with no
 * question sentence (a statement of a problem) asks with all of it.
 */
export function whatIsAsked(message: string): string {
  const sentences = sentencesOf(message);
  const asking = sentences.findLastIndex((sentence) => sentence.trimEnd().endsWith('?'));
  return asking < 0 ? message : sentences[asking]!;
}

/** The words of a message written as names: products, services, formats ("Matomo", "PlantUML", "SMS"). */
export function namesIn(message: string): string[] {
  return [...new Set(sentencesOf(message).flatMap(namesInSentence))];
}

/** A sentence ends at ".", "!" or "?" followed by a space and a capital ("docs.json", "e.g. a" go on). */
const SENTENCE_END = /(?<=[.!?])\s+(?=[\p{Lu}"'“‘¿¡])/u;

function sentencesOf(message: string): string[] {
  return message.trim().split(SENTENCE_END);
}

/**
 * Words capitalised after a sentence's first word, or in capitals ("PR", "TODO"), up to a dot
 * ("Tawk.to", "Node.js"); made of letters and digits: "G-XXXXXXX" is a value of the asker's, not a name.
 */
function namesInSentence(sentence: string): string[] {
  const words = sentence.split(/[\s,;:!?()"'“”‘’«»]+/u).map((word) => word.split('.')[0]!);
  return words.filter((word, index) => /^[\p{L}\p{N}]+$/u.test(word) && (/^\p{Lu}[\p{Lu}\p{N}]+$/u.test(word) || (index > 0 && /^\p{Lu}/u.test(word))));
}
