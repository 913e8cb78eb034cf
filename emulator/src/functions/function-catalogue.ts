// Which functions the project has: `supabase/functions/<name>/index.ts` (Supabase CLI
// layout), with `[functions.<name>]` settings from config.toml. Folders whose name is not a
// valid function slug (`_shared`, `.temp`, …) hold shared code, as in Supabase projects.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { findEntrypoint, FUNCTION_NAME, leadingDescription } from '@portal/function-catalogue';
import { z } from 'zod';
import type { Config } from '../config.js';

// The slug rule, the entrypoints and the description are read as the functions remote's build
// reads them for hosted Supabase: one reader, @portal/function-catalogue.
export { FUNCTION_NAME };

export interface FunctionSpec {
  name: string;
  dir: string;
  entrypoint: string;
  verifyJwt: boolean;
  enabled: boolean;
}

export interface FunctionSummary {
  name: string;
  /** `supabase/functions/<name>/index.ts`, relative to the project. */
  entrypoint: string;
  verify_jwt: boolean;
  /** The first paragraph of the entrypoint's leading comment, if it has one. */
  description: string | null;
  /** The function's own URL under the API. */
  url: string;
  /** Requests worth trying, from `examples.json` beside the entrypoint (empty without one). */
  examples: FunctionExample[];
}

/**
 * One entry of `supabase/functions/<name>/examples.json`: a request to try. The portal's build
 * reads the same files for the catalogue it deploys to hosted Supabase.
 */
const functionExample = z.strictObject({
  title: z.string().min(1),
  method: z.enum(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']).optional(),
  /** Below the function's own path, starting with `/`. */
  path: z.string().startsWith('/').optional(),
  query: z.record(z.string(), z.string()).optional(),
  headers: z.record(z.string(), z.string()).optional(),
  json: z.unknown().optional(),
  text: z.string().optional(),
  /** What an example that writes changes, in one sentence for people; absent: it only reads. */
  writes: z.string().min(1).optional(),
});
export type FunctionExample = z.infer<typeof functionExample>;
export const EXAMPLES_FILE = 'examples.json';

/** The examples of a function; a file that does not fit is reported and gives none. */
export function readExamples(dir: string, warn: (line: string) => void): FunctionExample[] {
  const file = path.join(dir, EXAMPLES_FILE);
  if (!existsSync(file)) return [];
  try {
    return z.array(functionExample).parse(JSON.parse(readFileSync(file, 'utf8')));
  } catch (error) {
    const reason = error instanceof z.ZodError ? z.prettifyError(error) : (error as Error).message;
    warn(`${file} is not a list of examples: ${reason}`);
    return [];
  }
}

export function functionsDir(config: Config): string {
  return path.join(config.supabaseDir, 'functions');
}

export function findFunction(config: Config, name: string): FunctionSpec | null {
  if (!FUNCTION_NAME.test(name)) return null;
  const dir = path.join(functionsDir(config), name);
  const entry = findEntrypoint(dir);
  if (!entry) return null;
  const settings = config.functions[name];
  return {
    name,
    dir,
    entrypoint: entry,
    verifyJwt: settings?.verify_jwt ?? true,
    enabled: settings?.enabled ?? true,
  };
}

export function listFunctions(
  config: Config,
  apiUrl: string,
  warn: (line: string) => void = (line) => console.error(line),
): FunctionSummary[] {
  const root = functionsDir(config);
  if (!existsSync(root)) return [];
  return readdirSync(root, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => findFunction(config, entry.name))
    .filter((spec): spec is FunctionSpec => spec !== null && spec.enabled)
    .sort((a, b) => a.name.localeCompare(b.name))
    .map((spec) => ({
      name: spec.name,
      entrypoint: path.relative(config.workdir, spec.entrypoint).split(path.sep).join('/'),
      verify_jwt: spec.verifyJwt,
      description: leadingDescription(readFileSync(spec.entrypoint, 'utf8')),
      url: `${apiUrl}/functions/v1/${spec.name}`,
      examples: readExamples(spec.dir, warn),
    }));
}
