// The environment a function sees (`Deno.env`, `process.env`): the Supabase defaults the
// hosted platform injects, pointed at this emulator, plus `supabase/functions/.env` as the
// CLI loads it. Nothing of the emulator's own environment leaks in.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseEnv } from 'node:util';
import { PUBLISHABLE_KEY, SECRET_KEY, type ApiKeys } from '../../keys.js';

export interface FunctionEnvInput {
  apiUrl: string;
  databaseUrl: string | null;
  functionsDir: string;
  /** The project's anon and service_role keys (signed with its signing key when it has one). */
  apiKeys: ApiKeys;
  log: (line: string) => void;
}

export function envFilePath(functionsDir: string): string {
  return path.join(functionsDir, '.env');
}

export function functionEnvironment({
  apiUrl,
  databaseUrl,
  functionsDir,
  apiKeys,
  log,
}: FunctionEnvInput): Record<string, string> {
  const env: Record<string, string> = {};
  const file = envFilePath(functionsDir);
  if (existsSync(file)) {
    for (const [name, value] of Object.entries(parseEnv(readFileSync(file, 'utf8')))) {
      // The CLI refuses to let secrets shadow the platform's own variables.
      if (name.startsWith('SUPABASE_')) {
        log(`Ignoring ${name} from ${file}: names starting with SUPABASE_ are reserved`);
        continue;
      }
      if (value !== undefined) env[name] = value;
    }
  }
  return {
    ...env,
    SUPABASE_URL: apiUrl,
    SUPABASE_ANON_KEY: apiKeys.anon,
    SUPABASE_SERVICE_ROLE_KEY: apiKeys.serviceRole,
    SUPABASE_PUBLISHABLE_KEYS: JSON.stringify({ default: PUBLISHABLE_KEY }),
    SUPABASE_SECRET_KEYS: JSON.stringify({ default: SECRET_KEY }),
    // Only a real PostgreSQL server has a URL; embedded PGlite takes no connections.
    ...(databaseUrl ? { SUPABASE_DB_URL: databaseUrl } : {}),
    SB_REGION: 'local',
  };
}
