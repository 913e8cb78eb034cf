// Refresh-token reuse detection with a short reuse interval, step by step in time: once a
// replayed token revokes its session, nothing of that session may be refreshed again — not
// the active token, not a token rotated moments before.
import { ANON_KEY, startTestEmulator, type TestEmulator } from '../../test/harness.js';
import { freshEmail } from '../../test/auth/auth-flows.suite.js';

const REUSE_INTERVAL_SECONDS = 1;

const CONFIG = `
[auth]
site_url = "http://127.0.0.1:3000"
enable_refresh_token_rotation = true
refresh_token_reuse_interval = ${REUSE_INTERVAL_SECONDS}

[auth.rate_limit]
sign_in_sign_ups = 1000
token_refresh = 1000

[auth.email]
enable_confirmations = false
`;

/** Outlives the reuse interval: this test is about the passing of time itself. */
const pastReuseInterval = () =>
  new Promise((resolve) => setTimeout(resolve, REUSE_INTERVAL_SECONDS * 1000 + 300));

describe('refresh-token reuse detection', () => {
  jest.setTimeout(60_000);
  let emulator: TestEmulator;

  beforeAll(async () => {
    emulator = await startTestEmulator({ configToml: CONFIG });
  }, 120_000);

  afterAll(() => emulator?.stop(), 60_000);

  async function signedIn() {
    const c = emulator.client(ANON_KEY);
    const { data, error } = await c.auth.signUp({
      email: freshEmail('reuse'),
      password: 'password-1',
    });
    expect(error).toBeNull();
    return { c, session: data.session! };
  }

  async function refresh(c: ReturnType<TestEmulator['client']>, token: string) {
    const { data, error } = await c.auth.refreshSession({ refresh_token: token });
    return { token: data.session?.refresh_token ?? null, error };
  }

  it('refuses every token of the session after a replay, even one rotated a moment before', async () => {
    const { c, session } = await signedIn();
    const r1 = session.refresh_token;
    const r2 = (await refresh(c, r1)).token!;
    const r3 = (await refresh(c, r2)).token!;
    await pastReuseInterval();
    // Rotated after the replayed one, so still inside its own interval when the replay comes.
    const r4 = (await refresh(c, r3)).token!;
    const replay = await refresh(c, r1);
    expect(replay.error).toMatchObject({ code: 'refresh_token_already_used', status: 400 });

    // Immediately after the replay: every token of the session is dead, whatever its age.
    for (const token of [r4, r3, r2, r1]) {
      const after = await refresh(c, token);
      expect(after.token).toBeNull();
      expect(after.error?.status).toBe(400);
    }
    // The session's access token no longer finds its session either.
    const user = await fetch(`${emulator.apiUrl}/auth/v1/user`, {
      headers: { apikey: ANON_KEY, authorization: `Bearer ${session.access_token}` },
    });
    expect(user.status).toBe(403);
    expect(await user.json()).toMatchObject({ error_code: 'session_not_found' });
  });

  it('keeps the session revoked: waiting out a fresh interval does not revive a token', async () => {
    const { c, session } = await signedIn();
    const r1 = session.refresh_token;
    const r2 = (await refresh(c, r1)).token!;
    const r3 = (await refresh(c, r2)).token!;
    await pastReuseInterval();
    expect((await refresh(c, r1)).error?.code).toBe('refresh_token_already_used');
    const r3Now = await refresh(c, r3);
    expect(r3Now.token).toBeNull();
    await pastReuseInterval();
    const r3Later = await refresh(c, r3);
    expect(r3Later.token).toBeNull();
    expect(r3Later.error?.status).toBe(400);
  });

  it('leaves other sessions of the same user alone', async () => {
    const { c, session } = await signedIn();
    const other = emulator.client(ANON_KEY);
    const email = session.user.email!;
    const second = await other.auth.signInWithPassword({ email, password: 'password-1' });
    expect(second.error).toBeNull();
    const r2 = (await refresh(c, session.refresh_token)).token!;
    await refresh(c, r2);
    await pastReuseInterval();
    expect((await refresh(c, session.refresh_token)).error?.code).toBe(
      'refresh_token_already_used',
    );
    const untouched = await refresh(other, second.data.session!.refresh_token);
    expect(untouched.error).toBeNull();
    expect(untouched.token).toBeTruthy();
  });
});
