import { createHash } from 'node:crypto';
import path from 'node:path';
import { transformSync, type Loader } from 'esbuild';
import { NOT_STATIC, staticValue } from '../../mintlify/mdx/expression-value.ts';
import type { Tag } from '../../mintlify/mdx/jsx-tags.ts';
import { importedNames, importSpecifiers, resolveImport, type PageCode } from '../../mintlify/mdx/page-code.ts';
import { escapeHtml } from '../../http/html.ts';
import { valueHtml, type PageScripts } from '../page-scripts.ts';
import { type JsxSandbox, SandboxError } from './jsx-sandbox.ts';
import { sandboxHtml } from './sandbox-html.ts';

/** A module's code runs once per deployment; one use of a component renders in a fraction of this. */
const MODULE_TIMEOUT_MS = 1_000;
const RENDER_TIMEOUT_MS = 250;

/** A page whose code runs in the sandbox: what its rendering could not do is in `warnings`. */
export interface SandboxedScripts extends PageScripts {
  warnings: string[];
}

/**
 * The page's code, run in the deployment's sandbox: its statements (and the snippets it imports) define
 * the page's scope; `{…}` expressions are evaluated in that scope (statically first: most are literals),
 * and the page's components render there with Preact, their output written back through Folio's
 * element allow-list (sandbox-html.ts). A component that throws shows its children, and says why.
 */
export function sandboxedScripts(sandbox: JsxSandbox, code: PageCode): SandboxedScripts {
  const warnings: string[] = [];
  const note = (what: string, error: unknown) => {
    if (warnings.length < 20) warnings.push(`${what}: ${error instanceof SandboxError ? error.message : (error as Error).message.split('\n')[0]}`);
  };
  const state = stateOf(sandbox);
  for (const [file, source] of Object.entries(code.modules)) {
    if (state.modules.has(file)) continue;
    state.modules.add(file);
    defineModule(sandbox, file, file, source, note);
  }
  // Pages that say the same (`import { Badge } from '/snippets/badge.mdx'` on hundreds of pages) share one scope.
  const statementKeys = code.statements.map((statement) => {
    const key = `#code:${hash(`${path.posix.dirname(statement.file)}\n${statement.source}`)}`;
    if (state.modules.has(key)) return key;
    state.modules.add(key);
    // What the page imports is in its scope as much as what it exports (MDX's rule): both join the page's names.
    const imported = importedNames(statement.source);
    const source = imported.length > 0 ? `${statement.source}\nexport { ${imported.join(', ')} };` : statement.source;
    defineModule(sandbox, key, statement.file, source, note);
    return key;
  });
  const scopeKey = hash(statementKeys.join('\n'));
  const page = JSON.stringify(scopeKey);
  let components = state.scopes.get(scopeKey);
  if (!components) {
    try {
      const names = sandbox.run(
        `globalThis.__pages = globalThis.__pages || Object.create(null);
         __pages[${page}] = Object.assign(Object.create(null), ...${JSON.stringify(statementKeys)}.map((file) => __load(file)));
         JSON.stringify(Object.keys(__pages[${page}]).filter((name) => typeof __pages[${page}][name] === 'function'))`,
        MODULE_TIMEOUT_MS,
      );
      components = new Set(JSON.parse(names) as string[]);
    } catch (error) {
      note('the page’s code could not run', error);
      components = new Set();
    }
    state.scopes.set(scopeKey, components);
  }
  const scopeComponents = components;
  const inScope = (expression: string) => `(() => { with (__components) { with (__pages[${page}] || {}) { return __out((${expression})); } } })()`;
  /** The value of an expression in the page's scope; the same expression in the same scope is worked out once. */
  const evaluate = (expression: string): { text?: string; html?: string } => {
    const key = `${scopeKey}\n${expression}`;
    let out = state.results.get(key);
    if (out === undefined) {
      out = JSON.parse(sandbox.run(inScope(expression), RENDER_TIMEOUT_MS)) as { text?: string; html?: string };
      if (state.results.size < MAX_CACHED_RESULTS) state.results.set(key, out);
    }
    return out;
  };

  return {
    warnings,
    hasComponent: (name) => scopeComponents.has(name.split('.')[0]!),
    expressionHtml(source, isBlock) {
      const value = staticValue(source);
      if (value !== NOT_STATIC || scopeComponents.size === 0) return valueHtml(value, isBlock);
      try {
        const out = evaluate(jsxToJs(source));
        if (out.html !== undefined) return sandboxHtml(out.html, isBlock);
        return valueHtml(out.text ?? '', isBlock);
      } catch (error) {
        note(`the expression {${source.slice(0, 40)}} could not be evaluated`, error);
        return '';
      }
    },
    renderComponent(tag, childrenHtml, isBlock) {
      try {
        const out = evaluate(`__h(${tag.name}, ${propsSource(tag, childrenHtml)})`);
        return out.html !== undefined ? sandboxHtml(out.html, isBlock) : escapeHtml(out.text ?? '');
      } catch (error) {
        note(`<${tag.name}> could not render`, error);
        return childrenHtml;
      }
    },
  };
}

/** Results kept per sandbox: a component's first render depends only on its props, so a repeat is not run again. */
const MAX_CACHED_RESULTS = 20_000;

interface SandboxState {
  /** Modules defined, by file or by the hash of a page's statements. */
  modules: Set<string>;
  /** Each page scope's component names. */
  scopes: Map<string, Set<string>>;
  results: Map<string, { text?: string; html?: string }>;
}

const states = new WeakMap<JsxSandbox, SandboxState>();

function stateOf(sandbox: JsxSandbox): SandboxState {
  let state = states.get(sandbox);
  if (!state) states.set(sandbox, (state = { modules: new Set(), scopes: new Map(), results: new Map() }));
  return state;
}

const hash = (text: string) => createHash('sha1').update(text).digest('hex').slice(0, 16);

/** Defines a module in the sandbox: its code compiled from JSX (or TypeScript) to a function it runs on first import. */
function defineModule(sandbox: JsxSandbox, key: string, file: string, source: string, note: (what: string, error: unknown) => void): void {
  const resolutions: Record<string, string> = {};
  for (const specifier of importSpecifiers(source)) {
    const target = resolveImport(file, specifier);
    if (target) resolutions[specifier] = target;
  }
  let compiled: string;
  try {
    compiled = transformSync(source, {
      loader: loaderOf(file),
      format: 'cjs',
      jsx: 'transform',
      jsxFactory: '__h',
      jsxFragment: '__Fragment',
      target: 'es2020',
    }).code;
  } catch (error) {
    note(`${file}: its code could not be read`, error);
    compiled = '';
  }
  try {
    sandbox.run(
      `__resolutions[${JSON.stringify(key)}] = ${JSON.stringify(resolutions)};
       __factories[${JSON.stringify(key)}] = function (exports, require, module) { with (__components) {\n${compiled}\n} };`,
      MODULE_TIMEOUT_MS,
      key,
    );
  } catch (error) {
    note(`${file}: its code could not run`, error);
  }
}

const loaderOf = (file: string): Loader => (file.endsWith('.tsx') ? 'tsx' : file.endsWith('.ts') ? 'ts' : 'jsx');

/** A component's props as JavaScript: quoted attributes as strings, `{…}` ones as written, children as HTML already made safe. */
function propsSource(tag: Tag, childrenHtml: string): string {
  const entries = Object.entries(tag.attributes).map(([name, text]) => {
    const expression = tag.expressions?.[name];
    return `${JSON.stringify(name)}: ${expression !== undefined ? `(${jsxToJs(expression)})` : JSON.stringify(text)}`;
  });
  if (childrenHtml) entries.push(`children: __html(${JSON.stringify(childrenHtml)})`);
  return `{${entries.join(', ')}}`;
}

/** JSX inside an expression compiled to calls (`icon={<Icon>…</Icon>}`); code without JSX as it is. */
function jsxToJs(source: string): string {
  if (!source.includes('<')) return source;
  const compiled = transformSync(`(${source})`, { loader: 'jsx', jsx: 'transform', jsxFactory: '__h', jsxFragment: '__Fragment', target: 'es2020' }).code;
  return compiled.trim().replace(/;$/, '');
}
