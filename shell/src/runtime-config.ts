import { describeIssues } from '@portal/platform/registry';
import { z } from 'zod/mini';
import { CONFIG_URL, DEFAULT_REGISTRY_URL, takeEarlyConfig } from './early-fetch.js';

/**
 * Chosen at run time, not build time: the static host serves /config.json, so one shell build
 * runs against the emulator locally and a hosted project in production.
 */
const runtimeConfigSchema = z.object({
  supabaseUrl: z.url('must be a URL such as http://127.0.0.1:54321'),
  supabaseAnonKey: z.string().check(z.minLength(20, 'must be the project\'s anon key (a JWT or sb_publishable_… key)')),
  registryUrl: z.string().check(z.minLength(1, 'must not be empty')),
  /** Where the sign-in gate sends people (a route of the account remote). */
  signInPath: z.string().check(z.startsWith('/', 'must be a path starting with /')),
  /** Where the gate sends a signed-in person whose session lacks a route's aal2 (the MFA challenge). */
  secondFactorPath: z.string().check(z.startsWith('/', 'must be a path starting with /')),
  environment: z.string().check(z.minLength(1, 'must not be empty')),
  /**
   * The domain the session cookie is set for (`example.com` shares it with every subdomain of the
   * portal's site); absent, the cookie belongs to the shell's host alone.
   */
  cookieDomain: z.optional(z.string().check(z.minLength(1, 'must not be empty'))),
  /**
   * Where remotes may load from (`https://cdn.example`, scheme://host[:port]); a remote whose
   * manifest, entry or chunks lie elsewhere is refused. Absent: any origin (older environments).
   */
  allowedOrigins: z.optional(
    z.pipe(
      z.array(z.string().check(z.refine((value) => URL.canParse(value) && new URL(value).origin === value.replace(/\/$/, ''), 'must be an origin such as https://cdn.example'))),
      z.transform((origins: string[]) => origins.map((origin) => new URL(origin).origin)),
    ),
  ),
  /** Seconds between two checks of the registry for new versions (also checked on window focus). */
  registryCheckSeconds: z.number().check(z.positive('must be more than 0'), z.lte(86_400, 'must be at most 86400 (a day)')),
  /** Whether a developer may point a remote at a local dev server (`?override=…`); never in production. */
  devOverrides: z.boolean('must be true or false'),
});
export type RuntimeConfig = z.output<typeof runtimeConfigSchema>;

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
};

export async function loadRuntimeConfig(url = CONFIG_URL): Promise<RuntimeConfig> {
  const response = (await takeEarlyConfig(url)) ?? (await fetch(url, { cache: 'no-store' }));
  if (response.status === 404) return EMULATOR_DEFAULTS;
  if (!response.ok) throw new Error(`${url} answered ${response.status} ${response.statusText}`);
  const result = z.partial(runtimeConfigSchema).safeParse(await response.json());
  if (!result.success) {
    throw new Error(`${url} is invalid: ${describeIssues(result.error)}`);
  }
  const defined = Object.fromEntries(Object.entries(result.data).filter(([, value]) => value !== undefined));
  const config: RuntimeConfig = { ...EMULATOR_DEFAULTS, ...defined };
  // The registry may live anywhere (the shell's origin, a CDN, a Storage bucket): relative
  // manifest URLs inside it resolve against its absolute URL.
  return { ...config, registryUrl: new URL(config.registryUrl, new URL(url, location.href)).href };
}
