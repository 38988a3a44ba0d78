import { describe, expect, it } from 'vitest';
import { questionTerms } from '../../api/assistant/offline/relevance.ts';
import { loadAnalyzer } from '../../api/search/analyzer.ts';

describe('questionTerms', () => {
  it("weighs a question's subject, not the words that phrase it as a question", async () => {
    const fr = await loadAnalyzer('fr');
    const french = questionTerms(fr, "Je voudrais changer le titre de la page d'erreur. Où est-ce que ça se règle ?");
    expect(french.has('est-ce')).toBe(false);
    expect(french.has('ca')).toBe(false);
    expect(french.has(fr.terms('titre')[0]!)).toBe(true);
    const en = await loadAnalyzer('en');
    expect([...questionTerms(en, 'whats the port flag').keys()]).toEqual([...questionTerms(en, "what's the port flag").keys()]);
  });
});
