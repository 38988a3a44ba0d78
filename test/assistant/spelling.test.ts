import { describe, expect, it } from 'vitest';
import { wordsOfResults } from '../../api/assistant/offline/relevance.ts';
import { spelledAsResults } from '../../api/assistant/offline/spelling.ts';
import { loadAnalyzer } from '../../api/search/analyzer.ts';

const result = (content: string) => ({ content, path: '/page', title: 'Page', description: '', language: 'en', score: 1 });
const said = async (content: string) => wordsOfResults(await loadAnalyzer('en'), [result(content)]);

describe('spelledAsResults', () => {
  it('writes a word the results never say as the word they say one or two typos away', async () => {
    const analyzer = await loadAnalyzer('en');
    const results = await said('Add a custom domain in the dashboard. Then configure the DNS records for your domain.');
    expect(spelledAsResults(analyzer, 'How do I add a custon domian?', results, [])).toBe('How do I add a custom domain?');
    expect(spelledAsResults(analyzer, 'how do I confgiure DNS', results, [])).toBe('how do I configure DNS');
  });

  it('leaves alone names, words the results say in another form, short words and words too far from any', async () => {
    const analyzer = await loadAnalyzer('en');
    const results = await said('Jupyter notebooks render as pages. Configured domains are listed. There are three of them.');
    expect(spelledAsResults(analyzer, 'How many moons does Jupiter have?', results, ['Jupiter'])).toBe('How many moons does Jupiter have?');
    expect(spelledAsResults(analyzer, 'Which domain did I configure?', results, [])).toBe('Which domain did I configure?');
    expect(spelledAsResults(analyzer, 'Are these three pages?', results, [])).toBe('Are these three pages?');
    expect(spelledAsResults(analyzer, 'Can I render slides?', results, [])).toBe('Can I render slides?');
  });
});
