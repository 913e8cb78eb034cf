import type { ConnectionMonitor } from '@portal/platform';
import type { Database } from '@portal/platform/database';
import { createBrowserClient } from '@supabase/ssr';
import type { SupabaseClient } from '@supabase/supabase-js';
import { watchRefreshRefusals } from './refused-refresh.js';
import type { RuntimeConfig } from '../start-up/runtime-config.js';

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
 * hear each other's sign-in, refresh and sign-out (auth-js's BroadcastChannel). auth-js takes no
 * lock: the refreshes of one page share one request, and two tabs refreshing the same token at
 * once both get the same new one from the auth server (the parent of the active token is answered
 * with it), the later tab keeping what the first stored (`AuthRefreshDiscardedError`).
 *
 * Its one realtime socket is watched by `connection` (the chrome shows the state). The access
 * token on that socket follows the session: supabase-js calls `realtime.setAuth` on SIGNED_IN,
 * TOKEN_REFRESHED and INITIAL_SESSION, and clears it on SIGNED_OUT; the aal2 token the second
 * factor brings (MFA_CHALLENGE_VERIFIED) is handed over here (`followSecondFactorToken`).
 */
export function createPortalClient(config: RuntimeConfig, connection: ConnectionMonitor): SupabaseClient<Database> {
  let client: SupabaseClient<Database> | null = null;
  const created: unknown = createBrowserClient<Database>(config.supabaseUrl, config.supabaseAnonKey, {
    ...(config.cookieDomain ? { cookieOptions: { domain: config.cookieDomain } } : {}),
    realtime: connection.realtimeOptions,
    global: { fetch: watchRefreshRefusals(connection.fetch, (refused) => void (client && endRefusedSession(client, refused))) },
  });
  // The same class at run time (one supabase-js, shared); @supabase/ssr's declarations reach
  // supabase-js's types through another entry, and TypeScript then sees two classes.
  client = created as SupabaseClient<Database>;
  followSecondFactorToken(client);
  return client;
}

/**
 * supabase-js gives realtime the session's new token on SIGNED_IN and TOKEN_REFRESHED, not on
 * MFA_CHALLENGE_VERIFIED: after the code, every channel would go on joining with the aal1 token,
 * which private channels refuse to a person who has a second factor (the restrictive policy on
 * realtime.messages), until the next refresh
 * (docs/known-traps.md#realtime-keeps-the-aal1-token-after-the-code). The token is in the event:
 * no call to the client from inside the auth callback.
 */
function followSecondFactorToken(client: SupabaseClient<Database>): void {
  client.auth.onAuthStateChange((event, session) => {
    if (event === 'MFA_CHALLENGE_VERIFIED' && session) void client.realtime.setAuth(session.access_token);
  });
}

/**
 * A session the auth server refused to refresh is over (revoked by an administrator, ended by a
 * password change elsewhere): this browser signs out of it at once rather than when its access
 * token runs out (auth-js keeps it until then), so every remote and every tab let go of it within
 * one refresh. Unless the browser holds another session by now (someone signed in meanwhile).
 */
async function endRefusedSession(client: SupabaseClient<Database>, refused: string): Promise<void> {
  const { data } = await client.auth.getSession();
  if (data.session?.refresh_token !== refused) return;
  await client.auth.signOut({ scope: 'local' });
}
