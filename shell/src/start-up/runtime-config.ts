import { CONFIG_URL, DEFAULT_REGISTRY_URL, takeEarlyConfig } from './early-fetch.js';

/** Whether `value` is an origin as config.json's `allowedOrigins` lists them (`https://cdn.example`, a trailing slash allowed). */
const isOrigin = (value: string): boolean => URL.canParse(value) && new URL(value).origin === value.replace(/\/$/, '');

/**
 * Chosen at run time, not build time: the static host serves /config.json, so one shell build
 * runs against the emulator locally and a hosted project in production.
 */
export interface RuntimeConfig {
  supabaseUrl: string;
  supabaseAnonKey: string;
  registryUrl: string;
  /** Where the sign-in gate sends people (a route of the account remote). */
  signInPath: string;
  /** Where the gate sends a signed-in person whose session lacks a route's aal2 (the MFA challenge). */
  secondFactorPath: string;
  environment: string;
  /**
   * The domain the session cookie is set for (`example.com` shares it with every subdomain of the
   * portal's site); absent, the cookie belongs to the shell's host alone.
   */
  cookieDomain?: string;
  /**
   * Where remotes may load from (`https://cdn.example`, scheme://host[:port]); a remote whose
   * manifest, entry or chunks lie elsewhere is refused. Absent: any origin (older environments).
   */
  allowedOrigins?: string[];
  /** Seconds between two checks of the registry for new versions (also checked on window focus). */
  registryCheckSeconds: number;
  /** Whether a developer may run a remote from a dev server on their machine (dev-overrides.ts); never in production. */
  devOverrides: boolean;
  /**
   * The dev servers an override may load from (`http://127.0.0.1:3102`, this machine's names only);
   * used only with `devOverrides`. The Supabase API's origin is never one, even when listed.
   */
  devOrigins: string[];
}

type Check = (value: unknown) => string | null;
/** Where a dev server may be: this machine (Chromium takes no IPv6 literal in a CSP source, so no [::1]). */
const DEV_HOSTS = new Set(['127.0.0.1', 'localhost']);
const text = (check: (value: string) => boolean, problem: string): Check => (value) => (typeof value !== 'string' ? 'must be a string' : check(value) ? null : problem);

/**
 * Each field config.json may set, and what it must be (every field is optional: the emulator's
 * defaults fill the rest). Checked by hand: a schema library would be code every visitor loads
 * for seven fields.
 */
const FIELDS: { [K in keyof RuntimeConfig]-?: Check } = {
  supabaseUrl: text((value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol), 'must be a URL such as http://127.0.0.1:54321'),
  supabaseAnonKey: text((value) => value.length >= 20, "must be the project's anon key (a JWT or sb_publishable_… key)"),
  registryUrl: text((value) => value.length >= 1, 'must not be empty'),
  signInPath: text((value) => value.startsWith('/'), 'must be a path starting with /'),
  secondFactorPath: text((value) => value.startsWith('/'), 'must be a path starting with /'),
  environment: text((value) => value.length >= 1, 'must not be empty'),
  cookieDomain: text((value) => value.length >= 1, 'must not be empty'),
  allowedOrigins: (value) =>
    !Array.isArray(value) ? 'must be an array' : value.every((origin) => typeof origin === 'string' && isOrigin(origin)) ? null : 'must be an origin such as https://cdn.example',
  registryCheckSeconds: (value) =>
    typeof value !== 'number' || !Number.isFinite(value) ? 'must be a number' : value <= 0 ? 'must be more than 0' : value > 86_400 ? 'must be at most 86400 (a day)' : null,
  devOverrides: (value) => (typeof value === 'boolean' ? null : 'must be true or false'),
  devOrigins: (value) =>
    !Array.isArray(value)
      ? 'must be an array'
      : value.every((origin) => typeof origin === 'string' && isOrigin(origin) && DEV_HOSTS.has(new URL(origin).hostname))
        ? null
        : 'must be an origin on this machine such as http://127.0.0.1:3102',
};

/** The fields `body` sets (allowed origins reduced to their origin), or the list of what is wrong. */
function readConfig(body: unknown): Partial<RuntimeConfig> | string {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return '(root) must be an object';
  const fields = body as Record<string, unknown>;
  const problems: string[] = [];
  const read: Record<string, unknown> = {};
  for (const [name, check] of Object.entries(FIELDS)) {
    const value = fields[name];
    if (value === undefined) continue;
    const problem = check(value);
    if (problem) problems.push(`${name} ${problem}`);
    else read[name] = name === 'allowedOrigins' || name === 'devOrigins' ? (value as string[]).map((origin) => new URL(origin).origin) : value;
  }
  return problems.length ? problems.join('; ') : (read as Partial<RuntimeConfig>);
}

/**
 * Why the session cookie would be on the API's site, or null. Anything the API serves (a stored
 * SVG or HTML file) could read a cookie whose domain covers its host (docs/architecture.md#security).
 */
function sessionApartFromApi({ cookieDomain, supabaseUrl }: RuntimeConfig): string | null {
  if (!cookieDomain) return null;
  const domain = cookieDomain.replace(/^\./, '').toLowerCase();
  const api = new URL(supabaseUrl).hostname;
  return api === domain || api.endsWith(`.${domain}`)
    ? `cookieDomain ${cookieDomain} covers the Supabase API's host ${api}, where a file the API serves could read the session cookie`
    : null;
}

/** The emulator's well-known local defaults (same as `supabase start`). */
export const EMULATOR_DEFAULTS: RuntimeConfig = {
  supabaseUrl: 'http://127.0.0.1:54321',
  supabaseAnonKey:
    'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0',
  registryUrl: DEFAULT_REGISTRY_URL,
  signInPath: '/account/sign-in',
  secondFactorPath: '/account/verify',
  environment: 'local',
  registryCheckSeconds: 300,
  devOverrides: false,
  devOrigins: [],
};

export async function loadRuntimeConfig(url = CONFIG_URL): Promise<RuntimeConfig> {
  const response = (await takeEarlyConfig(url)) ?? (await fetch(url, { cache: 'no-store' }));
  if (response.status === 404) return EMULATOR_DEFAULTS;
  if (!response.ok) throw new Error(`${url} answered ${response.status} ${response.statusText}`);
  const read = readConfig(await response.json());
  if (typeof read === 'string') throw new Error(`${url} is invalid: ${read}`);
  const config: RuntimeConfig = { ...EMULATOR_DEFAULTS, ...read };
  const apart = sessionApartFromApi(config);
  if (apart) throw new Error(`${url} is invalid: ${apart}`);
  // The registry may live anywhere (the shell's origin, a CDN, a Storage bucket): relative
  // manifest URLs inside it resolve against its absolute URL.
  return { ...config, registryUrl: new URL(config.registryUrl, new URL(url, location.href)).href };
}
