import type { AuthChangeEvent, Session, SupabaseClient, User } from '@supabase/supabase-js';
import { createExternalStore } from './external-store.js';

export type AuthStatus = 'loading' | 'signed-in' | 'signed-out';
/** Authenticator assurance level of the current session (the `aal` claim of its access token). */
export type AuthenticatorAssuranceLevel = 'aal1' | 'aal2';

export interface SessionSnapshot {
  status: AuthStatus;
  session: Session | null;
  user: User | null;
  aal: AuthenticatorAssuranceLevel | null;
  /**
   * Since contract 1.6: the level this session can reach, as auth-js's
   * `mfa.getAuthenticatorAssuranceLevel()` answers `nextLevel`: aal2 once the person has a verified
   * factor, else the current level; null without a session. `aal: 'aal1'` with `nextAal: 'aal2'` is
   * a session that has not used the person's second factor: the shell shows it the second-factor
   * page only, and the database refuses it everything (docs/known-traps.md).
   */
  nextAal: AuthenticatorAssuranceLevel | null;
  /** The auth event that produced this snapshot (null before the first one). */
  event: AuthChangeEvent | null;
}

export interface SessionStore {
  getSnapshot(): SessionSnapshot;
  subscribe(listener: () => void): () => void;
  /** Resolves with the first snapshot after the client restored (or did not find) a session. */
  ready: Promise<SessionSnapshot>;
  dispose(): void;
}

const LOADING: SessionSnapshot = { status: 'loading', session: null, user: null, aal: null, nextAal: null, event: null };

/** Reads the `aal` claim without verifying: the server verifies; the UI only needs to know. */
export function aalOf(accessToken: string | undefined): AuthenticatorAssuranceLevel | null {
  const payload = accessToken?.split('.')[1];
  if (!payload) return null;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const claims = JSON.parse(atob(base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '='))) as { aal?: unknown };
    return claims.aal === 'aal2' ? 'aal2' : claims.aal === 'aal1' ? 'aal1' : null;
  } catch {
    return null;
  }
}

export function snapshotOf(event: AuthChangeEvent, session: Session | null): SessionSnapshot {
  const aal = session ? (aalOf(session.access_token) ?? 'aal1') : null;
  // auth-js reads the next level from the session's user the same way (no request).
  const verifiedFactor = (session?.user.factors ?? []).some((factor) => factor.status === 'verified');
  return {
    status: session ? 'signed-in' : 'signed-out',
    session,
    user: session?.user ?? null,
    aal,
    nextAal: session ? (verifiedFactor ? 'aal2' : aal) : null,
    event,
  };
}

/**
 * One store fed by `supabase.auth.onAuthStateChange`, so every remote re-renders on sign-in,
 * token refresh and sign-out. Subscribing emits INITIAL_SESSION once the client has restored the
 * session from storage, which is when `ready` resolves.
 */
export function createSessionStore(auth: Pick<SupabaseClient['auth'], 'onAuthStateChange'>): SessionStore {
  const store = createExternalStore<SessionSnapshot>(LOADING);
  let markReady: (snapshot: SessionSnapshot) => void = () => {};
  const ready = new Promise<SessionSnapshot>((resolve) => {
    markReady = resolve;
  });
  const { data } = auth.onAuthStateChange((event, session) => {
    // Never call the client from inside this callback: auth-js holds its lock while it runs.
    const next = snapshotOf(event, session);
    store.set(next);
    markReady(next);
  });
  return {
    getSnapshot: store.get,
    subscribe: store.subscribe,
    ready,
    dispose: () => data.subscription.unsubscribe(),
  };
}
