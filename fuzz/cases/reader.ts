import type { Random } from '../random.ts';
import type { Fixture } from '../setup.ts';
import { caseOf, requestOf, type Target } from '../target.ts';
import type { FuzzCase } from '../types.ts';
import { describeString, ODD_STRINGS, PROTO_KEYS } from '../values.ts';

/** What a reader's page sends besides search: a page's content (/v1/page), an opened result (/click), feedback. */

/** Paths as a search result, a link or a hand would write them. */
const PATH_SHAPES = (fixture: Fixture) => {
  const page = fixture.pages[0] ?? 'quickstart';
  return [
    page,
    `/${page}`,
    `/${page}#a-heading`,
    `/${page}#`,
    `/${page}/`,
    `/${page}.md`,
    `/${page}?x=1`,
    '/',
    '#',
    '//evil.example/x',
    'https://evil.example/x',
    '/../../package.json',
    '/%2e%2e/%2e%2e/package.json',
    `/${'a/'.repeat(500)}`,
    ...PROTO_KEYS.map((key) => `/${key}`),
  ];
};

export const validPage = (fixture: Fixture) => (random: Random) => ({ path: `/${random.pick(fixture.pages)}` });
export const validClick = (fixture: Fixture) => (random: Random) => ({ query: 'custom domain', path: `/${random.pick(fixture.pages)}` });
export const validFeedback = (fixture: Fixture) => (random: Random) => {
  // Feedback on a page, or on a code block (which names the code); thumbs on an answer name its thread.
  const source = random.pick(['contextual', 'code_snippet']);
  const path = `/${random.pick(fixture.pages)}`;
  return source === 'code_snippet'
    ? { source, helpful: random.chance(0.5), path, code: 'mint dev', filename: 'install.sh', language: 'bash' }
    : { source, helpful: random.chance(0.5), path, comment: 'Clear enough.' };
};

/** Each path shape and odd string in the field that names a page, as `path` of /v1/page, /click or /v1/feedback. */
export function fixedPathCases(target: Target, random: Random, fixture: Fixture): FuzzCase[] {
  const base = target.validBody!(random) as Record<string, unknown>;
  return [...PATH_SHAPES(fixture), ...ODD_STRINGS].map((path) =>
    caseOf(target, `path = ${describeString(path)}`, requestOf(target, random, { body: { ...base, path } }), { expectField: 'path' }),
  );
}

export function fixedFeedbackCases(target: Target, random: Random, fixture: Fixture): FuzzCase[] {
  const base = target.validBody!(random) as Record<string, unknown>;
  const feedback = (label: string, body: Record<string, unknown>, field?: string) =>
    caseOf(target, label, requestOf(target, random, { body }), field ? { expectField: field } : {});
  return [
    ...fixedPathCases(target, random, fixture),
    feedback('a thread that is not there', { ...base, threadId: 'x', messageId: 'y' }),
    feedback('a thread of the site, a message not in it', { ...base, threadId: fixture.threadId, messageId: 'x' }),
    feedback('a message id without a thread', { ...base, messageId: 'x' }),
    feedback('a comment of 100,000 characters', { ...base, comment: 'x'.repeat(100_000) }, 'comment'),
    feedback('contact as an address with markup', { ...base, contact: '<script>@example.com' }),
    feedback('code with a filename and language', { ...base, source: 'code_snippet', code: 'rm -rf /', filename: '../../etc/passwd', language: '__proto__' }),
    ...['agent', 'THUMBS_ONLY', '', '__proto__'].map((source) => feedback(`source = "${source}"`, { ...base, source }, 'source')),
  ];
}

export function randomReaderCase(target: Target, random: Random, fixture: Fixture): FuzzCase {
  const base = target.validBody!(random) as Record<string, unknown>;
  const path = random.pick([...PATH_SHAPES(fixture), ...ODD_STRINGS]);
  return caseOf(target, `path = ${describeString(path)}`, requestOf(target, random, { body: { ...base, path } }), { expectField: 'path' });
}
