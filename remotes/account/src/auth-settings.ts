import { useSupabase } from '@portal/platform';
import type { SupabaseClient } from '@supabase/supabase-js';
import { useEffect, useState } from 'react';

/** GoTrue's public GET /auth/v1/settings: which ways of signing in the project offers. */
export interface AuthSettings {
  external: Record<string, boolean>;
  disable_signup: boolean;
  mailer_autoconfirm: boolean;
  /** SAML single sign-on is on (GoTrue's saml_enabled). */
  saml_enabled?: boolean;
}

/** Ways to sign in that are not OAuth providers in `external`. */
const NOT_OAUTH = new Set(['email', 'phone', 'anonymous_users', 'saml']);

export function oauthProviders(settings: AuthSettings | null): string[] {
  if (!settings) return [];
  return Object.entries(settings.external)
    .filter(([name, enabled]) => enabled && !NOT_OAUTH.has(name))
    .map(([name]) => name)
    .sort();
}

export function providerLabel(provider: string): string {
  if (provider === 'test') return 'Test provider';
  return provider.charAt(0).toUpperCase() + provider.slice(1);
}

/** One request per client for the page's lifetime. */
const settingsByClient = new WeakMap<SupabaseClient, Promise<AuthSettings | null>>();

function settingsFor(client: SupabaseClient): Promise<AuthSettings | null> {
  let settings = settingsByClient.get(client);
  if (!settings) {
    settings = fetchSettings(client);
    settingsByClient.set(client, settings);
  }
  return settings;
}

function fetchSettings(client: SupabaseClient): Promise<AuthSettings | null> {
  // supabase-js has no call for this endpoint; its URL and key are the client's own (protected
  // fields, present at run time).
  const { supabaseUrl, supabaseKey } = client as unknown as { supabaseUrl: string; supabaseKey: string };
  return fetch(`${supabaseUrl.replace(/\/$/, '')}/auth/v1/settings`, { headers: { apikey: supabaseKey } })
    .then((response) => (response.ok ? (response.json() as Promise<AuthSettings>) : null))
    .catch(() => null);
}

/** The project's auth settings (null while loading or when the server did not answer). */
export function useAuthSettings(): AuthSettings | null {
  const supabase = useSupabase();
  const pending = settingsFor(supabase);
  const [settings, setSettings] = useState<AuthSettings | null>(null);
  useEffect(() => {
    let live = true;
    void pending.then((value) => {
      if (live) setSettings(value);
    });
    return () => {
      live = false;
    };
  }, [pending]);
  return settings;
}
