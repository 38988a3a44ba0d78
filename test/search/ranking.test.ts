import { describe, expect, it } from 'vitest';
import { createAnalyzer, loadAnalyzer } from '../../api/search/analyzer.ts';
import { americanText } from '../../api/search/british-spellings.ts';
import { boundedEditDistance } from '../../api/search/edit-distance.ts';
import { everydayExpansions } from '../../api/search/everyday-words.ts';
import { KeywordIndex } from '../../api/search/keyword-index.ts';
import { TopK } from '../../api/search/top-k.ts';
import { FEATURES } from '../../api/search/candidates.ts';
import { scoreCandidates, type Weights } from '../../api/search/relevance.ts';
import { PageSummaries } from '../../api/search/page-summaries.ts';
import { QueryPhrase } from '../../api/search/phrase-match.ts';
import { summaryTerms, TranslatedQueries } from '../../api/search/translated-queries.ts';

/** A keyword document with no frontmatter keywords or description. */
const section = (title: string, heading: string, content: string) => ({ title, heading, content, keywords: '', description: '' });

describe('analyzer', () => {
  it('keeps identifiers whole and splits them into parts', async () => {
    const en = await loadAnalyzer('en');
    expect(en.terms('Set primaryColor in docs.json')).toEqual(['set', 'primarycolor', 'primari', 'color', 'docs.json', 'doc', 'json']);
    expect(en.terms('run mint dev --no-open')).toEqual(['run', 'mint', 'dev', '--no-open', 'open']);
    expect(en.terms('the API_KEY header')).toEqual(['api_key', 'api', ...en.terms('key'), 'header']);
  });

  it('stems and drops stop words per language, folding accents', async () => {
    const fr = await loadAnalyzer('fr');
    expect(fr.terms('Les redirections sont utiles')).toEqual(fr.terms('redirection utile'));
    expect(fr.terms('Réglages')).toEqual(fr.terms('reglages'));
    const es = await loadAnalyzer('es-ES');
    expect(es.language).toBe('es');
  });

  it('indexes British and American English spellings as one term, and leaves look-alikes and other languages alone', async () => {
    const en = await loadAnalyzer('en');
    expect(en.terms('Customise the colours of the organisation, centred in the catalogue')).toEqual(
      en.terms('Customize the colors of the organization, centered in the catalog'),
    );
    expect(en.terms('favourites behaviour licence greyed')).toEqual(en.terms('favorites behavior license grayed'));
    expect(en.terms('tour hour organism emphasis realistic specialist')).toEqual(['tour', 'hour', 'organ', 'emphasi', 'realist', 'specialist']);
    expect(americanText('Colour and colours, Customise')).toBe('Color and colors, Customize');
    const fr = await loadAnalyzer('fr');
    expect(fr.terms('le centre')).toEqual(['centr']);
  });

  it('indexes Chinese as character bigrams', async () => {
    const zh = await loadAnalyzer('zh');
    expect(zh.terms('自定义域名')).toEqual(['自定', '定义', '义域', '域名']);
  });

  it('gives no stemming to an unknown language rather than failing', () => {
    const plain = createAnalyzer('xx', (w) => w, new Set());
    expect(plain.terms('Running quickly')).toEqual(['running', 'quickly']);
  });
});

describe('KeywordIndex', async () => {
  const en = await loadAnalyzer('en');
  const docs = [
    section('Custom domain', 'Configure DNS', 'Point a CNAME record at our servers.'),
    section('Analytics', 'Overview', 'Track visitors. A custom dashboard shows domain traffic.'),
    section('Settings', 'docs.json', 'Every setting of docs.json, such as primaryColor.'),
    section('Installation', 'Install the CLI', 'npm install mint'),
  ];
  const index = KeywordIndex.build(docs, en);
  const search = (query: string) => index.search(en.queryTerms(query), 10, index.words).map((hit) => hit.doc);

  it('ranks a title match above a body mention', () => {
    expect(search('custom domain')).toEqual([0, 1]);
  });

  it('finds exact identifiers', () => {
    expect(search('docs.json')[0]).toBe(2);
    expect(search('primaryColor')[0]).toBe(2);
  });

  it('tolerates a typo and completes the last word as a prefix', () => {
    expect(search('analitics')[0]).toBe(1);
    expect(search('instal')[0]).toBe(3);
  });

  it('returns nothing for words it has never seen', () => {
    expect(search('kubernetes')).toEqual([]);
  });
});

describe('building blocks', () => {
  it('boundedEditDistance counts edits and transpositions, stopping past the budget', () => {
    expect(boundedEditDistance('analytics', 'analytics', 2)).toBe(0);
    expect(boundedEditDistance('analytcis', 'analytics', 2)).toBe(1);
    expect(boundedEditDistance('analitycs', 'analytics', 2)).toBe(2);
    expect(boundedEditDistance('domain', 'banana', 1)).toBe(2);
  });

  it('TopK keeps the best k, best first', () => {
    const top = new TopK(3);
    for (const [doc, score] of [5, 1, 9, 7, 3, 8].entries()) top.offer(doc, score);
    expect(top.sorted()).toEqual([
      { doc: 2, score: 9 },
      { doc: 5, score: 8 },
      { doc: 3, score: 7 },
    ]);
  });
});

describe('scoreCandidates', () => {
  const only = (feature: (typeof FEATURES)[number], weight: number): Weights => ({
    ...(Object.fromEntries(FEATURES.map((name) => [name, 0])) as Weights),
    [feature]: weight,
  });
  const candidate = (doc: number, keywordShare: number, coverage: number) => {
    const features = new Float64Array(FEATURES.length);
    features[FEATURES.indexOf('keywordShare')] = keywordShare;
    features[FEATURES.indexOf('coverage')] = coverage;
    return { doc, features };
  };
  const model = { ranking: only('keywordShare', 4), calibration: only('coverage', 4) };

  it('orders by the ranking model, on the scale of how likely the calibration model finds the query answered', () => {
    // Every query's best keyword hit has keywordShare 1; only coverage tells a good query from an unrelated one.
    const good = scoreCandidates([candidate(1, 0.5, 0.9), candidate(2, 1, 0.8)], model);
    const unrelated = scoreCandidates([candidate(3, 1, 0.1), candidate(4, 0.5, 0.05)], model);
    expect(good.map((scored) => scored.doc)).toEqual([2, 1]);
    expect(unrelated.map((scored) => scored.doc)).toEqual([3, 4]);
    expect(good[0]!.score).toBeCloseTo(1 / (1 + Math.exp(-4 * 0.9)));
    expect(unrelated[0]!.score).toBeCloseTo(1 / (1 + Math.exp(-4 * 0.1)));
    expect(good[1]!.score / good[0]!.score).toBeCloseTo(1 / (1 + Math.exp(-2)) / (1 / (1 + Math.exp(-4))));
  });

  it('scores nothing when there are no candidates', () => {
    expect(scoreCandidates([], model)).toEqual([]);
  });
});

describe('ranking signals', async () => {
  const en = await loadAnalyzer('en');
  const fr = await loadAnalyzer('fr');

  it('QueryPhrase finds the query word for word between word boundaries, and its adjacent word pairs', () => {
    const phrase = new QueryPhrase('`mint dev` options', en);
    expect(phrase.isIn('the mint dev options')).toBe(true);
    expect(phrase.isIn('mint devices options')).toBe(false);
    const pairs = new QueryPhrase('custom domain setup', en);
    expect(pairs.pairShare('configure a custom domain')).toBeCloseTo(1 / 2);
    expect(pairs.pairShare('a domain that is custom')).toBe(0);
  });

  it('soft coverage counts a missing query word by its closest related word the document has', () => {
    const docs = [section('Fonts', '', 'Pick a font family.'), ...Array.from({ length: 10 }, (_, i) => section(`Colors ${i}`, '', 'Pick a primary color.'))];
    const index = KeywordIndex.build(docs, en);
    const terms = en.queryTerms('typeface');
    const [term] = terms;
    const hits = index.search(terms, 10, index.words, [{ term: en.terms('font')[0]!, weight: 0.3, source: term!.term, similarity: 0.7 }]);
    expect(hits.map((h) => [h.doc, h.coverage, Math.round(h.softCoverage * 10) / 10])).toEqual([[0, 0, 0.7]]);
  });

  it('learns a lexicon from translated page summaries: a French word finds the English words of its pages', async () => {
    const english = [
      { title: 'Fonts', description: 'Choose the typeface of headings and body text.', keywords: 'typography', headings: 'Google Fonts' },
      { title: 'Custom domain', description: 'Serve the site from your own domain with DNS records.', keywords: 'hosting', headings: 'DNS' },
      { title: 'Analytics', description: 'Count visitors and page views.', keywords: 'traffic', headings: 'Traffic' },
    ];
    const french = [
      { title: 'Polices', description: 'Choisissez la police des titres et du texte.', keywords: 'typographie', headings: 'Google Fonts' },
      {
        title: 'Domaine personnalisé',
        description: 'Servez le site depuis votre propre domaine avec des enregistrements DNS.',
        keywords: 'hébergement',
        headings: 'DNS',
      },
      { title: 'Analytique', description: 'Comptez les visiteurs et les pages vues.', keywords: 'trafic', headings: 'Trafic' },
    ];
    const terms = (summaries: typeof english, analyzer: typeof en) =>
      summaryTerms(
        summaries.map((s) => Object.values(s).join('\n')),
        analyzer,
      );
    const twins = Int32Array.from(french, (_, i) => i);
    const translation = TranslatedQueries.build(terms(french, fr), terms(english, en), twins, PageSummaries.build(english, en, true))!;
    expect(translation.translate(fr.queryTerms('typographie')).map((t) => t.word)).toContain('fonts');
    expect(translation.translate(fr.queryTerms('hébergement')).map((t) => t.word)).toContain('domain');
    expect(translation.translate(fr.queryTerms('bonjour'))).toEqual([]);
  });
});

describe('everyday words', async () => {
  const en = await loadAnalyzer('en');
  const docs = [
    section('Hidden pages', 'Hide a page', 'A hidden page is left out of the navigation.'),
    section('Assistant', 'Overview', 'The assistant answers questions about your docs.'),
    section('Authentication', 'Password', 'Protect the site with a password.'),
    section('Menus', 'Menu items', 'Put an invisible menu item on the page.'),
    // Related words found in most documents are left out: a site has more pages than these.
    ...['Colors', 'Fonts', 'Logos', 'Redirects', 'Versions', 'Tabs', 'Cards', 'Tables'].map((title) => section(title, title, `About ${title.toLowerCase()}.`)),
  ];
  const index = KeywordIndex.build(docs, en);
  const search = (query: string, weight = 1.2) => {
    const terms = en.queryTerms(query);
    return index.search(terms, 10, index.words, everydayExpansions(query, terms, en, weight)).map((hit) => hit.doc);
  };

  it('carries what readers say to the words the pages use', () => {
    expect(search('talk to the chatbot')).toContain(1);
    expect(search('talk to the chatbot', 0)).not.toContain(1);
    // A phrase of several words, whose other words are stop words or absent from the site.
    expect(search('require a secret word before reading')[0]).toBe(2);
    // The page that says what was asked still leads; the synonym's page follows.
    expect(search('invisible menu')).toEqual([3, 0]);
  });

  it('expands only from words of the query, and only in the tables of the query language', async () => {
    const fr = await loadAnalyzer('fr');
    const frenchTerms = fr.queryTerms('protéger par un mot de passe');
    const french = everydayExpansions('protéger par un mot de passe', frenchTerms, fr, 1);
    expect(french.map((e) => e.term)).toEqual(fr.queryTerms('authentification').map((q) => q.term));
    expect(french.every((e) => frenchTerms.some((q) => q.term === e.source))).toBe(true);
    const zh = await loadAnalyzer('zh');
    expect(everydayExpansions('chatbot', zh.queryTerms('chatbot'), zh, 1)).toEqual([]);
    expect(everydayExpansions('configure the navigation', en.queryTerms('configure the navigation'), en, 1)).toEqual([]);
  });
});
