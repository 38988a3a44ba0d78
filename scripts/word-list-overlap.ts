// npx tsx scripts/word-list-overlap.ts [--write]: how many entries of each word list in api/language/
// the eval question sets (eval/assistant-questions*.json, eval/search-questions.json) already contain,
// in the questions of the list's language. Those questions measure nothing new about such entries.
// Prints a table; --write puts each count, as a sentence, at the end of its list's "made".
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { LanguageLists, ListName, PatternList, RootList, WordList, WordTable } from '../api/language/word-lists.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const LANGUAGE_DIR = path.join(ROOT, 'api', 'language');
const EVAL_DIR = path.join(ROOT, 'eval');
const LANGUAGE_NAMES: Record<string, string> = { en: 'English', fr: 'French', es: 'Spanish', pt: 'Portuguese', de: 'German', zh: 'Chinese' };
/** Where the sentence starts in a list's "made": --write replaces it from there. */
const SENTENCE_START = 'Eval overlap (scripts/word-list-overlap.ts):';

export interface Overlap {
  language: string;
  name: ListName;
  /** How many entries the eval questions contain, of how many; undefined for a sentence the assistant says. */
  found?: number;
  total?: number;
  sentence?: string;
}

/** Every eval question's text (thread messages included) with its language. */
function evalQuestions(): { text: string; language: string }[] {
  const questions: { text: string; language: string }[] = [];
  for (const file of fs.readdirSync(EVAL_DIR).filter((name) => /^assistant-questions.*\.json$/.test(name))) {
    const set = JSON.parse(fs.readFileSync(path.join(EVAL_DIR, file), 'utf8')) as Record<
      string,
      { question: string; language: string; thread?: string[] }[] | string
    >;
    for (const group of Object.values(set)) {
      if (typeof group === 'string') continue;
      for (const question of group) for (const text of [...(question.thread ?? []), question.question]) questions.push({ text, language: question.language });
    }
  }
  const search = JSON.parse(fs.readFileSync(path.join(EVAL_DIR, 'search-questions.json'), 'utf8')) as { questions: { query: string; language: string }[] };
  for (const question of search.questions) questions.push({ text: question.query, language: question.language });
  return questions;
}

/** Words of a text, lowercase and without accents, between single spaces; hyphens kept or made spaces. */
function wordForms(text: string): string[] {
  const folded = text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().replace(/’/g, "'");
  const words = folded.replace(/[^\p{L}\p{N}'-]+/gu, ' ').trim();
  return [` ${words} `, ` ${words.replace(/-/g, ' ')} `];
}

/** Whether a word or phrase is in a question word for word (ignoring case and accents), or, for punctuation, as it is. */
function says(question: string, forms: string[], entry: string): boolean {
  const [kept, split] = wordForms(entry).map((form) => form.trim());
  if (!kept) return question.includes(entry);
  return forms.some((form) => form.includes(` ${kept} `) || form.includes(` ${split} `));
}

export function wordListOverlaps(): Overlap[] {
  const questions = evalQuestions().map((question) => ({ ...question, forms: wordForms(question.text) }));
  const overlaps: Overlap[] = [];
  for (const file of fs
    .readdirSync(LANGUAGE_DIR)
    .filter((name) => name.endsWith('.json'))
    .sort()) {
    const language = file.slice(0, -'.json'.length);
    const lists = JSON.parse(fs.readFileSync(path.join(LANGUAGE_DIR, file), 'utf8')) as LanguageLists;
    const asked = questions.filter((question) => question.language === language);
    for (const [name, list] of Object.entries(lists) as [ListName, NonNullable<LanguageLists[ListName]>][]) {
      if (typeof list !== 'object' || 'text' in list) {
        if (typeof list === 'object') overlaps.push({ language, name });
        continue;
      }
      const { unit, entries, isAsked } = matcher(list);
      const found = entries.filter((entry) => asked.some((question) => isAsked(entry, question))).length;
      overlaps.push({ language, name, found, total: entries.length, sentence: sentence(found, entries.length, unit, language, asked.length) });
    }
  }
  return overlaps;
}

type Question = { text: string; forms: string[] };

function matcher(list: WordList | WordTable | RootList | PatternList): {
  unit: string;
  entries: string[];
  isAsked: (entry: string, question: Question) => boolean;
} {
  const saysEntry = (entry: string, question: Question) => says(question.text, question.forms, entry);
  if ('words' in list) return { unit: list.words.some((word) => word.includes(' ')) ? 'entries' : 'words', entries: list.words, isAsked: saysEntry };
  if ('table' in list) return { unit: 'keys', entries: Object.keys(list.table), isAsked: saysEntry };
  if ('roots' in list) {
    const endings = new Set(['', ...list.endings]);
    const hasForm = (root: string, question: Question) =>
      question.forms[0]!.split(' ').some((word) => word.startsWith(root) && endings.has(word.slice(root.length)));
    return { unit: 'roots', entries: list.roots, isAsked: hasForm };
  }
  const patterns = new Map(list.patterns.map((pattern) => [pattern.source, new RegExp(pattern.source, pattern.flags)]));
  return { unit: 'patterns', entries: [...patterns.keys()], isAsked: (source, question) => patterns.get(source)!.test(question.text) };
}

function sentence(found: number, total: number, unit: string, language: string, questions: number): string {
  const name = LANGUAGE_NAMES[language] ?? language;
  if (questions === 0) return `${SENTENCE_START} none, as the eval has no ${name} questions.`;
  const where = `${unit === 'patterns' ? 'match at least one of' : 'appear verbatim (ignoring case and accents) in'} the eval's ${name} questions`;
  return `${SENTENCE_START} ${found} of ${total} ${unit} ${where}${found > 0 ? ', which measure nothing new about those' : ''}.`;
}

/** A list's "made" with the overlap sentence at its end, in place of an earlier one. */
export function madeWithOverlap(made: string, overlapSentence: string): string {
  const at = made.indexOf(SENTENCE_START);
  return `${(at < 0 ? made : made.slice(0, at)).trimEnd()} ${overlapSentence}`;
}

/** The house format of the data files: word lists wrapped into lines, one table entry or pattern per line. */
export function formatLanguageFile(value: unknown, indent = ''): string {
  const inner = `${indent}  `;
  if (Array.isArray(value) && value.every((item) => typeof item === 'string')) {
    const lines = [''];
    for (const item of value.map((word) => `${JSON.stringify(word)},`)) {
      if (lines.at(-1)!.length > 0 && inner.length + lines.at(-1)!.length + item.length + 1 > 110) lines.push('');
      lines[lines.length - 1] += `${lines.at(-1) ? ' ' : ''}${item}`;
    }
    lines[lines.length - 1] = lines.at(-1)!.slice(0, -1);
    return `[\n${lines.map((line) => inner + line).join('\n')}\n${indent}]`;
  }
  if (Array.isArray(value)) {
    const patterns = value as PatternList['patterns'];
    return `[\n${patterns.map((pattern) => `${inner}{ "source": ${JSON.stringify(pattern.source)}, "flags": ${JSON.stringify(pattern.flags)} }`).join(',\n')}\n${indent}]`;
  }
  if (value && typeof value === 'object') {
    const entries = Object.entries(value).map(
      ([key, item]) => `${inner}${JSON.stringify(key)}: ${typeof item === 'string' ? JSON.stringify(item) : formatLanguageFile(item, inner)}`,
    );
    return `{\n${entries.join(',\n')}\n${indent}}`;
  }
  return JSON.stringify(value);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const overlaps = wordListOverlaps();
  console.log('| language | list | in the eval questions |\n|---|---|---|');
  for (const overlap of overlaps)
    console.log(
      `| ${overlap.language} | ${overlap.name} | ${overlap.total === undefined ? 'an answer, not matched' : `${overlap.found} of ${overlap.total}`} |`,
    );
  if (process.argv.includes('--write')) {
    for (const language of new Set(overlaps.map((overlap) => overlap.language))) {
      const file = path.join(LANGUAGE_DIR, `${language}.json`);
      const lists = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, { made: string }>;
      for (const overlap of overlaps.filter((each) => each.language === language && each.sentence)) {
        lists[overlap.name]!.made = madeWithOverlap(lists[overlap.name]!.made, overlap.sentence!);
      }
      fs.writeFileSync(file, `${formatLanguageFile(lists)}\n`);
    }
    console.log('\nWritten into each list\'s "made".');
  }
}
