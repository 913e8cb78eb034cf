import { createClient, type AuthChangeEvent, type Session } from '@supabase/supabase-js';
import { aalOf, createSessionStore } from './session-store.js';

const ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';

function token(claims: Record<string, unknown>): string {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(claims)}.signature`;
}

type FactorStatus = 'verified' | 'unverified';

function session(aal: 'aal1' | 'aal2', email = 'ada@example.com', factors: FactorStatus[] = []): Session {
  const expiresAt = Math.floor(Date.now() / 1000) + 3600;
  return {
    access_token: token({ sub: 'user-1', role: 'authenticated', aal, exp: expiresAt }),
    refresh_token: 'refresh-1',
    token_type: 'bearer',
    expires_in: 3600,
    expires_at: expiresAt,
    user: {
      id: 'user-1',
      email,
      aud: 'authenticated',
      app_metadata: {},
      user_metadata: {},
      created_at: new Date().toISOString(),
      ...(factors.length
        ? { factors: factors.map((status, i) => ({ id: `factor-${i}`, status, factor_type: 'totp' as const, created_at: '', updated_at: '' })) }
        : {}),
    },
  };
}

/** The one method the store uses, driven by the test: the events auth-js would send. */
function authEvents() {
  let listener: ((event: AuthChangeEvent, session: Session | null) => void) | null = null;
  let unsubscribed = false;
  return {
    auth: {
      onAuthStateChange(callback: (event: AuthChangeEvent, session: Session | null) => void) {
        listener = callback;
        return { data: { subscription: { id: '1', callback, unsubscribe: () => (unsubscribed = true) } } };
      },
    } as never,
    send: (event: AuthChangeEvent, value: Session | null) => listener?.(event, value),
    get unsubscribed() {
      return unsubscribed;
    },
  };
}

describe('session store', () => {
  it('is loading until the first event, then follows sign-in, refresh and sign-out', async () => {
    const source = authEvents();
    const store = createSessionStore(source.auth);
    expect(store.getSnapshot().status).toBe('loading');
    const seen: string[] = [];
    store.subscribe(() => seen.push(`${store.getSnapshot().event}:${store.getSnapshot().status}`));

    source.send('INITIAL_SESSION', null);
    await expect(store.ready).resolves.toMatchObject({ status: 'signed-out', user: null });

    source.send('SIGNED_IN', session('aal1'));
    expect(store.getSnapshot()).toMatchObject({ status: 'signed-in', aal: 'aal1', user: { email: 'ada@example.com' } });

    source.send('TOKEN_REFRESHED', session('aal2'));
    expect(store.getSnapshot().aal).toBe('aal2');

    source.send('SIGNED_OUT', null);
    expect(store.getSnapshot()).toMatchObject({ status: 'signed-out', session: null, aal: null });
    expect(seen).toEqual(['INITIAL_SESSION:signed-out', 'SIGNED_IN:signed-in', 'TOKEN_REFRESHED:signed-in', 'SIGNED_OUT:signed-out']);
  });

  it('says which level the session can reach: aal2 once the person has a verified factor (auth-js nextLevel)', () => {
    const source = authEvents();
    const store = createSessionStore(source.auth);
    source.send('INITIAL_SESSION', null);
    expect(store.getSnapshot()).toMatchObject({ aal: null, nextAal: null });
    source.send('SIGNED_IN', session('aal1'));
    expect(store.getSnapshot()).toMatchObject({ aal: 'aal1', nextAal: 'aal1' });
    source.send('SIGNED_IN', session('aal1', 'ada@example.com', ['unverified']));
    expect(store.getSnapshot()).toMatchObject({ aal: 'aal1', nextAal: 'aal1' });
    source.send('SIGNED_IN', session('aal1', 'ada@example.com', ['unverified', 'verified']));
    expect(store.getSnapshot()).toMatchObject({ aal: 'aal1', nextAal: 'aal2' });
    source.send('MFA_CHALLENGE_VERIFIED', session('aal2', 'ada@example.com', ['verified']));
    expect(store.getSnapshot()).toMatchObject({ aal: 'aal2', nextAal: 'aal2' });
  });

  it('keeps the same snapshot object between events (what useSyncExternalStore needs)', () => {
    const source = authEvents();
    const store = createSessionStore(source.auth);
    source.send('SIGNED_IN', session('aal1'));
    expect(store.getSnapshot()).toBe(store.getSnapshot());
  });

  it('stops listening on dispose', () => {
    const source = authEvents();
    createSessionStore(source.auth).dispose();
    expect(source.unsubscribed).toBe(true);
  });

  it('restores a stored session through a real supabase-js client', async () => {
    const stored = session('aal1', 'restored@example.com');
    const memory = new Map<string, string>([['sb-127-auth-token', JSON.stringify(stored)]]);
    const client = createClient('http://127.0.0.1:1', ANON_KEY, {
      auth: {
        storageKey: 'sb-127-auth-token',
        storage: {
          getItem: (key) => memory.get(key) ?? null,
          setItem: (key, value) => void memory.set(key, value),
          removeItem: (key) => void memory.delete(key),
        },
        persistSession: true,
        autoRefreshToken: false,
        detectSessionInUrl: false,
      },
    });
    const store = createSessionStore(client.auth);
    const first = await store.ready;
    expect(first).toMatchObject({ status: 'signed-in', user: { email: 'restored@example.com' } });
    store.dispose();
  });
});

describe('aalOf', () => {
  it('reads the aal claim and tolerates garbage', () => {
    expect(aalOf(token({ aal: 'aal2' }))).toBe('aal2');
    expect(aalOf(token({ aal: 'aal1' }))).toBe('aal1');
    expect(aalOf(token({}))).toBeNull();
    expect(aalOf('not-a-jwt')).toBeNull();
    expect(aalOf(undefined)).toBeNull();
  });
});
