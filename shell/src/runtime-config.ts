import { z } from 'zod';

/**
 * Chosen at run time, not build time: the static host serves /config.json, so one shell build
 * runs against the emulator locally and a hosted project in production.
 */
const runtimeConfigSchema = z.object({
  supabaseUrl: z.string().url(),
  supabaseAnonKey: z.string().min(20),
  registryUrl: z.string().min(1),
  /** Where the sign-in gate sends people (a route of the account remote). */
  signInPath: z.string().startsWith('/'),
  /** Where the gate sends a signed-in person whose session lacks a route's aal2 (the MFA challenge). */
  secondFactorPath: z.string().startsWith('/'),
  environment: z.string().min(1),
  /**
   * The domain the session cookie is set for (`example.com` shares it with every subdomain of the
   * portal's site); absent, the cookie belongs to the shell's host alone.
   */
  cookieDomain: z.string().min(1).optional(),
  /**
   * Where remotes may load from (`https://cdn.example`, scheme://host[:port]); a remote whose
   * manifest, entry or chunks lie elsewhere is refused. Absent: any origin (older environments).
   */
  allowedOrigins: z
    .array(z.string().refine((value) => URL.canParse(value) && new URL(value).origin === value.replace(/\/$/, ''), 'must be an origin such as https://cdn.example'))
    .transform((origins) => origins.map((origin) => new URL(origin).origin))
    .optional(),
  /** Seconds between two checks of the registry for new versions (also checked on window focus). */
  registryCheckSeconds: z.number().positive().max(86_400),
  /** Whether a developer may point a remote at a local dev server (`?override=…`); never in production. */
  devOverrides: z.boolean(),
});
export type RuntimeConfig = z.infer<typeof runtimeConfigSchema>;

/** The emulator's well-known local defaults (same as `supabase start`). */
export const EMULATOR_DEFAULTS: RuntimeConfig = {
  supabaseUrl: 'http://127.0.0.1:54321',
  supabaseAnonKey:
    'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0',
  registryUrl: '/registry.json',
  signInPath: '/account/sign-in',
  secondFactorPath: '/account/verify',
  environment: 'local',
  registryCheckSeconds: 300,
  devOverrides: false,
};

export async function loadRuntimeConfig(url = '/config.json'): Promise<RuntimeConfig> {
  const response = await fetch(url, { cache: 'no-store' });
  if (response.status === 404) return EMULATOR_DEFAULTS;
  if (!response.ok) throw new Error(`${url} answered ${response.status} ${response.statusText}`);
  const result = runtimeConfigSchema.partial().safeParse(await response.json());
  if (!result.success) {
    throw new Error(`${url} is invalid: ${result.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ')}`);
  }
  const defined = Object.fromEntries(Object.entries(result.data).filter(([, value]) => value !== undefined));
  const config: RuntimeConfig = { ...EMULATOR_DEFAULTS, ...defined };
  // The registry may live anywhere (the shell's origin, a CDN, a Storage bucket): relative
  // manifest URLs inside it resolve against its absolute URL.
  return { ...config, registryUrl: new URL(config.registryUrl, new URL(url, location.href)).href };
}
