import type { ConnectionMonitor } from '@portal/platform';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type { RuntimeConfig } from './runtime-config.js';

/**
 * The portal's ONE Supabase client. Remotes get it through @portal/platform (a shared
 * singleton), never by creating their own: a second client would mean a second GoTrueClient on
 * the same storage key, and sessions that drift apart.
 */
/**
 * Its one realtime socket is watched by `connection` (the chrome shows the state). The access
 * token on that socket follows the session by itself: supabase-js calls `realtime.setAuth` on
 * SIGNED_IN, TOKEN_REFRESHED and INITIAL_SESSION, and clears it on SIGNED_OUT.
 */
export function createPortalClient(config: RuntimeConfig, connection: ConnectionMonitor): SupabaseClient {
  return createClient(config.supabaseUrl, config.supabaseAnonKey, {
    auth: { persistSession: true, autoRefreshToken: true, detectSessionInUrl: true, flowType: 'pkce' },
    realtime: connection.realtimeOptions,
  });
}
