// How the functions service describes the project's functions to the emulator's monitor
// (observability/functions-monitor.ts), which the console reads: each function's settings and
// the import map that applies to it (the function's own first, as the bundler picks it).
import path from 'node:path';
import type { Config } from '../config.js';
import type { FunctionDescription, FunctionsSource } from '../observability/functions-monitor.js';
import { FUNCTION_NAME, findFunction, functionsDir, listFunctions } from './function-catalogue.js';
import { findImportMap, readImportMap } from './import-map.js';

function relative(config: Config, file: string): string {
  return path.relative(config.workdir, file).split(path.sep).join('/');
}

function importMapOf(config: Config, name: string): FunctionDescription['importMap'] {
  const spec = findFunction(config, name);
  const found = spec ? findImportMap(spec.dir, functionsDir(config)).file : null;
  if (!found) return null;
  try {
    return { file: relative(config, found), imports: readImportMap(found).imports, error: null };
  } catch (error) {
    return { file: relative(config, found), imports: {}, error: (error as Error).message };
  }
}

/** The project's functions, read from supabase/functions and config.toml each time they are asked for. */
export function describeFunctions(config: Config, apiUrl: string): FunctionsSource {
  return {
    list: () =>
      listFunctions(config, apiUrl).map((fn) => ({
        name: fn.name,
        entrypoint: fn.entrypoint,
        verifyJwt: fn.verify_jwt,
        description: fn.description,
        importMap: importMapOf(config, fn.name),
      })),
    has: (name) => FUNCTION_NAME.test(name) && findFunction(config, name) !== null,
  };
}
