// The import graph of the workspaces' production code, and the cycles in it. Every way of writing
// an import counts (`import`, `export … from`, `import()`, `require()`), type-only imports too: a
// cycle of types still means neither file can be read, moved or published without the other (the
// four cycles issue #41 named were each type-only in one direction). Relative paths are resolved
// as the TypeScript sources are laid out (`./x.js` is `./x.ts`), workspace package names
// (`@portal/platform/registry`) through each package.json's `exports`.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { parseSync, type Module, type Node } from '@swc/core';

/** Files that are tests, fixtures or build output, not production code. */
const NOT_PRODUCTION = /(^|\/)(node_modules|dist|\.supabase-local|\.tmp|test|tests|fixtures|coverage)(\/|$)|\.(test|spec|suite)\.[cm]?[jt]sx?$|\.d\.ts$/;
const SOURCE = /\.(ts|tsx|mts|cts|js|mjs|cjs|jsx)$/;
const EXTENSIONS = ['.ts', '.tsx', '.mts', '.cts', '.js', '.mjs', '.cjs', '.jsx'];

export interface Workspace {
  /** The workspace's folder, relative to the root (`emulator`, `shared/platform`). */
  folder: string;
  /** Its package.json, parsed. */
  manifest: { name?: string; exports?: unknown; main?: string };
}

/** The production source files under `dir` (absolute paths, in name order). */
export function productionFiles(root: string, dir: string): string[] {
  const found: string[] = [];
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(folder, entry.name);
      const relative = path.relative(root, full).split(path.sep).join('/');
      if (NOT_PRODUCTION.test(relative)) continue;
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile() && SOURCE.test(entry.name)) found.push(full);
    }
  };
  walk(dir);
  return found;
}

/** Every module specifier a file names, from its syntax tree. */
export function specifiersOf(file: string): string[] {
  const source = readFileSync(file, 'utf8');
  const typescript = /\.[cm]?tsx?$/.test(file);
  const ast: Module = parseSync(source, typescript
    ? { syntax: 'typescript', tsx: file.endsWith('.tsx') }
    : { syntax: 'ecmascript', jsx: true });
  const found: string[] = [];
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!node || typeof node !== 'object') return;
    const n = node as Node & Record<string, unknown>;
    if ((n.type === 'ImportDeclaration' || n.type === 'ExportAllDeclaration' || n.type === 'ExportNamedDeclaration') && n.source) {
      found.push((n.source as { value: string }).value);
    }
    if (n.type === 'CallExpression') {
      const callee = n.callee as { type: string; value?: string };
      const [first] = (n.arguments as { expression: { type: string; value?: unknown } }[]) ?? [];
      const isImport = callee.type === 'Import' || (callee.type === 'Identifier' && callee.value === 'require');
      if (isImport && first?.expression.type === 'StringLiteral') found.push(first.expression.value as string);
    }
    // `import x = require('…')` and `typeof import('…')` in a type.
    if (n.type === 'TsExternalModuleReference') found.push((n.expression as { value: string }).value);
    if (n.type === 'TsImportType') found.push((n.argument as { value: string }).value);
    for (const key in n) {
      const value = n[key];
      if (key !== 'span' && value !== null && typeof value === 'object') visit(value);
    }
  };
  visit(ast.body);
  return found;
}

/** The file a path names, as the TypeScript sources are laid out; null when there is none. */
function resolveFile(target: string): string | null {
  const candidates = [target];
  const extension = path.extname(target);
  if (['.js', '.mjs', '.cjs', '.jsx'].includes(extension)) {
    const stem = target.slice(0, -extension.length);
    candidates.push(...EXTENSIONS.map((ext) => stem + ext));
  }
  candidates.push(...EXTENSIONS.map((ext) => target + ext), ...EXTENSIONS.map((ext) => path.join(target, `index${ext}`)));
  return candidates.find((file) => existsSync(file) && statSync(file).isFile()) ?? null;
}

/** What `@portal/x/sub` names: the package.json `exports` entry (a string, or its `default`). */
function exportTarget(exports: unknown, subpath: string): string | null {
  if (typeof exports === 'string') return subpath === '.' ? exports : null;
  if (!exports || typeof exports !== 'object') return null;
  const entry = (exports as Record<string, unknown>)[subpath];
  if (typeof entry === 'string') return entry;
  if (entry && typeof entry === 'object') {
    const value = (entry as Record<string, unknown>).default ?? (entry as Record<string, unknown>).import;
    return typeof value === 'string' ? value : null;
  }
  return null;
}

/** Maps each production file (relative to root) to the production files it imports. */
export function importGraph(root: string, workspaces: Workspace[]): Map<string, Set<string>> {
  const packages = new Map<string, Workspace>();
  for (const workspace of workspaces) if (workspace.manifest.name) packages.set(workspace.manifest.name, workspace);
  const resolve = (specifier: string, importer: string): string | null => {
    if (specifier.startsWith('.')) return resolveFile(path.resolve(path.dirname(importer), specifier));
    for (const [name, workspace] of packages) {
      if (specifier !== name && !specifier.startsWith(`${name}/`)) continue;
      const subpath = `.${specifier.slice(name.length)}`;
      const target = exportTarget(workspace.manifest.exports ?? workspace.manifest.main, subpath);
      return target ? resolveFile(path.join(root, workspace.folder, target)) : null;
    }
    return null;
  };
  const files = workspaces.flatMap((workspace) => productionFiles(root, path.join(root, workspace.folder)));
  const known = new Set(files);
  const graph = new Map<string, Set<string>>();
  const key = (file: string) => path.relative(root, file).split(path.sep).join('/');
  for (const file of files) {
    const targets = new Set<string>();
    for (const specifier of specifiersOf(file)) {
      const target = resolve(specifier, file);
      if (target && known.has(target) && target !== file) targets.add(key(target));
    }
    graph.set(key(file), targets);
  }
  return graph;
}

/**
 * Every cycle as its strongly connected component (Tarjan's algorithm): the files that import
 * each other, round and round, sorted; components of one file without a self-import are left out.
 */
export function cyclesOf(graph: Map<string, Set<string>>): string[][] {
  let index = 0;
  const indices = new Map<string, number>();
  const lowlinks = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const connect = (node: string) => {
    indices.set(node, index);
    lowlinks.set(node, index);
    index += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!indices.has(next)) {
        connect(next);
        lowlinks.set(node, Math.min(lowlinks.get(node)!, lowlinks.get(next)!));
      } else if (onStack.has(next)) {
        lowlinks.set(node, Math.min(lowlinks.get(node)!, indices.get(next)!));
      }
    }
    if (lowlinks.get(node) === indices.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1 || graph.get(node)?.has(node)) cycles.push(component.sort());
    }
  };
  for (const node of [...graph.keys()].sort()) if (!indices.has(node)) connect(node);
  return cycles.sort((a, b) => a[0]!.localeCompare(b[0]!));
}
