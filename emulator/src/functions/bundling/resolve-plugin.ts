// The esbuild plugin that resolves an Edge Function's imports the way Deno would, offline:
// the import map first, then `npm:` and bare specifiers from the installed packages,
// `jsr:@supabase/…` from the installed Supabase packages, `node:` builtins as they are,
// and Deno std's `http/server.ts` to a local shim. Any other URL fails the build with a
// message naming it, since the emulator fetches nothing.
import { builtinModules } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ImportKind, Plugin, ResolveResult } from 'esbuild';
import { applyImportMap, type ImportMap } from '../import-map.js';
import {
  isDenoStdHttpServer,
  jsrToNpm,
  parsePackageSpecifier,
  specifierKind,
  toBareSpecifier,
} from './specifiers.js';

const TYPES_ONLY = 'deno-types-only';
const BUILTINS = new Set(builtinModules);

export interface ResolvePluginOptions {
  importMap: ImportMap | null;
  /** Folders to resolve packages from, in order: the project, then the emulator itself. */
  packageRoots: string[];
  /** The Deno std `http/server.ts` stand-in. */
  stdHttpServerShim: string;
  /** Files of the emulator's own runtime: resolved as plain TypeScript, no Deno rules. */
  runtimeDir: string;
}

export function denoResolvePlugin(options: ResolvePluginOptions): Plugin {
  return {
    name: 'deno-resolve',
    setup(build) {
      const resolvePackage = async (
        bare: string,
        asWritten: string,
        importer: string,
        kind: ImportKind,
      ): Promise<ResolveResult | { errors: { text: string }[] }> => {
        const name = parsePackageSpecifier(`npm:${bare}`)?.name ?? bare;
        if (BUILTINS.has(name)) return { path: `node:${bare}`, external: true } as ResolveResult;
        const roots = [path.dirname(importer), ...options.packageRoots];
        for (const resolveDir of roots) {
          const result = await build.resolve(bare, {
            kind,
            resolveDir,
            pluginData: { viaDenoResolve: true },
          });
          if (result.errors.length === 0) return result;
        }
        return {
          errors: [
            {
              text:
                `Cannot find the package "${name}" (imported as "${asWritten}"). The emulator resolves ` +
                `npm packages from the project's node_modules, offline: install it with \`npm install ${name}\`.`,
            },
          ],
        };
      };

      build.onResolve({ filter: /.*/ }, async (args) => {
        if ((args.pluginData as { viaDenoResolve?: boolean } | undefined)?.viaDenoResolve)
          return undefined;
        const importer = args.importer;
        // Inside installed packages and the emulator's runtime, Node's own rules apply.
        if (
          importer.includes(`${path.sep}node_modules${path.sep}`) ||
          importer.startsWith(options.runtimeDir)
        ) {
          return undefined;
        }
        const written = args.path;
        const mapped =
          options.importMap && importer
            ? applyImportMap(options.importMap, written, importer)
            : null;
        const specifier = mapped ?? written;
        switch (specifierKind(specifier)) {
          case 'node':
            return { path: specifier, external: true };
          case 'npm': {
            const parsed = parsePackageSpecifier(specifier);
            if (!parsed)
              return { errors: [{ text: `"${specifier}" is not a valid npm: specifier` }] };
            return resolvePackage(toBareSpecifier(parsed), written, importer, args.kind);
          }
          case 'jsr': {
            const parsed = parsePackageSpecifier(specifier);
            const target = parsed ? jsrToNpm(parsed) : null;
            if (!target) {
              return {
                errors: [
                  {
                    text:
                      `Cannot load "${specifier}": the emulator works offline and resolves jsr: only for ` +
                      `@supabase packages. Use the npm: form of the package and install it in the project.`,
                  },
                ],
              };
            }
            if (target.kind === 'types-only') return { path: specifier, namespace: TYPES_ONLY };
            return resolvePackage(target.bare, written, importer, args.kind);
          }
          case 'remote':
            if (isDenoStdHttpServer(specifier)) return { path: options.stdHttpServerShim };
            return {
              errors: [
                {
                  text:
                    `Cannot import ${specifier}: the emulator works offline and fetches no remote modules. ` +
                    `Import an installed package instead (e.g. "npm:<package>"), or map the URL in deno.json.`,
                },
              ],
            };
          case 'path':
            if (specifier.startsWith('file:')) return { path: fileURLToPath(specifier) };
            return mapped ? { path: mapped } : undefined;
          case 'bare':
            return resolvePackage(specifier, written, importer, args.kind);
          case 'other-scheme':
            return {
              errors: [{ text: `Cannot import "${specifier}": unsupported specifier scheme` }],
            };
        }
      });

      // `import "jsr:@supabase/functions-js/edge-runtime.d.ts"` only brings types.
      build.onLoad({ filter: /.*/, namespace: TYPES_ONLY }, () => ({
        contents: 'export {};',
        loader: 'js',
      }));
    },
  };
}
