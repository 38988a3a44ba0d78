import type { Random } from '../random.ts';
import { caseOf, requestOf, type Target } from '../target.ts';
import type { FuzzCase } from '../types.ts';
import { describeString, oddString } from '../values.ts';

/** Agent jobs and previews: branch names git refuses (and some it accepts), odd messages. 100 accepted jobs per hour. */

export const BRANCHES = [
  'HEAD',
  'refs/heads/main',
  'heads/main',
  'main',
  'a..b',
  'x.lock',
  '-x',
  'docs/ünïcödé',
  '文档/分支',
  '😀',
  '',
  ' ',
  'a b',
  'a~b',
  'a^b',
  'a:b',
  'a?b',
  'a*b',
  'a[b',
  'a\\b',
  '/a',
  'a/',
  'a//b',
  'a/.b',
  '.a',
  'a.',
  '@',
  'a@{b',
  'x'.repeat(300),
  '\ud800',
  'docs/\udc00',
  'a\u0000b',
  '__proto__',
  'constructor',
  'docs/__proto__',
  'toString',
];

const message = { role: 'user', content: 'Document the --port flag of mint dev.' };

export const validAgentJob = (random: Random) => ({ branch: `fuzz/job-${random.int(1, 1_000_000)}`, messages: [message] });

/** A v2 agent job's body, and a follow-up's: a prompt alone. */
export const validAgentPrompt = () => ({ prompt: message.content });

export function fixedAgentCases(target: Target, random: Random): FuzzCase[] {
  return BRANCHES.map((branch) => caseOf(target, `branch = ${describeString(branch)}`, requestOf(target, random, { body: { branch, messages: [message] } })));
}

export function randomAgentCase(target: Target, random: Random): FuzzCase {
  const odd = oddString(random);
  const branch = random.pick(BRANCHES);
  const variants: [string, Record<string, unknown>][] = [
    [`branch = ${describeString(branch)}`, { branch, messages: [message] }],
    [`branch = ${odd.label}`, { branch: odd.value, messages: [message] }],
    [`content = ${odd.label}`, { branch: 'fuzz/odd-content', messages: [{ role: 'user', content: odd.value }] }],
    [`role = ${odd.label}`, { branch: 'fuzz/odd-role', messages: [{ role: odd.value, content: 'x' }] }],
    [`asDraft = ${odd.label}`, { branch: 'fuzz/odd-draft', messages: [message], asDraft: odd.value }],
    ['51 messages', { branch: 'fuzz/many', messages: Array.from({ length: 51 }, () => message) }],
    ['a system message only', { branch: 'fuzz/system', messages: [{ role: 'system', content: 'x' }] }],
  ];
  const [label, body] = random.pick(variants);
  return caseOf(target, label, requestOf(target, random, { body }));
}

/** A preview of a branch the repository does not have: accepted, and its deployment fails soon. */
export const validPreview = (random: Random) => ({ branch: `fuzz/preview-${random.int(1, 1_000_000)}` });

export function fixedPreviewCases(target: Target, random: Random): FuzzCase[] {
  return BRANCHES.map((branch) => caseOf(target, `branch = ${describeString(branch)}`, requestOf(target, random, { body: { branch } })));
}
