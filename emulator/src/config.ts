// One typed Config from supabase/config.toml (the Supabase CLI's file and defaults),
// command-line flags and environment variables, in that order of precedence (lowest first).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse as parseToml } from 'smol-toml';
import { z } from 'zod';

const size = z.union([z.number(), z.string()]).transform((value, ctx) => {
  const bytes = parseByteSize(value);
  if (bytes === null) {
    ctx.addIssue({ code: 'custom', message: `not a size: ${String(value)}` });
    return z.NEVER;
  }
  return bytes;
});

/** "50MiB", "1kb", 1024 → bytes (the CLI accepts the same forms). */
export function parseByteSize(value: number | string): number | null {
  if (typeof value === 'number') return Number.isFinite(value) && value >= 0 ? value : null;
  const match = /^\s*(\d+(?:\.\d+)?)\s*([kmgt]?i?b?)?\s*$/i.exec(value);
  if (!match) return null;
  const unit = (match[2] ?? '').toLowerCase().replace(/i?b$/, '');
  const power = ['', 'k', 'm', 'g', 't'].indexOf(unit);
  if (power < 0) return null;
  return Math.round(Number(match[1]) * 1024 ** power);
}

const rateLimit = z
  .object({
    email_sent: z.number().int().nonnegative().default(2),
    sms_sent: z.number().int().nonnegative().default(30),
    anonymous_users: z.number().int().nonnegative().default(30),
    token_refresh: z.number().int().nonnegative().default(150),
    sign_in_sign_ups: z.number().int().nonnegative().default(30),
    token_verifications: z.number().int().nonnegative().default(30),
    /**
     * Passkey sign-in options per 5 minutes per IP: GoTrue's GOTRUE_RATE_LIMIT_PASSKEY (default 30),
     * which the CLI's config.toml has no key for; the name is the emulator's.
     */
    passkey: z.number().int().nonnegative().default(30),
  })
  .prefault({});

const authSchema = z
  .object({
    enabled: z.boolean().default(true),
    site_url: z.string().default('http://127.0.0.1:3000'),
    additional_redirect_urls: z.array(z.string()).default([]),
    jwt_expiry: z.number().int().positive().default(3600),
    /** A JSON array of RS256/ES256 JWKs (`supabase gen signing-key`), relative to supabase/. */
    signing_keys_path: z.string().optional(),
    /**
     * The state of the legacy JWT secret in a project with signing keys, as the dashboard shows it:
     * "previously_used" (its HS256 tokens still verify) or "revoked" (refused everywhere).
     */
    legacy_jwt_secret: z.enum(['previously_used', 'revoked']).optional(),
    enable_refresh_token_rotation: z.boolean().default(true),
    refresh_token_reuse_interval: z.number().int().nonnegative().default(10),
    enable_signup: z.boolean().default(true),
    enable_anonymous_sign_ins: z.boolean().default(false),
    enable_manual_linking: z.boolean().default(false),
    minimum_password_length: z.number().int().nonnegative().default(6),
    /** "", "letters_digits", "lower_upper_letters_digits", "lower_upper_letters_digits_symbols" */
    password_requirements: z.string().default(''),
    rate_limit: rateLimit,
    email: z
      .object({
        enable_signup: z.boolean().default(true),
        double_confirm_changes: z.boolean().default(true),
        enable_confirmations: z.boolean().default(false),
        secure_password_change: z.boolean().default(false),
        max_frequency: z.string().default('1s'),
        otp_length: z.number().int().min(6).max(10).default(6),
        otp_expiry: z.number().int().positive().default(3600),
      })
      .prefault({}),
    sms: z
      .object({
        enable_signup: z.boolean().default(false),
        enable_confirmations: z.boolean().default(false),
        template: z.string().default('Your code is {{ .Code }}'),
        max_frequency: z.string().default('5s'),
        /** phone number → fixed code: no SMS is sent to these numbers. */
        test_otp: z.record(z.string(), z.string()).default({}),
      })
      .prefault({}),
    mfa: z
      .object({
        max_enrolled_factors: z.number().int().positive().default(10),
        totp: z
          .object({ enroll_enabled: z.boolean().default(true), verify_enabled: z.boolean().default(true) })
          .prefault({}),
        phone: z
          .object({
            enroll_enabled: z.boolean().default(false),
            verify_enabled: z.boolean().default(false),
            otp_length: z.number().int().min(6).max(10).default(6),
            template: z.string().default('Your code is {{ .Code }}'),
            max_frequency: z.string().default('5s'),
          })
          .prefault({}),
        web_authn: z
          .object({ enroll_enabled: z.boolean().default(false), verify_enabled: z.boolean().default(false) })
          .prefault({}),
      })
      .prefault({}),
    /** Emulator names for GoTrue's GOTRUE_WEBAUTHN_RP_* (default: site_url's host and the redirect URLs' origins). */
    webauthn: z
      .object({
        rp_id: z.string().optional(),
        rp_display_name: z.string().default('Supabase'),
        rp_origins: z.array(z.string()).optional(),
      })
      .prefault({}),
    /** Passkey sign-in and registration (GOTRUE_PASSKEY_*); off, as in the CLI. The relying party is [auth.webauthn]'s. */
    passkey: z
      .object({
        enabled: z.boolean().default(false),
        max_passkeys_per_user: z.number().int().positive().default(10),
        /** GOTRUE_WEBAUTHN_CHALLENGE_EXPIRY_DURATION, a Go duration. */
        challenge_expiry: z.string().default('5m'),
      })
      .prefault({}),
    /** Sign-in with Ethereum (EIP-4361) and Solana wallets; off, as in the CLI. */
    web3: z
      .object({
        ethereum: z.object({ enabled: z.boolean().default(false) }).prefault({}),
        solana: z.object({ enabled: z.boolean().default(false) }).prefault({}),
      })
      .prefault({}),
    /** Emulator name for GoTrue's GOTRUE_SAML_ENABLED: SAML single sign-on (/sso); off, as in the CLI's stack. */
    saml: z.object({ enabled: z.boolean().default(false) }).prefault({}),
    /** The OAuth 2.1 server (the project as an identity provider); off, as in the CLI. */
    oauth_server: z
      .object({
        enabled: z.boolean().default(false),
        allow_dynamic_registration: z.boolean().default(false),
        authorization_url_path: z.string().default('/oauth/consent'),
      })
      .prefault({}),
  })
  .prefault({});

const tomlSchema = z
  .object({
    project_id: z.string().optional(),
    api: z
      .object({
        port: z.number().int().default(54321),
        schemas: z.array(z.string()).default(['public', 'graphql_public']),
        extra_search_path: z.array(z.string()).default(['public', 'extensions']),
        max_rows: z.number().int().positive().default(1000),
        /** Emulator setting, PostgREST's db-plan-enabled: EXPLAIN through `Accept: application/vnd.pgrst.plan`. */
        db_plan_enabled: z.boolean().default(false),
        /** Emulator setting: the largest request body any service reads (not storage uploads). */
        max_request_body_size: size.default(10 * 1024 * 1024),
      })
      .prefault({}),
    inbucket: z.object({ port: z.number().int().default(54324) }).prefault({}),
    /** The CLI serves Studio here; the emulator serves its console (emulator/README.md#console). */
    studio: z.object({ port: z.number().int().default(54323) }).prefault({}),
    storage: z
      .object({
        file_size_limit: size.default(50 * 1024 * 1024),
        // Vector buckets (the CLI's `[storage.vector]`): whether they are served, how many buckets,
        // and indexes per bucket.
        vector: z
          .object({
            enabled: z.boolean().default(true),
            max_buckets: z.number().int().positive().default(10),
            max_indexes: z.number().int().positive().default(5),
          })
          .prefault({}),
        // Buckets the CLI creates and fills on start (`objects_path` relative to supabase/).
        buckets: z
          .record(
            z.string(),
            z.object({
              public: z.boolean().optional(),
              file_size_limit: size.optional(),
              allowed_mime_types: z.array(z.string()).optional(),
              objects_path: z.string().optional(),
            }),
          )
          .default({}),
      })
      .prefault({}),
    auth: authSchema,
    realtime: z
      .object({
        enabled: z.boolean().default(true),
        /**
         * Emulator setting (seconds): a socket silent this long — no heartbeat, no frame, no
         * answer to the websocket ping sent halfway — is closed and its presences leave.
         */
        heartbeat_timeout: z.number().positive().default(10),
      })
      .prefault({}),
    /** Emulator setting: function invocations carry files, so they get their own, larger limit. */
    edge_runtime: z.object({ max_request_body_size: size.default(20 * 1024 * 1024) }).prefault({}),
    functions: z
      .record(z.string(), z.object({ verify_jwt: z.boolean().default(true), enabled: z.boolean().default(true) }))
      .default({}),
  })
  .loose();

export type TomlConfig = z.infer<typeof tomlSchema>;
export type AuthConfig = TomlConfig['auth'];

export interface StartOptions {
  workdir?: string;
  port?: number;
  mailPort?: number;
  /** The console's port; 0 picks a free one (the default when `port` is 0). */
  consolePort?: number;
  host?: string;
  dataDir?: string;
  reset?: boolean;
  databaseUrl?: string;
  /** Per-invocation timeout of server functions, in milliseconds. */
  functionTimeoutMs?: number;
  /** Skip request log lines (benchmarks). */
  quiet?: boolean;
  /** Where storage keeps object bytes: files under the data directory, or the database. */
  storageBackend?: 'file' | 'database';
  /** Host names the API and the mailbox answer for, besides the local ones. */
  allowedHosts?: string[];
  /** Local names the API and the mailbox refuse (a site that keeps cookies there). */
  refusedHosts?: string[];
  /** A team's own migrations, applied after the project's as the team's role (db/team-migrations.ts). */
  teamMigrations?: { team: string; dir: string } | null;
}

export interface Config extends TomlConfig {
  workdir: string;
  supabaseDir: string;
  host: string;
  port: number;
  mailPort: number;
  consolePort: number;
  dataDir: string;
  reset: boolean;
  databaseUrl: string | null;
  functionTimeoutMs: number;
  quiet: boolean;
  storageBackend: 'file' | 'database';
  /**
   * PGlite's `shared_buffers` (PORTAL_EMULATOR_SHARED_BUFFERS, e.g. `16MB`); null keeps Postgres'
   * 128MB. Postgres zeroes the whole pool at every start: a small one starts faster and holds less
   * memory, for an emulator with little data (the test suites start one per file).
   */
  sharedBuffers: string | null;
  /**
   * The bcrypt cost new password hashes get (PORTAL_EMULATOR_BCRYPT_COST, 4–31); null keeps GoTrue's
   * 10. Each step doubles a hash's CPU (about 100 ms at 10); verification reads the cost from the
   * stored hash, so hashes made at any cost keep working.
   */
  bcryptCost: number | null;
  /** How long an unfinished resumable (TUS) upload is kept, from its creation. */
  resumableUploadExpiryMs: number;
  jwtSecret: string;
  /** Host names accepted besides 127.0.0.1, localhost, [::1] and `host` (PORTAL_ALLOWED_HOSTS). */
  allowedHosts: string[];
  /**
   * Names refused even though they are local (PORTAL_REFUSED_HOSTS): the portal's local shell lives
   * on `localhost`, and a document the API served there could read its session cookie.
   */
  refusedHosts: string[];
  /**
   * A team's own migrations (`--team`, `--team-migrations`), applied after supabase/migrations as
   * the team's role; `migration up` applies its new files to the running emulator.
   */
  teamMigrations: { team: string; dir: string } | null;
}

export const JWT_SECRET = 'super-secret-jwt-token-with-at-least-32-characters-long';

export class ConfigError extends Error {
  readonly code = 'config_invalid';
}

function parseStorageBackend(value: string | undefined): 'file' | 'database' {
  if (value === undefined || value === '' || value === 'file') return 'file';
  if (value === 'database') return 'database';
  throw new ConfigError(`PORTAL_STORAGE_BACKEND must be "file" or "database", not ${JSON.stringify(value)}`);
}

function parseSharedBuffers(value: string | undefined): string | null {
  if (value === undefined || value === '') return null;
  if (/^[1-9]\d*(kB|MB|GB)$/.test(value)) return value;
  throw new ConfigError(`PORTAL_EMULATOR_SHARED_BUFFERS must be a size such as 16MB (a whole number and kB, MB or GB), not ${JSON.stringify(value)}`);
}

function parseBcryptCost(value: string | undefined): number | null {
  if (value === undefined || value === '') return null;
  const cost = Number(value);
  if (!/^\d+$/.test(value) || cost < 4 || cost > 31) throw new ConfigError(`PORTAL_EMULATOR_BCRYPT_COST must be a whole number from 4 to 31, not ${JSON.stringify(value)}`);
  return cost;
}

function parseSeconds(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const seconds = Number(value);
  if (!Number.isFinite(seconds) || seconds <= 0) throw new ConfigError(`${name} must be a positive number of seconds, not ${JSON.stringify(value)}`);
  return seconds;
}

/** A comma-separated list of host names. */
function nameList(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
}

export function loadConfig(options: StartOptions = {}, env: NodeJS.ProcessEnv = process.env): Config {
  const workdir = path.resolve(options.workdir ?? env.SUPABASE_WORKDIR ?? process.cwd());
  const supabaseDir = path.join(workdir, 'supabase');
  const tomlPath = path.join(supabaseDir, 'config.toml');
  let raw: unknown = {};
  if (existsSync(tomlPath)) {
    try {
      raw = parseToml(readFileSync(tomlPath, 'utf8'));
    } catch (error) {
      throw new ConfigError(`${tomlPath}: ${(error as Error).message}`);
    }
  }
  const parsed = tomlSchema.safeParse(raw);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new ConfigError(`${tomlPath}: ${issues}`);
  }
  const toml = parsed.data;
  const envPort = env.PORTAL_EMULATOR_PORT ? Number(env.PORTAL_EMULATOR_PORT) : undefined;
  const envMailPort = env.PORTAL_MAIL_PORT ? Number(env.PORTAL_MAIL_PORT) : undefined;
  return {
    ...toml,
    workdir,
    supabaseDir,
    host: options.host ?? env.PORTAL_EMULATOR_HOST ?? '127.0.0.1',
    port: options.port ?? envPort ?? toml.api.port,
    mailPort: options.mailPort ?? envMailPort ?? toml.inbucket.port,
    // The console keeps Studio's port only beside the API's usual one: `--port 0` (free ports)
    // or any other API port gives it a free port too, so emulators side by side never collide.
    consolePort:
      options.consolePort ??
      (env.PORTAL_CONSOLE_PORT ? Number(env.PORTAL_CONSOLE_PORT) : undefined) ??
      ((options.port ?? envPort ?? toml.api.port) === toml.api.port ? toml.studio.port : 0),
    dataDir: path.resolve(options.dataDir ?? env.PORTAL_DATA_DIR ?? path.join(workdir, '.supabase-local')),
    reset: options.reset ?? false,
    databaseUrl: options.databaseUrl ?? env.DATABASE_URL ?? null,
    functionTimeoutMs: options.functionTimeoutMs ?? Number(env.PORTAL_FUNCTION_TIMEOUT_MS ?? 150_000),
    quiet: options.quiet ?? env.PORTAL_EMULATOR_QUIET === '1',
    storageBackend: options.storageBackend ?? parseStorageBackend(env.PORTAL_STORAGE_BACKEND),
    sharedBuffers: parseSharedBuffers(env.PORTAL_EMULATOR_SHARED_BUFFERS),
    bcryptCost: parseBcryptCost(env.PORTAL_EMULATOR_BCRYPT_COST),
    resumableUploadExpiryMs: parseSeconds(env.PORTAL_RESUMABLE_UPLOAD_EXPIRY_SECONDS, 24 * 60 * 60, 'PORTAL_RESUMABLE_UPLOAD_EXPIRY_SECONDS') * 1000,
    jwtSecret: env.JWT_SECRET ?? JWT_SECRET,
    allowedHosts: options.allowedHosts ?? nameList(env.PORTAL_ALLOWED_HOSTS),
    refusedHosts: options.refusedHosts ?? nameList(env.PORTAL_REFUSED_HOSTS),
    teamMigrations: options.teamMigrations ? { team: options.teamMigrations.team, dir: path.resolve(options.teamMigrations.dir) } : null,
  };
}
