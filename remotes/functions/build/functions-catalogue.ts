// Build step: `functions.json`, the catalogue deployed with the remote for hosted Supabase (which
// has no API that lists functions). It is read from the same files the emulator's listing reads,
// with the same reader (@portal/function-catalogue): `supabase/functions/<name>/index.ts`
// (description = first paragraph of its leading comment), `examples.json` beside it, and
// `[functions.<name>]` in supabase/config.toml.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { findEntrypoint, FUNCTION_NAME, leadingDescription } from '@portal/function-catalogue';
import { parse as parseToml } from 'smol-toml';
import { z } from 'zod';
import {
  catalogueDocument,
  functionExample,
  type CatalogueEntry,
} from '../src/catalogue/catalogue.js';

const functionSettings = z.record(
  z.string(),
  z.object({ verify_jwt: z.boolean().optional(), enabled: z.boolean().optional() }).loose(),
);

/** The catalogue of a project in Supabase CLI layout (`<supabaseDir>/functions`, `config.toml`). */
export function buildCatalogue(supabaseDir: string): CatalogueEntry[] {
  const functionsDir = path.join(supabaseDir, 'functions');
  if (!existsSync(functionsDir)) return [];
  const tomlFile = path.join(supabaseDir, 'config.toml');
  const toml = existsSync(tomlFile)
    ? (parseToml(readFileSync(tomlFile, 'utf8')) as { functions?: unknown })
    : {};
  const settings = functionSettings.parse(toml.functions ?? {});
  const entries: CatalogueEntry[] = [];
  for (const dirent of readdirSync(functionsDir, { withFileTypes: true })) {
    const name = dirent.name;
    if (!dirent.isDirectory() || !FUNCTION_NAME.test(name) || settings[name]?.enabled === false)
      continue;
    const dir = path.join(functionsDir, name);
    const entrypoint = findEntrypoint(dir);
    if (!entrypoint) continue;
    const examplesFile = path.join(dir, 'examples.json');
    let examples: CatalogueEntry['examples'] = [];
    if (existsSync(examplesFile)) {
      // A build must not deploy a catalogue the page cannot read: a bad file fails it, named.
      const parsed = z
        .array(functionExample)
        .safeParse(JSON.parse(readFileSync(examplesFile, 'utf8')));
      if (!parsed.success)
        throw new Error(
          `${examplesFile} is not a list of examples:\n${z.prettifyError(parsed.error)}`,
        );
      examples = parsed.data;
    }
    entries.push({
      name,
      verify_jwt: settings[name]?.verify_jwt ?? true,
      description: leadingDescription(readFileSync(entrypoint, 'utf8')),
      examples,
    });
  }
  return entries.sort((a, b) => a.name.localeCompare(b.name));
}

/** Called by the build (remote.json `assets`): the text of `functions.json`. */
export function generateAsset({ root }: { root: string }): string {
  const document = catalogueDocument.parse({
    functions: buildCatalogue(path.join(root, 'supabase')),
  });
  return `${JSON.stringify(document, null, 2)}\n`;
}
