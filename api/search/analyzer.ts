/**
 * Text analysis for keyword search, per language: Orama's stemmers and stop-word lists, plus what
 * documentation needs on top: identifiers (`docs.json`, `primaryColor`, `--no-open`, `api_key`) are
 * kept whole and also split into their parts, and CJK text is indexed as character bigrams.
 */
import { americanSpelling } from './british-spellings.ts';
import { lookupTable } from '../lookup-table.ts';

export interface Analyzer {
  readonly language: string;
  /** Index terms of a text, in order, repeats kept (term frequency counts). */
  terms(text: string): string[];
  /** The query's terms, each with the word it came from (typo matching works on words, not stems). */
  queryTerms(text: string): QueryTerm[];
  /** Calls back with each term and the word it came from ('' for identifiers and CJK bigrams), in order. */
  scan(text: string, onTerm: (term: string, word: string) => void): void;
}

export interface QueryTerm {
  term: string;
  /** The folded word before stemming ('' for identifiers and CJK bigrams). */
  word: string;
}

type Stemmer = (word: string) => string;

/** Documentation language codes -> the name of Orama's stemmer and stop-word modules. */
const ORAMA_LANGUAGES = lookupTable<string>({
  en: 'english',
  fr: 'french',
  es: 'spanish',
  de: 'german',
  pt: 'portuguese',
  it: 'italian',
  nl: 'dutch',
  ru: 'russian',
  sv: 'swedish',
  da: 'danish',
  fi: 'finnish',
  no: 'norwegian',
  nb: 'norwegian',
  tr: 'turkish',
  id: 'indonesian',
  uk: 'ukrainian',
});
const CJK_STOP_WORDS = lookupTable<string>({ zh: 'mandarin', ja: 'japanese' });

const cache = new Map<string, Promise<Analyzer>>();

/** The analyzer of a language code such as `en`, `fr`, `pt-BR` or `zh-Hans`; unknown languages get no stemming. */
export function loadAnalyzer(language: string): Promise<Analyzer> {
  const base = language.toLowerCase().split(/[-_]/)[0]!;
  let analyzer = cache.get(base);
  if (!analyzer) {
    analyzer = buildAnalyzer(base);
    cache.set(base, analyzer);
  }
  return analyzer;
}

async function buildAnalyzer(language: string): Promise<Analyzer> {
  const oramaName = ORAMA_LANGUAGES[language];
  let stem: Stemmer = (word) => word;
  let stopWords: string[] = [];
  if (oramaName) {
    const oramaStem = ((await import(`@orama/stemmers/${oramaName}`)) as { stemmer: Stemmer }).stemmer;
    // English is indexed in one spelling: "colour" is "color" (british-spellings.ts).
    stem = language === 'en' ? (word) => oramaStem(americanSpelling(word)) : oramaStem;
    stopWords = ((await import(`@orama/stopwords/${oramaName}`)) as { stopwords: string[] }).stopwords;
  } else if (CJK_STOP_WORDS[language]) {
    stopWords = ((await import(`@orama/stopwords/${CJK_STOP_WORDS[language]}`)) as { stopwords: string[] }).stopwords;
  }
  return createAnalyzer(language, stem, new Set(stopWords.map(fold)));
}

const TOKEN = /[\p{L}\p{N}]+(?:[._:/@-]+[\p{L}\p{N}]+)*|--?[\p{L}\p{N}][\p{L}\p{N}-]*/gu;
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
const CJK_RUN = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]+/gu;
const MAX_TERM_LENGTH = 64;
const SIMPLE_WORD = /^[A-Za-z0-9][a-z0-9]*$/;

export function createAnalyzer(language: string, stem: Stemmer, stopWords: Set<string>): Analyzer {
  const stemCache = new Map<string, string>();
  const stemmed = (word: string) => {
    let result = stemCache.get(word);
    if (result === undefined) {
      result = /^\p{L}+$/u.test(word) && word.length > 2 ? stem(word) : word;
      if (stemCache.size < 200_000) stemCache.set(word, result);
    }
    return result;
  };

  const analyse = (text: string, onTerm: (term: string, word: string) => void) => {
    const add = (word: string) => {
      if (word.length === 0 || word.length > MAX_TERM_LENGTH || stopWords.has(word)) return;
      onTerm(stemmed(word), word);
    };
    for (const match of text.matchAll(TOKEN)) {
      const raw = match[0];
      // Fast path, most words: plain ASCII letters and digits, at most a leading capital.
      if (SIMPLE_WORD.test(raw)) {
        add(raw.toLowerCase());
        continue;
      }
      if (CJK.test(raw)) {
        for (const run of raw.split(CJK_RUN)) for (const part of splitWords(run)) add(fold(part));
        for (const run of raw.match(CJK_RUN) ?? []) for (const gram of bigrams(run)) onTerm(gram, '');
        continue;
      }
      const parts = splitWords(raw);
      const whole = fold(raw);
      if (parts.length > 1 || raw.startsWith('-')) {
        // An identifier: the whole of it (exact identifier search) and each part (partial search).
        if (whole.length <= MAX_TERM_LENGTH) onTerm(whole, '');
        for (const part of parts) add(fold(part));
      } else {
        add(whole);
      }
    }
  };

  return {
    language,
    scan: analyse,
    terms(text) {
      const out: string[] = [];
      analyse(text, (term) => out.push(term));
      return out;
    },
    queryTerms(text) {
      const out: QueryTerm[] = [];
      analyse(text, (term, word) => out.push({ term, word }));
      return out;
    },
  };
}

/** `primaryColor` -> primary, color; `docs.json` -> docs, json; `--no-open` -> no, open; `HTTPServer` -> http, server. */
function splitWords(token: string): string[] {
  return token
    .replace(/([\p{Ll}\p{N}])(\p{Lu})/gu, '$1 $2')
    .replace(/(\p{Lu})(\p{Lu}\p{Ll})/gu, '$1 $2')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/** Lowercase without diacritics, so "Réglages" and "reglages" meet. */
export function fold(word: string): string {
  return word.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
}

function bigrams(run: string): string[] {
  const chars = [...run];
  if (chars.length === 1) return chars;
  const out: string[] = [];
  for (let i = 0; i < chars.length - 1; i++) out.push(chars[i]! + chars[i + 1]!);
  return out;
}
