import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LIST_KINDS, LIST_LANGUAGES, type ListName } from '../../api/language/word-lists.ts';
import { notFoundText } from '../../api/assistant/offline/not-found.ts';
import { courtesyReply } from '../../api/assistant/offline/courtesy.ts';
import { formatLanguageFile, madeWithOverlap, wordListOverlaps } from '../../scripts/word-list-overlap.ts';

const DIR = new URL('../../api/language/', import.meta.url);
const files = fs.readdirSync(DIR).filter((name) => name.endsWith('.json'));
const read = (file: string) => fs.readFileSync(new URL(file, DIR), 'utf8');
const isText = (value: unknown) => typeof value === 'string' && value.trim() !== '';
const FIELDS = { words: ['words'], table: ['table'], roots: ['roots', 'endings'], patterns: ['patterns'], text: ['text'] };

describe('word lists (api/language)', () => {
  it('has one file per language the code loads', () => {
    expect(files.map((file) => file.slice(0, -'.json'.length)).sort()).toEqual([...LIST_LANGUAGES].sort());
  });

  it.each(files)('%s: every list says what it is for and how it was made, and holds entries of its kind', (file) => {
    const lists = JSON.parse(read(file)) as Record<string, unknown>;
    expect(isText(lists.about), `${file}: "about"`).toBe(true);
    for (const [name, list] of Object.entries(lists).filter(([name]) => name !== 'about')) {
      const where = `${file}: ${name}`;
      expect(Object.keys(LIST_KINDS), `${where} is no list the code knows`).toContain(name);
      const kind = LIST_KINDS[name as ListName];
      const { about, made, ...entries } = list as Record<string, unknown>;
      expect(isText(about) && isText(made), `${where}: "about" and "made"`).toBe(true);
      expect(Object.keys(entries).sort(), `${where}: the fields of a ${kind} list`).toEqual([...FIELDS[kind]].sort());
      const strings = (value: unknown) => Array.isArray(value) && value.length > 0 && value.every(isText) && new Set(value).size === value.length;
      if (kind === 'words') expect(strings(entries.words), `${where}: distinct words`).toBe(true);
      if (kind === 'roots') expect(strings(entries.roots) && strings(entries.endings), `${where}: distinct roots and endings`).toBe(true);
      if (kind === 'table') expect(Object.values(entries.table as object).every(isText), `${where}: a word for every key`).toBe(true);
      if (kind === 'text') expect(isText(entries.text), where).toBe(true);
      if (kind === 'patterns') {
        for (const pattern of entries.patterns as { source: string; flags: string }[])
          expect(() => new RegExp(pattern.source, pattern.flags), where).not.toThrow();
      }
    }
  });

  it.each(files)('%s: is written as scripts/word-list-overlap.ts writes it (so no key is there twice)', (file) => {
    expect(read(file)).toBe(`${formatLanguageFile(JSON.parse(read(file)))}\n`);
  });

  it('says in each list how many of its entries the eval questions contain (npx tsx scripts/word-list-overlap.ts --write updates it)', () => {
    for (const overlap of wordListOverlaps().filter((each) => each.sentence)) {
      const made = (JSON.parse(read(`${overlap.language}.json`)) as Record<string, { made: string }>)[overlap.name]!.made;
      expect(made, `${overlap.language}.json: ${overlap.name}`).toBe(madeWithOverlap(made, overlap.sentence!));
    }
  });

  it('looks languages up without a prototype: an unknown or hostile language code gets the English sentence', () => {
    expect(notFoundText('constructor')).toBe(notFoundText('en'));
    expect(courtesyReply('thanks!', '__proto__')).toBe(courtesyReply('thanks!', 'en'));
    expect(courtesyReply('merci beaucoup', 'en')).toMatch(/^Avec plaisir/);
  });
});
