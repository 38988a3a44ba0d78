import hljs from 'highlight.js/lib/common';
import { escapeHtml } from '../http/html.ts';
import { lookupTable } from '../lookup-table.ts';
import { renderDiagram } from './diagrams.ts';

/** Names Mintlify pages give languages that highlight.js knows by another name. */
const ALIASES = lookupTable<string>({
  mdx: 'markdown',
  sh: 'bash',
  zsh: 'bash',
  console: 'bash',
  shell: 'bash',
  jsonc: 'json',
  json5: 'json',
  tsx: 'typescript',
  jsx: 'javascript',
  yml: 'yaml',
  html: 'xml',
  vue: 'xml',
  svelte: 'xml',
  dockerfile: 'dockerfile',
  env: 'ini',
  toml: 'ini',
});
/** Longer blocks are shown unhighlighted: highlighting is linear but not free, and nobody reads 20,000 lines of colour. */
const MAX_HIGHLIGHTED_CHARS = 100_000;

/**
 * A fenced code block: its language (the info string's first word) highlighted by highlight.js, and its
 * title (Mintlify's ```` ```bash npm ```` or `title="npm"`) above it. highlight.js escapes the code;
 * its output is spans with `hljs-*` classes only.
 */
export function renderCodeBlock(code: string, info: string): string {
  const { language, title } = readInfo(info);
  if (language === 'mermaid') return renderDiagram(code);
  const known = language ? (hljs.getLanguage(ALIASES[language] ?? language) ? (ALIASES[language] ?? language) : undefined) : undefined;
  const body = known && code.length <= MAX_HIGHLIGHTED_CHARS ? hljs.highlight(code, { language: known, ignoreIllegals: true }).value : escapeHtml(code);
  const label = title || language;
  const heading = label ? `<p class="code-title">${escapeHtml(label)}</p>` : '';
  const languageClass = language ? ` language-${escapeHtml(language.replace(/[^\w-]/g, ''))}` : '';
  return `<div class="code-block">${heading}<pre tabindex="0"><code class="hljs${languageClass}">${body}</code></pre></div>\n`;
}

/** `bash npm`, `json docs.json lines`, `js title="app.js" {1,3}` -> language and title. */
export function readInfo(info: string): { language: string; title: string } {
  const trimmed = info.trim();
  const language = (/^[^\s{]+/.exec(trimmed)?.[0] ?? '').toLowerCase();
  const rest = trimmed.slice(language.length);
  const quoted = /\btitle=["']([^"']*)["']/.exec(rest)?.[1];
  if (quoted !== undefined) return { language, title: quoted };
  const words = rest
    .replace(/\{[^}]*\}/g, ' ')
    .replace(/\b\w+=("[^"]*"|'[^']*'|\S+)/g, ' ')
    .trim()
    .split(/\s+/)
    .filter((word) => word && !FLAGS.has(word));
  return { language, title: words.join(' ') };
}

/** Words of the info string that are options, not a title. */
const FLAGS = new Set(['lines', 'wrap', 'expandable', 'twoslash', 'copy', 'showLineNumbers']);
