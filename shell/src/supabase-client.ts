import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type { RuntimeConfig } from './runtime-config.js';

/**
 * The portal's ONE Supabase client. Remotes get it through @portal/platform (a shared
 * singleton), never by creating their own: a second client would mean a second GoTrueClient on
 * the same storage key, and sessions that drift apart.
 */
export function createPortalClient(config: RuntimeConfig): SupabaseClient {
  return createClient(config.supabaseUrl, config.supabaseAnonKey, {
    auth: { persistSession: true, autoRefreshToken: true, detectSessionInUrl: true, flowType: 'pkce' },
  });
}
