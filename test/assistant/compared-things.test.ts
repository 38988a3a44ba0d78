import { describe, expect, it } from 'vitest';
import { comparedThings } from '../../api/assistant/offline/compared-things.ts';

describe('comparedThings', () => {
  it('finds the two things a question asks to compare, without what qualifies them', () => {
    expect(comparedThings("What's the difference between let and const in JavaScript?")).toEqual(['let', 'const']);
    expect(comparedThings("What's the actual difference between TCP and UDP, and when would I pick UDP?")).toEqual(['TCP', 'UDP']);
    expect(comparedThings('What is the difference between hidden pages and noindex')).toEqual(['hidden pages', 'noindex']);
    expect(comparedThings('Quelle est la différence entre les onglets et les ancres ?')).toEqual(['les onglets', 'les ancres']);
    expect(comparedThings('¿Cuál es la diferencia entre grupos y pestañas?')).toEqual(['grupos', 'pestañas']);
  });

  it('finds nothing in a question that compares nothing', () => {
    expect(comparedThings('How do I run the local preview on a different port?')).toBeUndefined();
    expect(comparedThings('My local preview looks different from my live site. How do I fix it?')).toBeUndefined();
  });
});
