// `portal-emulator status -o env|json|pretty`: the Supabase CLI's names and formats for what
// this emulator serves. Services the emulator does not run (GraphQL, Studio, the S3
// protocol, a Postgres port for PGlite) are left out rather than printed with a dead URL.
import type { Config } from '../config.js';
import { ANON_KEY, PUBLISHABLE_KEY, SECRET_KEY, SERVICE_ROLE_KEY } from '../keys.js';
import type { RunningState } from './running.js';

export const STATUS_FORMATS = ['pretty', 'env', 'json'] as const;
export type StatusFormat = (typeof STATUS_FORMATS)[number];

interface StatusField {
  /** The CLI's variable name (`-o env`, `-o json`). */
  name: string;
  /** The CLI's label in the pretty listing; null for names the CLI keeps only for scripts. */
  label: string | null;
  value: string;
}

/** The JWT secret as a key that still verifies; null once `[auth] legacy_jwt_secret` revokes it. */
export function usableJwtSecret(config: Pick<Config, 'jwtSecret' | 'auth'>): string | null {
  return config.auth.legacy_jwt_secret === 'revoked' ? null : config.jwtSecret;
}

/** `jwtSecret` null: the project revoked it, so neither it nor the HS256 keys it signed are printed. */
export function statusFields(state: RunningState, jwtSecret: string | null): StatusField[] {
  const fields: StatusField[] = [
    { name: 'API_URL', label: 'API URL', value: state.apiUrl },
    { name: 'REST_URL', label: 'REST URL', value: `${state.apiUrl}/rest/v1` },
    { name: 'FUNCTIONS_URL', label: 'Functions URL', value: `${state.apiUrl}/functions/v1` },
  ];
  if (state.dbUrl) fields.push({ name: 'DB_URL', label: 'DB URL', value: state.dbUrl });
  // The CLI's Studio URL; here the emulator's console, on Studio's port.
  if (state.consoleUrl) fields.push({ name: 'STUDIO_URL', label: 'Console URL', value: state.consoleUrl });
  // Not a name the CLI prints: where getClaims() and other verifiers find the public keys.
  fields.push({ name: 'JWKS_URL', label: 'JWKS URL', value: `${state.apiUrl}/auth/v1/.well-known/jwks.json` });
  fields.push(
    // The CLI's pretty label is "Mailpit URL"; scripts and tests read ours as "Mailbox URL".
    { name: 'MAILPIT_URL', label: 'Mailbox URL', value: state.mailUrl },
    // The CLI still prints the name of the mail catcher it used before Mailpit, for old scripts.
    { name: 'INBUCKET_URL', label: null, value: state.mailUrl },
    { name: 'PUBLISHABLE_KEY', label: 'Publishable key', value: PUBLISHABLE_KEY },
    { name: 'SECRET_KEY', label: 'Secret key', value: SECRET_KEY },
  );
  if (jwtSecret !== null) fields.push({ name: 'JWT_SECRET', label: 'JWT secret', value: jwtSecret });
  // Signed with the first key of `signing_keys_path` when the project has one, as the CLI does.
  const anonKey = state.anonKey ?? (jwtSecret !== null ? ANON_KEY : null);
  const serviceRoleKey = state.serviceRoleKey ?? (jwtSecret !== null ? SERVICE_ROLE_KEY : null);
  if (anonKey) fields.push({ name: 'ANON_KEY', label: 'anon key', value: anonKey });
  if (serviceRoleKey) fields.push({ name: 'SERVICE_ROLE_KEY', label: 'service_role key', value: serviceRoleKey });
  return fields;
}

/** A dotenv value as the CLI writes it (godotenv): double quotes, with `\` `"` `$` and newlines escaped. */
function dotenvValue(value: string): string {
  return `"${value.replace(/[\\"$]/g, (c) => `\\${c}`).replace(/\n/g, '\\n').replace(/\r/g, '\\r')}"`;
}

export function formatStatus(fields: StatusField[], format: StatusFormat): string {
  if (format === 'env') {
    return (
      [...fields]
        .sort((a, b) => a.name.localeCompare(b.name))
        .map((f) => `${f.name}=${dotenvValue(f.value)}`)
        .join('\n') + '\n'
    );
  }
  if (format === 'json') {
    const sorted = [...fields].sort((a, b) => a.name.localeCompare(b.name));
    return JSON.stringify(Object.fromEntries(sorted.map((f) => [f.name, f.value])), null, 2) + '\n';
  }
  const shown = fields.filter((f): f is StatusField & { label: string } => f.label !== null);
  const width = Math.max(...shown.map((f) => f.label.length));
  return shown.map((f) => `${f.label.padStart(width)}: ${f.value}`).join('\n') + '\n';
}
