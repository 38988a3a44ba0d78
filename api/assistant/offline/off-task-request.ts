/**
 * Requests that are not questions about the documentation: to leave the assistant's role ("ignore
 * previous instructions", "you are now ..."), or to do a writing job (translate a sentence, write a
 * poem). An extractive model cannot be talked into either, but quoting pages that merely share the
 * request's words ("system prompt", "translations") would look like compliance: they are answered as
 * out of scope.
 */
const OFF_TASK = [
  /\b(?:ignore|disregard|forget|override|bypass)\b[^.?!]{0,40}\b(?:instructions?|rules|prompts?|guidelines|directions|role|restrictions)\b/i,
  /\b(?:system prompt|developer mode|jailbreak|jailbroken)\b/i,
  /\bDAN\b/,
  /\byou are (?:now|no longer)\b/i,
  /\bfrom now on\b/i,
  /\b(?:pretend|act) (?:to be|as if|as an?)\b/i,
  /\b(?:ignore[zr]?|oublie[zr]?)\b[^.?!]{0,40}\binstructions\b/i,
  /\b(?:ignora|olvida)\b[^.?!]{0,40}\binstrucciones\b/i,
  // A writing job: "Translate '...' into Japanese", "Write me a poem", "Tell me a joke".
  /^(?:please\s+)?translate\b[^?]*\b(?:into|to)\s+\p{L}+/iu,
  /^(?:please\s+|can you\s+|could you\s+)?(?:write|compose)\s+(?:me\s+)?(?:a|an|some)\s+(?:poem|story|song|essay|haiku|limerick|joke|letter)\b/i,
  /\btell me a (?:joke|story)\b/i,
];

export function isOffTaskRequest(question: string): boolean {
  return OFF_TASK.some((pattern) => pattern.test(question.trim()));
}
