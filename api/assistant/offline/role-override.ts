/**
 * Requests to leave the assistant's role ("ignore previous instructions", "you are now ..."). An
 * extractive model cannot be talked into anything, but such a request still has no answer in the
 * documentation, and quoting pages that merely share its words ("system prompt", "rules") would look
 * like compliance: it is answered as out of scope.
 */
const OVERRIDES = [
  /\b(?:ignore|disregard|forget|override|bypass)\b[^.?!]{0,40}\b(?:instructions?|rules|prompts?|guidelines|directions|role|restrictions)\b/i,
  /\b(?:system prompt|developer mode|jailbreak|jailbroken)\b/i,
  /\bDAN\b/,
  /\byou are (?:now|no longer)\b/i,
  /\bfrom now on\b/i,
  /\b(?:pretend|act) (?:to be|as if|as an?)\b/i,
  /\b(?:ignore[zr]?|oublie[zr]?)\b[^.?!]{0,40}\binstructions\b/i,
  /\b(?:ignora|olvida)\b[^.?!]{0,40}\binstrucciones\b/i,
];

export function asksToLeaveRole(question: string): boolean {
  return OVERRIDES.some((pattern) => pattern.test(question));
}
