// First-start (and every-start, idempotent) setup: Supabase's roles, schemas and
// extensions, then each service's own schema.
import { readFileSync } from 'node:fs';
import type { Database } from './database.js';

/** Schema files in the order they must run; each service owns its file. */
const SCHEMA_FILES = ['db/roles.sql', 'auth/schema.sql', 'storage/schema.sql', 'vectors/schema.sql', 'realtime/schema.sql', 'rest/schema.sql'];

export function readSchemaFile(relative: string): string {
  return readFileSync(new URL(`../${relative}`, import.meta.url), 'utf8');
}

export async function bootstrapDatabase(db: Database): Promise<void> {
  for (const file of SCHEMA_FILES) {
    try {
      await db.exec(readSchemaFile(file));
    } catch (error) {
      throw new Error(`bootstrap ${file}: ${(error as Error).message}`, { cause: error });
    }
  }
}
