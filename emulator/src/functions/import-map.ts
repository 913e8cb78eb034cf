// Import maps as Deno reads them: `deno.json` / `deno.jsonc` (`imports`, `scopes`, or an
// `importMap` pointing at a separate file) and `import_map.json`.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

export interface ImportMap {
  /** The file the map came from (for messages and change detection). */
  file: string;
  imports: Record<string, string>;
  /** Scope folder (absolute) → its imports. */
  scopes: [folder: string, imports: Record<string, string>][];
}

export class ImportMapError extends Error {
  readonly code = 'import_map_invalid';
}

/** Strips `//` and `/* *\/` comments and trailing commas outside strings (JSONC). */
export function stripJsonComments(text: string): string {
  let out = '';
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (inString) {
      out += ch;
      if (ch === '\\') out += text[++i] ?? '';
      else if (ch === '"') inString = false;
    } else if (ch === '"') {
      inString = true;
      out += ch;
    } else if (ch === '/' && text[i + 1] === '/') {
      while (i < text.length && text[i] !== '\n') i++;
      out += '\n';
    } else if (ch === '/' && text[i + 1] === '*') {
      i = text.indexOf('*/', i + 2);
      if (i < 0) break;
      i++;
    } else {
      out += ch;
    }
  }
  return out.replace(/,(\s*[}\]])/g, '$1');
}

function stringRecord(value: unknown, where: string, file: string): Record<string, string> {
  if (value === undefined) return {};
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new ImportMapError(`${file}: "${where}" must be an object of specifier → target`);
  }
  for (const [key, target] of Object.entries(value)) {
    if (typeof target !== 'string')
      throw new ImportMapError(`${file}: "${where}.${key}" must be a string`);
  }
  return value as Record<string, string>;
}

/** Reads one import map or deno.json(c) file; follows deno.json's `importMap`. */
export function readImportMap(file: string): ImportMap {
  let parsed: unknown;
  try {
    parsed = JSON.parse(stripJsonComments(readFileSync(file, 'utf8')));
  } catch (error) {
    throw new ImportMapError(`${file}: not valid JSON (${(error as Error).message})`);
  }
  if (typeof parsed !== 'object' || parsed === null)
    throw new ImportMapError(`${file}: must hold a JSON object`);
  const json = parsed as { imports?: unknown; scopes?: unknown; importMap?: unknown };
  if (typeof json.importMap === 'string' && json.imports === undefined) {
    return readImportMap(path.resolve(path.dirname(file), json.importMap));
  }
  const scopeEntries: ImportMap['scopes'] = [];
  if (json.scopes !== undefined) {
    if (typeof json.scopes !== 'object' || json.scopes === null) {
      throw new ImportMapError(`${file}: "scopes" must be an object`);
    }
    for (const [scope, imports] of Object.entries(json.scopes)) {
      scopeEntries.push([
        path.resolve(path.dirname(file), scope),
        stringRecord(imports, `scopes.${scope}`, file),
      ]);
    }
    scopeEntries.sort((a, b) => b[0].length - a[0].length);
  }
  return { file, imports: stringRecord(json.imports, 'imports', file), scopes: scopeEntries };
}

/**
 * The import map that applies to a function, in the order the Supabase CLI and Deno look:
 * the function's own `deno.json`, `deno.jsonc` or `import_map.json`, then the same names in
 * `supabase/functions/`. Also returns every candidate path, so a map created later is noticed.
 */
export function findImportMap(
  functionDir: string,
  functionsDir: string,
): { file: string | null; candidates: string[] } {
  const names = ['deno.json', 'deno.jsonc', 'import_map.json'];
  const candidates = [functionDir, functionsDir].flatMap((dir) =>
    names.map((name) => path.join(dir, name)),
  );
  return { file: candidates.find((candidate) => existsSync(candidate)) ?? null, candidates };
}

function lookup(imports: Record<string, string>, specifier: string): string | null {
  const exact = imports[specifier];
  if (exact !== undefined) return exact;
  let best: string | null = null;
  for (const key of Object.keys(imports)) {
    if (
      key.endsWith('/') &&
      specifier.startsWith(key) &&
      (best === null || key.length > best.length)
    )
      best = key;
  }
  return best === null ? null : imports[best]! + specifier.slice(best.length);
}

/**
 * Applies the map to one specifier imported from `importer`; null when no entry matches.
 * Relative targets are resolved against the map's folder, so the result is an absolute
 * path, or an `npm:` / `jsr:` / URL specifier to resolve further.
 */
export function applyImportMap(map: ImportMap, specifier: string, importer: string): string | null {
  let target: string | null = null;
  for (const [folder, imports] of map.scopes) {
    if (importer.startsWith(folder)) {
      target = lookup(imports, specifier);
      if (target !== null) break;
    }
  }
  target ??= lookup(map.imports, specifier);
  if (target === null) return null;
  if (/^\.{1,2}\//.test(target) || target.startsWith('/')) {
    return path.resolve(path.dirname(map.file), target);
  }
  return target;
}
