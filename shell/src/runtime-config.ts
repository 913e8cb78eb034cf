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
  return { ...EMULATOR_DEFAULTS, ...defined };
}
