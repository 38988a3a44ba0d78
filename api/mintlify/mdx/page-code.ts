import path from 'node:path';

/**
 * A page's own code, as MDX reads it: the `import` and `export` statements of the page and of the
 * snippets spliced into it (`export const Card = (…) => <div>…</div>`, `import { Badge } from
 * '/snippets/badge.mdx'`), and the modules those import, by repository path. The renderer runs it in a
 * sandbox (api/render/jsx-runtime/); nothing here runs it.
 */
export interface PageCode {
  /** Each file's statements (the page's, then each spliced snippet's), in the order they were met. */
  statements: { file: string; source: string }[];
  /** Every module those import, transitively: an MDX snippet's statements, or a script file whole. */
  modules: Record<string, string>;
}

/** Script files a page may import components from, as Mintlify allows. */
const SCRIPT_FILE = /\.(jsx?|tsx?|mjs)$/;
const MDX_FILE = /\.mdx?$/;
/** Modules imported through other modules, at most this deep (a cycle is cut here too). */
const MAX_MODULE_DEPTH = 5;
const MAX_MODULES = 200;

export const isScriptFile = (file: string): boolean => SCRIPT_FILE.test(file);

/** The repository path an import names (`/snippets/a.mdx` from anywhere, `./b.jsx` from its file), or undefined for a package (`react`). */
export function resolveImport(from: string, specifier: string): string | undefined {
  if (!specifier.startsWith('/') && !specifier.startsWith('.')) return undefined;
  const resolved = specifier.startsWith('/') ? specifier.slice(1) : path.posix.join(path.posix.dirname(from), specifier);
  const normal = path.posix.normalize(resolved);
  return normal.startsWith('../') || normal === '..' ? undefined : normal;
}

/** The names import statements bring into scope (`import A, { b, c as d } from …` → A, b, d; `* as ns` → ns). */
export function importedNames(code: string): string[] {
  const names: string[] = [];
  for (const match of code.matchAll(/(?:^|\n)\s*import\s+(?!type\s)([^'"`;]*?)\s+from\s*['"][^'"]+['"]/g)) {
    const clause = match[1]!;
    const named = /\{([^}]*)\}/.exec(clause)?.[1];
    const rest = clause.replace(/\{[^}]*\}/, '');
    for (const part of rest.split(',')) {
      const name = /^\s*(?:\*\s*as\s+)?([A-Za-z_$][\w$]*)\s*$/.exec(part)?.[1];
      if (name) names.push(name);
    }
    for (const part of named?.split(',') ?? []) {
      const name = /(?:^|\s)([A-Za-z_$][\w$]*)\s*$/.exec(part.trim())?.[1];
      if (name && !/^type\s/.test(part.trim())) names.push(name);
    }
  }
  return names;
}

/** Every name a page's statements bring into its scope: what they import and what they export. */
export function definedNames(statements: PageCode['statements']): Set<string> {
  const names = new Set<string>();
  for (const { source } of statements) {
    for (const name of importedNames(source)) names.add(name);
    for (const match of source.matchAll(/(?:^|\n)\s*export\s+(?:const|let|var|function\*?|class|async\s+function)\s+([A-Za-z_$][\w$]*)/g)) names.add(match[1]!);
    for (const match of source.matchAll(/(?:^|\n)\s*export\s+(?:const|let|var)\s*\{([^}]*)\}/g)) {
      for (const part of match[1]!.split(',')) {
        const name = /([A-Za-z_$][\w$]*)\s*$/.exec(part.trim())?.[1];
        if (name) names.add(name);
      }
    }
  }
  return names;
}

/** The specifiers a piece of code imports from (`import … from 'x'`, `import 'x'`, `export … from 'x'`). */
export function importSpecifiers(code: string): string[] {
  const found: string[] = [];
  for (const match of code.matchAll(/(?:^|\n)\s*(?:import|export)\b[^'"`;]*?\bfrom\s*['"]([^'"]+)['"]|(?:^|\n)\s*import\s*['"]([^'"]+)['"]/g)) {
    found.push((match[1] ?? match[2])!);
  }
  return found;
}

/**
 * The import and export statements of an MDX file, as MDX reads them: a statement starts at a line
 * beginning with `import` or `export` (outside code blocks) and runs until its brackets close.
 */
export function mdxStatements(text: string): string {
  const out: string[] = [];
  let fence: string | undefined;
  let depth = 0;
  let isInStatement = false;
  for (const line of text.split('\n')) {
    const fenceMark = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
    if (!isInStatement && (fence || fenceMark)) {
      if (fence && fenceMark?.startsWith(fence) && /^\s*[`~]+\s*$/.test(line)) fence = undefined;
      else if (!fence && fenceMark) fence = fenceMark;
      continue;
    }
    if (!isInStatement && !/^(import|export)\s/.test(line)) continue;
    out.push(line);
    depth = Math.max(0, depth + bracketBalance(line));
    isInStatement = depth > 0 || /^import\s[^'"]*$/.test(line.trim()) || /[=,(]\s*$/.test(line.trim());
  }
  return out.join('\n');
}

/** Opening minus closing brackets of a line of code, strings and JSX text apostrophes aside. */
export function bracketBalance(line: string): number {
  let balance = 0;
  let quote = '';
  for (let i = 0; i < line.length; i++) {
    const char = line[i]!;
    if (quote) {
      if (char === '\\') i++;
      else if (char === quote) quote = '';
    } else if ((char === '"' || char === '`') && line.indexOf(char, i + 1) > 0) {
      quote = char;
    } else if (char === '{' || char === '(' || char === '[') {
      balance++;
    } else if (char === '}' || char === ')' || char === ']') {
      balance--;
    }
  }
  return balance;
}

/** The repository files a file's code imports (what a deployment reads with it and hashes it by). */
export function importedFiles(file: string, code: string): string[] {
  return importSpecifiers(code).flatMap((specifier) => {
    const target = resolveImport(file, specifier);
    return target && (MDX_FILE.test(target) || SCRIPT_FILE.test(target)) ? [target] : [];
  });
}

/**
 * The modules a page's statements import, read with `readFile`, following their own imports: an MDX
 * module is its statements (its content is spliced where it is used, by parse-page.ts), a script file is
 * itself. `missing` names the imports that name no file of the repository.
 */
export function collectModules(
  statements: PageCode['statements'],
  readFile: (file: string) => string | undefined,
): { modules: Record<string, string>; missing: { from: string; file: string }[] } {
  const modules: Record<string, string> = {};
  const missing: { from: string; file: string }[] = [];
  let wanted = statements.flatMap(({ file, source }) => importedFiles(file, source).map((target) => ({ from: file, file: target })));
  for (let depth = 0; depth < MAX_MODULE_DEPTH && wanted.length > 0; depth++) {
    const next: typeof wanted = [];
    for (const { from, file } of wanted) {
      if (file in modules || Object.keys(modules).length >= MAX_MODULES) continue;
      const text = readFile(file);
      if (text === undefined) {
        missing.push({ from, file });
        continue;
      }
      modules[file] = SCRIPT_FILE.test(file) ? text : mdxStatements(text);
      for (const target of importedFiles(file, modules[file]!)) next.push({ from: file, file: target });
    }
    wanted = next;
  }
  return { modules, missing };
}
