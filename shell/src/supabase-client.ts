import type { ConnectionMonitor } from '@portal/platform';
import { createBrowserClient } from '@supabase/ssr';
import type { SupabaseClient } from '@supabase/supabase-js';
import type { RuntimeConfig } from './runtime-config.js';

/**
 * The portal's ONE Supabase client. Remotes get it through @portal/platform (a shared
 * singleton), never by creating their own: a second client would mean a second GoTrueClient on
 * the same storage key, and sessions that drift apart.
 *
 * Made by @supabase/ssr's `createBrowserClient`, so the session lives in cookies as Supabase's
 * web clients keep it (`sb-<ref>-auth-token`, base64url, chunked above 3180 characters; path `/`,
 * `SameSite=Lax`, 400 days): server-side parts of the portal's site read who is signed in
 * (deploy/src/session-check.ts), and `cookieDomain` in config.json shares it with the portal's
 * subdomains. PKCE flow, session found in the URL, auto-refresh on supabase-js's 30 s tick; tabs
 * hear each other's sign-in, refresh and sign-out (auth-js's BroadcastChannel) and refresh under
 * one navigator lock, so one page (or two tabs) refreshes once per token lifetime.
 *
 * Its one realtime socket is watched by `connection` (the chrome shows the state). The access
 * token on that socket follows the session by itself: supabase-js calls `realtime.setAuth` on
 * SIGNED_IN, TOKEN_REFRESHED and INITIAL_SESSION, and clears it on SIGNED_OUT.
 */
export function createPortalClient(config: RuntimeConfig, connection: ConnectionMonitor): SupabaseClient {
  const client: unknown = createBrowserClient(config.supabaseUrl, config.supabaseAnonKey, {
    ...(config.cookieDomain ? { cookieOptions: { domain: config.cookieDomain } } : {}),
    realtime: connection.realtimeOptions,
    global: { fetch: connection.fetch },
  });
  // The same class at run time (one supabase-js, shared); @supabase/ssr's declarations reach
  // supabase-js's types through another entry, and TypeScript then sees two classes.
  return client as SupabaseClient;
}
