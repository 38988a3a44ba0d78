import { buildSync } from 'esbuild';
import { PACKAGE_ROOT } from '../../package-root.ts';

/**
 * What runs inside the sandbox before any page's code: Preact (a React-compatible JSX runtime), its hooks
 * and its server renderer, bundled from node_modules into one script the first time a process needs it,
 * and the globals a Mintlify page's components expect (`React`, `useState`, …). Mintlify's own
 * components, which pages use inside theirs (`<Badge>`), are placeholders written as `<folio-component>`
 * elements that the host renders with Folio's components (sandbox-html.ts); any other capitalised name
 * no code defines is one too.
 */
export function runtimeSource(): string {
  bundle ??= buildSync({
    stdin: { contents: ENTRY, resolveDir: PACKAGE_ROOT, loader: 'js' },
    bundle: true,
    format: 'iife',
    minify: true,
    write: false,
    logLevel: 'silent',
  }).outputFiles[0]!.text;
  return `${bundle}\n${GLOBALS}`;
}

let bundle: string | undefined;

const ENTRY = `
import { h, Fragment, createContext, cloneElement, isValidElement, toChildArray } from 'preact';
import * as hooks from 'preact/hooks';
import { renderToString } from 'preact-render-to-string';
globalThis.__preact = { h, Fragment, createContext, cloneElement, isValidElement, toChildArray, hooks, renderToString };
`;

const GLOBALS = `
(() => {
  const { h, Fragment, createContext, cloneElement, isValidElement, toChildArray, hooks, renderToString } = globalThis.__preact;
  const Children = { toArray: toChildArray, map: (c, f) => toChildArray(c).map(f), forEach: (c, f) => toChildArray(c).forEach(f), count: (c) => toChildArray(c).length, only: (c) => toChildArray(c)[0] };
  const React = { createElement: h, Fragment, createContext, cloneElement, isValidElement, Children, ...hooks };
  Object.assign(globalThis, { React, Fragment, ...hooks });
  const placeholders = new Map();
  const placeholder = (name) => {
    if (!placeholders.has(name)) {
      const component = ({ children, ...props }) => {
        const attributes = {};
        for (const [key, value] of Object.entries(props)) {
          if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') attributes[key] = String(value);
        }
        return h('folio-component', { 'data-name': name, 'data-props': JSON.stringify(attributes) }, children);
      };
      placeholders.set(name, new Proxy(component, { get: (target, key) => (typeof key === 'string' && /^[A-Z]/.test(key) ? placeholder(name + '.' + key) : target[key]) }));
    }
    return placeholders.get(name);
  };
  // Free capitalised names (<Badge>, <Tree.Folder>) that nothing defines are Mintlify's components.
  globalThis.__components = new Proxy(Object.create(null), {
    has: (_, key) => typeof key === 'string' && /^[A-Z]/.test(key) && !(key in globalThis),
    get: (_, key) => (typeof key === 'string' ? placeholder(key) : undefined),
  });
  globalThis.__html = (html) => h('folio-html', { dangerouslySetInnerHTML: { __html: html } });
  globalThis.__h = h;
  globalThis.__Fragment = Fragment;
  globalThis.__render = (node) => renderToString(node);
  // A value as the host reads it: text, HTML rendered from elements, or nothing.
  globalThis.__out = (value) =>
    JSON.stringify(
      value === null || value === undefined || typeof value === 'boolean'
        ? { text: '' }
        : typeof value === 'string' || typeof value === 'number'
          ? { text: String(value) }
          : typeof value === 'function'
            ? { text: '' }
            : { html: renderToString(h(Fragment, null, value)) },
    );
  globalThis.__modules = Object.create(null);
  globalThis.__factories = Object.create(null);
  globalThis.__resolutions = Object.create(null);
  globalThis.__load = (file) => {
    if (!globalThis.__factories[file]) return {};
    if (!globalThis.__modules[file]) {
      const module = { exports: {} };
      globalThis.__modules[file] = module;
      globalThis.__factories[file](module.exports, (next) => globalThis.__require(file, next), module);
    }
    return globalThis.__modules[file].exports;
  };
  globalThis.__require = (from, specifier) => {
    if (specifier === 'react' || specifier === 'preact' || specifier === 'react/jsx-runtime') return React;
    const file = (globalThis.__resolutions[from] || {})[specifier];
    return file ? globalThis.__load(file) : {};
  };
})();
`;
