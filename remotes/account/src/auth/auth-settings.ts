import { useSupabase, useReconnects } from '@portal/platform';
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

/** One request per client for the page's lifetime, once it has been answered. */
const settingsByClient = new WeakMap<SupabaseClient, Promise<AuthSettings | null>>();

function settingsFor(client: SupabaseClient): Promise<AuthSettings | null> {
  let settings = settingsByClient.get(client);
  if (!settings) {
    const asked = fetchSettings(client);
    settings = asked;
    settingsByClient.set(client, asked);
    // Not kept without an answer: the page asks again once the server answers (useAuthSettings).
    void asked.then((value) => {
      if (value === null && settingsByClient.get(client) === asked) settingsByClient.delete(client);
    });
  }
  return settings;
}

function fetchSettings(client: SupabaseClient): Promise<AuthSettings | null> {
  // supabase-js has no call for this endpoint; its URL, key and fetch are the client's own
  // (protected fields, present at run time). Through the client's fetch, a request without an
  // answer tells the platform's connection state, which then notices the server's return.
  const { supabaseUrl, supabaseKey, fetch: clientFetch } = client as unknown as { supabaseUrl: string; supabaseKey: string; fetch?: typeof fetch };
  return (clientFetch ?? fetch)(`${supabaseUrl.replace(/\/$/, '')}/auth/v1/settings`, { headers: { apikey: supabaseKey } })
    .then((response) => (response.ok ? (response.json() as Promise<AuthSettings>) : null))
    .catch(() => null);
}

/**
 * The project's auth settings (null while loading or while the server does not answer). A page
 * opened during an outage shows the ways to sign in the project offers once the server is back.
 */
export function useAuthSettings(): AuthSettings | null {
  return useAuthSettingsRead().settings;
}

/**
 * The settings as useAuthSettings reads them, and whether the first read has answered (with the
 * settings, or without them: the server did not answer), for a page that waits for it before it
 * draws what depends on them.
 */
export function useAuthSettingsRead(): { settings: AuthSettings | null; answered: boolean } {
  const supabase = useSupabase();
  const reconnects = useReconnects();
  const [settings, setSettings] = useState<AuthSettings | null>(null);
  const [answered, setAnswered] = useState(false);
  const missing = settings === null;
  useEffect(() => {
    if (!missing) return;
    let live = true;
    void settingsFor(supabase).then((value) => {
      if (!live) return;
      if (value) setSettings(value);
      setAnswered(true);
    });
    return () => {
      live = false;
    };
  }, [supabase, missing, reconnects]);
  return { settings, answered };
}
