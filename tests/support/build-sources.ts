// What each script of a build is made of, read from its source map (`sources`).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** The modules each script in `dir` was built from, by file name. */
export function sourcesByScript(dir: string): Map<string, string[]> {
  const scripts = readdirSync(dir).filter((file) => file.endsWith('.js'));
  return new Map(scripts.map((file) => [file, (JSON.parse(readFileSync(path.join(dir, `${file}.map`), 'utf8')) as { sources: string[] }).sources]));
}

/** The scripts in `dir` with at least one module whose path matches `source`. */
export function scriptsBuiltFrom(dir: string, source: RegExp): string[] {
  return [...sourcesByScript(dir)].filter(([, sources]) => sources.some((s) => source.test(s))).map(([file]) => file);
}
