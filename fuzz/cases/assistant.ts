import { objectOf } from '../json-body.ts';
import type { Random } from '../random.ts';
import type { Fixture } from '../setup.ts';
import { caseOf, requestOf, type Target } from '../target.ts';
import type { FuzzCase } from '../types.ts';
import { describeString, oddString, PROTO_KEYS } from '../values.ts';

/** The assistant routes: real questions (whose streams must finish) and hostile messages, parts and filters. */

export const QUESTIONS = [
  'How do I set up a custom domain?',
  'How do I hide a page from the navigation?',
  'Whats the CLI command to check broken links',
  'How can I add analytics to my docs?',
  'Comment configurer un domaine personnalisé ?',
  '¿Cómo configuro un dominio personalizado?',
  'thanks!',
  'What is the meaning of life?',
  'How do I reverse a string in JavaScript?',
  'custon domian',
];

const SURROGATE_QUESTIONS = [
  '\ud800',
  '\udc00',
  'How do I set up a custom domain? \ud800',
  '\udc00 How do I hide a page?',
  'custom \ud83d domain',
  'How do I \u0000 set up a custom domain?',
];

const PART_TYPES = [
  'text',
  'reasoning',
  'tool-invocation',
  'source',
  'source-url',
  'file',
  'step-start',
  'data-x',
  'tool-search',
  'dynamic-tool',
  '',
  ' ',
  'TEXT',
  ...PROTO_KEYS,
];

type Style = 'v4' | 'v5';

/** A user message as the AI SDK's v4 (content and parts) or v5+ (parts only) clients send it. */
function userMessage(style: Style, text: string, id = 'm1'): Record<string, unknown> {
  const parts = [{ type: 'text', text }];
  return style === 'v4' ? { id, role: 'user', content: text, parts } : { id, role: 'user', parts };
}

export const questionBody = (style: Style, text: string, extra: Record<string, unknown> = {}) => ({
  fp: 'fuzz',
  messages: [userMessage(style, text)],
  ...extra,
});

export function fixedAssistantCases(target: Target, random: Random, fixture: Fixture): FuzzCase[] {
  const style: Style = target.route.includes('/v2/') ? 'v5' : 'v4';
  const ask = (label: string, body: unknown) => caseOf(target, label, requestOf(target, random, { body }));
  const partsOnly = (type: string, withText: boolean) => ({
    fp: 'x',
    messages: [{ role: 'user', parts: [withText ? { type, text: 'How do I set up a custom domain?' } : { type }] }],
  });
  return [
    ...QUESTIONS.map((question) => ask(`a real question (${style}): ${question}`, questionBody(style, question))),
    ...QUESTIONS.slice(0, 3).map((question) =>
      ask(`a real question (${style === 'v4' ? 'v5' : 'v4'} style): ${question}`, questionBody(style === 'v4' ? 'v5' : 'v4', question)),
    ),
    ask('a follow-up in the thread', questionBody(style, 'and for an apex domain?', { threadId: fixture.threadId })),
    ask('a question from a page (currentPath)', questionBody(style, QUESTIONS[0]!, { currentPath: '/quickstart' })),
    ask(
      'a question about selected code (context)',
      questionBody(style, 'What does this do?', { context: [{ type: 'code', value: 'mint dev --port 3001', path: '/cli/preview' }] }),
    ),
    ask('a question with a filter', questionBody(style, QUESTIONS[4]!, { filter: { language: 'fr', version: null } })),
    ...SURROGATE_QUESTIONS.map((question) => ask(`a question with ${describeString(question)}`, questionBody(style, question))),
    ...PART_TYPES.flatMap((type) => [
      ask(`parts[0].type = ${describeString(type)}`, partsOnly(type, false)),
      ask(`parts[0].type = ${describeString(type)}, with text`, partsOnly(type, true)),
    ]),
    ...PROTO_KEYS.flatMap((key) => [
      ask(`filter.language = "${key}"`, questionBody(style, QUESTIONS[0]!, { filter: { language: key } })),
      ask(`filter.version = "${key}"`, questionBody(style, QUESTIONS[0]!, { filter: { version: key } })),
      ask(`threadId = "${key}"`, questionBody(style, QUESTIONS[0]!, { threadId: key })),
      ask(`role = "${key}"`, { fp: 'x', messages: [{ ...userMessage(style, QUESTIONS[0]!), role: key }] }),
      ask(`message key "${key}"`, { fp: 'x', messages: [objectOf([...Object.entries(userMessage(style, QUESTIONS[0]!)), [key, { type: 'text' }]])] }),
    ]),
  ];
}

export function randomAssistantCase(target: Target, random: Random, fixture: Fixture): FuzzCase {
  const style: Style = random.chance(0.5) ? 'v4' : 'v5';
  const question = random.chance(0.7) ? random.pick(QUESTIONS) : oddString(random).value;
  const odd = oddString(random);
  const pageSize = random.pick([0, 1, 20, 21, -1, 1.5]);
  const variants: [string, Record<string, unknown>][] = [
    [`question ${describeString(question)}`, questionBody(style, question)],
    [`filter.language = ${odd.label}`, questionBody(style, question, { filter: { language: odd.value } })],
    [`filter.version = ${odd.label}`, questionBody(style, question, { filter: { version: odd.value } })],
    [`filter.groups = [${odd.label}]`, questionBody(style, question, { filter: { groups: [odd.value] } })],
    [`currentPath = ${odd.label}`, questionBody(style, question, { currentPath: odd.value })],
    [`fp = ${odd.label}`, { ...questionBody(style, question), fp: odd.value }],
    [`threadId = ${odd.label}`, questionBody(style, question, { threadId: odd.value })],
    [
      `context value ${odd.label}`,
      questionBody(style, question, { context: [{ type: random.pick(['code', 'textSelection', '__proto__']), value: odd.value, path: odd.value }] }),
    ],
    [`parts[0].type = ${odd.label}`, { fp: 'x', messages: [{ role: 'user', parts: [{ type: odd.value, text: question }] }] }],
    [`parts[0].text = ${odd.label}`, { fp: 'x', messages: [{ role: 'user', parts: [{ type: 'text', text: odd.value }] }] }],
    [
      `a history ending with an assistant message`,
      { fp: 'x', messages: [userMessage(style, question), { role: 'assistant', content: odd.value, parts: [{ type: 'text', text: odd.value }] }] },
    ],
    [`100 messages`, { fp: 'x', messages: Array.from({ length: 100 }, (_, i) => userMessage(style, `${question} ${i}`, `m${i}`)) }],
    [`200 parts`, { fp: 'x', messages: [{ role: 'user', parts: Array.from({ length: 200 }, () => ({ type: 'text', text: question })) }] }],
    [`a data message`, { fp: 'x', messages: [{ role: 'data', content: odd.value }, userMessage(style, question)] }],
    [`a system message`, { fp: 'x', messages: [{ role: 'system', content: odd.value }, userMessage(style, question)] }],
    [`retrievalPageSize = ${pageSize}`, questionBody(style, question, { retrievalPageSize: pageSize })],
    [`the thread of another fp`, { ...questionBody(style, question, { threadId: fixture.threadId }), fp: 'someone-else' }],
    [`AI SDK extra fields`, questionBody(style, question, { id: odd.value, trigger: 'submit-message', messageId: odd.value })],
  ];
  const [label, body] = random.pick(variants);
  return caseOf(target, label, requestOf(target, random, { body }));
}
