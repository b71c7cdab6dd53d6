import path from 'node:path';
import { parseSync } from 'oxc-parser';

/** One import or re-export of a source file: what it names, on which line, and whether it brings types only. */
export interface ImportSite {
  specifier: string;
  line: number;
  typeOnly: boolean;
}

export interface Violation {
  file: string;
  line: number;
  specifier: string;
  rule: string;
}

const SERVER = 'apps/server/src/';
const MODULES = `${SERVER}modules/`;
const PLATFORM = `${SERVER}platform/`;
const FEATURES = 'apps/web/src/features/';
const APP = `${SERVER}app.ts`;
const SERVER_ROOT_FILES = new Set([APP, `${SERVER}context.ts`]);

/** Tests and their helpers may reach inside a module to set up state; the rules bind the shipped code. */
export function isTestFile(file: string): boolean {
  return (
    /\.test\.tsx?$/.test(file) ||
    /(^|\/)test-helpers\.tsx?$/.test(file) ||
    file.startsWith('apps/server/test/') ||
    file.startsWith('apps/web/src/test/')
  );
}

/** Every static import, `export … from`, dynamic `import()` and `import('…')` type of a file. */
export function importsOf(file: string, source: string): ImportSite[] {
  const { module, program } = parseSync(file, source);
  const lineStarts = [0];
  for (let i = source.indexOf('\n'); i !== -1; i = source.indexOf('\n', i + 1)) lineStarts.push(i + 1);
  const lineOf = (offset: number) => {
    let line = 0;
    while (line + 1 < lineStarts.length && lineStarts[line + 1]! <= offset) line++;
    return line + 1;
  };
  const sites: ImportSite[] = [];
  const add = (specifier: string | undefined, start: number, typeOnly: boolean) => {
    if (specifier !== undefined) sites.push({ specifier, line: lineOf(start), typeOnly });
  };
  // `import { type A }` brings types only, as `import type { A }` does; `import './x.ts'` runs the file
  const allTypes = (entries: { isType: boolean }[]) => entries.length > 0 && entries.every((entry) => entry.isType);
  for (const { moduleRequest, entries } of module.staticImports)
    add(moduleRequest.value, moduleRequest.start, allTypes(entries));
  for (const { entries } of module.staticExports) {
    // `import { a } from 'x'; export { a }` is told as an export from 'x' written before it: only `export … from`
    const from = entries.find((entry) => entry.moduleRequest && entry.moduleRequest.start > entry.start);
    if (from?.moduleRequest) add(from.moduleRequest.value, from.moduleRequest.start, allTypes(entries));
  }
  for (const { moduleRequest } of module.dynamicImports)
    add(literalText(source.slice(moduleRequest.start, moduleRequest.end)), moduleRequest.start, false);
  if (source.includes('import(')) visitImportTypes(program, (literal) => add(literal.value, literal.start, true));
  return sites.sort((a, b) => a.line - b.line);
}

/** The text of a string literal or a template without substitutions, as written in the source. */
function literalText(code: string): string | undefined {
  const quoted = /^(['"`])([^'"`$\\]*)\1$/.exec(code.trim());
  return quoted?.[2];
}

interface Literal {
  value: string;
  start: number;
}

/** Each `import('…')` type's literal in the tree. */
function visitImportTypes(node: unknown, found: (literal: Literal) => void): void {
  if (!node || typeof node !== 'object') return;
  if (Array.isArray(node)) {
    for (const child of node) visitImportTypes(child, found);
    return;
  }
  const record = node as Record<string, unknown>;
  if (record.type === 'TSImportType') {
    const literal = record.source as Partial<Literal> | undefined;
    if (typeof literal?.value === 'string' && typeof literal.start === 'number')
      found({ value: literal.value, start: literal.start });
  }
  for (const [key, child] of Object.entries(record)) if (key !== 'parent') visitImportTypes(child, found);
}

/** The repository path a relative specifier names, or undefined for a package. */
export function resolveSpecifier(
  file: string,
  specifier: string,
  exists: (file: string) => boolean,
): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier));
  const candidates = [target, `${target}.ts`, `${target}.tsx`, `${target}/index.ts`, `${target}/index.tsx`];
  return candidates.find(exists) ?? target;
}

/** `modules/<name>` (server) or `features/<name>` (web) that a path belongs to, with the index files of that unit. */
function unitOf(file: string): { root: string; name: string } | undefined {
  for (const root of [MODULES, FEATURES]) {
    if (!file.startsWith(root)) continue;
    const name = file.slice(root.length).split('/')[0];
    if (name && file.length > root.length + name.length) return { root, name };
  }
  return undefined;
}

/**
 * A unit's public entry: its `index.ts`; a web feature may add `index.<part>.ts` for parts whose weight (texts in
 * every language, say) the importers of its index should not load, since a static import runs every re-exported file.
 */
function isIndexOf(file: string, unit: { root: string; name: string }): boolean {
  const rest = file.slice(`${unit.root}${unit.name}/`.length);
  if (!file.startsWith(`${unit.root}${unit.name}/`)) return false;
  if (rest === 'index.ts' || rest === 'index.tsx') return true;
  return unit.root === FEATURES && /^index\.[a-z-]+\.tsx?$/.test(rest);
}

/** A module's definition (`defineModule`): `module.ts` or `<anything>.module.ts` at the module's root. */
function isModuleFileOf(file: string, unit: { root: string; name: string }): boolean {
  const rest = file.slice(`${unit.root}${unit.name}/`.length);
  return !rest.includes('/') && (rest === 'module.ts' || rest.endsWith('.module.ts'));
}

/** The rule an import of `target` from `file` breaks, or undefined. */
export function ruleBroken(file: string, target: string, typeOnly: boolean): string | undefined {
  const from = unitOf(file);
  const to = unitOf(target);
  if (to && to.root === MODULES) {
    if (file.startsWith(PLATFORM)) return 'platform code never imports a module';
    if (isModuleFileOf(target, to)) {
      return file === APP ? undefined : `only app.ts imports a module's definition (${target})`;
    }
    const sameModule = from?.root === MODULES && from.name === to.name;
    if (!sameModule && !isIndexOf(target, to)) {
      return `a module is imported only through its index.ts (${to.root}${to.name}/index.ts)`;
    }
  }
  if (to && to.root === FEATURES && from?.root === FEATURES && from.name !== to.name && !isIndexOf(target, to)) {
    return `a feature imports another feature only through its index.ts (${to.root}${to.name}/index.ts)`;
  }
  if (from?.root === MODULES && SERVER_ROOT_FILES.has(target)) {
    if (target.endsWith('/app.ts')) return 'a module never imports app.ts';
    if (!typeOnly) return 'a module imports context.ts for its types only (import type)';
  }
  if (file.startsWith(PLATFORM) && SERVER_ROOT_FILES.has(target) && !typeOnly) {
    return 'platform code imports app.ts and context.ts for types only';
  }
  return undefined;
}

/** The packages that build or run SQL: a route file leaves them to its module's services. */
const QUERY_BUILDERS = ['drizzle-orm', 'pg', '@electric-sql/pglite'];

/**
 * The rule an import of `specifier` (resolved to `target` when relative) from a `*.routes.ts` file breaks: routes
 * parse, authorise and call a service, so they import no query builder and no table.
 */
export function routeRuleBroken(file: string, specifier: string, target: string | undefined): string | undefined {
  if (!file.endsWith('.routes.ts')) return undefined;
  const builder = QUERY_BUILDERS.find((name) => specifier === name || specifier.startsWith(`${name}/`));
  if (builder) return `a *.routes.ts file imports no query builder (${builder}): its service runs the queries`;
  if (target?.endsWith('.tables.ts')) return 'a *.routes.ts file imports no *.tables.ts: its service runs the queries';
  return undefined;
}

/** Every broken boundary among `files` (repository-relative paths with their source). */
export function findViolations(files: ReadonlyMap<string, string>, exists: (file: string) => boolean): Violation[] {
  const violations: Violation[] = [];
  for (const [file, source] of files) {
    if (isTestFile(file)) continue;
    for (const site of importsOf(file, source)) {
      const target = resolveSpecifier(file, site.specifier, exists);
      const rule = routeRuleBroken(file, site.specifier, target) ?? (target && ruleBroken(file, target, site.typeOnly));
      if (rule) violations.push({ file, line: site.line, specifier: site.specifier, rule });
    }
  }
  return violations;
}
