// How Deno-style import specifiers in Edge Functions map onto what is installed locally.
// Pure functions; the esbuild plugin (resolve-plugin.ts) applies them.

export type SpecifierKind = 'npm' | 'jsr' | 'node' | 'remote' | 'path' | 'bare' | 'other-scheme';

export function specifierKind(specifier: string): SpecifierKind {
  if (specifier.startsWith('npm:')) return 'npm';
  if (specifier.startsWith('jsr:')) return 'jsr';
  if (specifier.startsWith('node:')) return 'node';
  if (/^https?:\/\//i.test(specifier)) return 'remote';
  if (/^(\.{1,2}\/|\/|file:)/.test(specifier)) return 'path';
  if (/^[a-z][a-z0-9+.-]*:/i.test(specifier)) return 'other-scheme';
  return 'bare';
}

export interface PackageSpecifier {
  /** `zod` or `@supabase/supabase-js` */
  name: string;
  /** The version or range after `@`, if any (`2`, `^2.39.0`). */
  version: string | null;
  /** `/dist/x.js` or '' */
  subpath: string;
}

/** `npm:@scope/name@1.2/sub` / `jsr:@scope/name@^1/sub` → parts; null when malformed. */
export function parsePackageSpecifier(specifier: string): PackageSpecifier | null {
  const rest = specifier.replace(/^(npm|jsr):\/?/, '');
  const match = /^((?:@[^/@\s]+\/)?[^/@\s]+)(?:@([^/\s]+))?(\/.*)?$/.exec(rest);
  if (!match) return null;
  return { name: match[1]!, version: match[2] ?? null, subpath: match[3] ?? '' };
}

/** The bare specifier Node resolution understands: `name/subpath`. */
export function toBareSpecifier({ name, subpath }: PackageSpecifier): string {
  return name + subpath;
}

/**
 * `jsr:@supabase/…` packages are published to npm under the same names, and the installed
 * supabase-js brings them along. Type-only imports (`jsr:@supabase/functions-js/edge-runtime.d.ts`,
 * which the CLI's function template adds) have no runtime code at all.
 */
export function jsrToNpm(
  specifier: PackageSpecifier,
): { kind: 'types-only' } | { kind: 'package'; bare: string } | null {
  if (specifier.subpath.endsWith('.d.ts')) return { kind: 'types-only' };
  if (specifier.name.startsWith('@supabase/'))
    return { kind: 'package', bare: toBareSpecifier(specifier) };
  return null;
}

/** `https://deno.land/std@0.168.0/http/server.ts` (any std version, or none). */
export function isDenoStdHttpServer(url: string): boolean {
  return /^https:\/\/deno\.land\/std(@[^/]+)?\/http\/server\.ts$/.test(url);
}
