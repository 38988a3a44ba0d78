/**
 * The two things a question asks to compare: "What's the difference between let and const in
 * JavaScript?" -> ["let", "const"]; also in French ("la différence entre X et Y") and Spanish ("la
 * diferencia entre X y Y"). Undefined for any other question.
 */
export function comparedThings(question: string): [string, string] | undefined {
  for (const pattern of COMPARISONS) {
    const match = pattern.exec(question);
    if (match) return [match[1]!.trim(), match[2]!.trim()];
  }
  return undefined;
}

/** What follows the second thing: the end of the clause, or a word that starts a qualifier ("in JavaScript"). */
const END = String.raw`(?=\s*[?.!,;:]|\s+(?:in|on|for|with|when|and|dans|pour|avec|quand|en|para|con|cuando)\s|\s*$)`;

const COMPARISONS = [
  new RegExp(String.raw`\bdifferences?\s+between\s+(.{1,60}?)\s+and\s+(.{1,60}?)${END}`, 'iu'),
  new RegExp(String.raw`\bdifférences?\s+entre\s+(.{1,60}?)\s+et\s+(.{1,60}?)${END}`, 'iu'),
  new RegExp(String.raw`\bdiferencias?\s+entre\s+(.{1,60}?)\s+y\s+(.{1,60}?)${END}`, 'iu'),
];
