/**
 * Short words common in one language's questions: two of them give the language away. None of the
 * other languages' is an English word or a piece of an address ("do", "die", "com" are left out).
 */
const MARKERS: Record<string, Set<string>> = {
  en: new Set(['how', 'what', 'the', 'does', 'do', 'can', 'my', 'where', 'why', 'which', 'should', 'is', 'i', 'and', 'with']),
  fr: new Set(['comment', 'est-ce', 'je', 'mon', 'ma', 'mes', 'les', 'une', 'pour', 'quel', 'quelle', 'pourquoi', 'avec', 'dans', 'sur', 'des', 'est', 'puis', 'faire', 'ajouter', 'le', 'du', 'au', 'aux', 'ce', 'cette', 'où', 'nous', 'vous', 'peut', 'pas']),
  es: new Set(['cómo', 'como', 'puedo', 'qué', 'mi', 'mis', 'los', 'las', 'una', 'para', 'por', 'dónde', 'con', 'del', 'es', 'hago', 'agregar', 'quién', 'el', 'y', 'hay', 'al', 'cuál', 'cuándo', 'puede', 'tengo']),
  pt: new Set(['como', 'posso', 'meu', 'minha', 'os', 'uma', 'para', 'onde', 'não', 'da', 'faço']),
  de: new Set(['wie', 'ich', 'kann', 'mein', 'meine', 'der', 'das', 'eine', 'für', 'warum', 'mit', 'ist', 'und']),
};

/** The language a question is written in, when its words tell (two of one language's common words, or Chinese characters). */
export function spokenLanguage(question: string): string | undefined {
  if (/\p{Script=Han}/u.test(question)) return 'zh';
  const words = question.toLowerCase().split(/[^\p{L}-]+/u);
  let best: [string, number] = ['', 1];
  for (const [language, markers] of Object.entries(MARKERS)) {
    // An opening "¿" or "¡" is Spanish's own.
    const hits = words.filter((word) => markers.has(word)).length + (language === 'es' && /[¿¡]/u.test(question) ? 1 : 0);
    if (hits > best[1]) best = [language, hits];
  }
  return best[0] || undefined;
}
