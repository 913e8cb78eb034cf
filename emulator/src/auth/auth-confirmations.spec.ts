// The auth service with the CLI's stricter settings: email confirmations on, the default
// refresh-token reuse interval, a long max_frequency, anonymous sign-ins and manual linking
// off, and small rate limits — each answered as GoTrue answers it.
import { ANON_KEY, startTestEmulator, type TestEmulator } from '../../test/harness.js';
import { decodeJwt, fragment, freshEmail, location, mailFor } from '../../test/auth/auth-flows.suite.js';

const CONFIG = `
[auth]
site_url = "http://127.0.0.1:3000"
refresh_token_reuse_interval = 10
enable_anonymous_sign_ins = false
enable_manual_linking = false

[auth.rate_limit]
email_sent = 6
sign_in_sign_ups = 50
token_refresh = 100
token_verifications = 6

[auth.email]
enable_confirmations = true
max_frequency = "60s"
`;

describe('auth service with confirmations and limits', () => {
  // The machine is shared and bcrypt is slow by design: allow for a busy CPU.
  jest.setTimeout(60_000);

  let emulator: TestEmulator;
  const client = (flowType: 'implicit' | 'pkce' = 'implicit') =>
    emulator.client(ANON_KEY, { auth: { flowType } });
  const confirmedEmail = freshEmail('confirmed');

  beforeAll(async () => {
    emulator = await startTestEmulator({ configToml: CONFIG });
  }, 120_000);

  afterAll(() => emulator?.stop(), 60_000);

  it('answers a bare user, mails a confirmation, and signs in only after the link', async () => {
    const c = client();
    const { data, error } = await c.auth.signUp({ email: confirmedEmail, password: 'password-1' });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    expect(data.user?.email).toBe(confirmedEmail);
    expect(data.user?.confirmation_sent_at).toBeTruthy();
    expect(data.user?.email_confirmed_at).toBeUndefined();
    const early = await c.auth.signInWithPassword({
      email: confirmedEmail,
      password: 'password-1',
    });
    expect(early.error).toMatchObject({ code: 'email_not_confirmed', status: 400 });
    const mail = await mailFor(emulator, confirmedEmail);
    expect(mail.subject).toBe('Confirm Your Signup');
    const target = fragment(await location(mail.link!));
    expect(target.get('type')).toBe('signup');
    expect(decodeJwt(target.get('access_token')!).email).toBe(confirmedEmail);
    expect(
      (await c.auth.signInWithPassword({ email: confirmedEmail, password: 'password-1' })).error,
    ).toBeNull();
  });

  it('refuses another mail sooner than max_frequency', async () => {
    const email = freshEmail('hurry');
    expect((await client().auth.signUp({ email, password: 'password-1' })).error).toBeNull();
    const { error } = await client().auth.resend({ type: 'signup', email });
    expect(error).toMatchObject({ code: 'over_email_send_rate_limit', status: 429 });
    expect(error?.message).toMatch(
      /^For security purposes, you can only request this after \d+ seconds\.$/,
    );
  });

  it('answers a look-alike user for an address that is already confirmed', async () => {
    const { data, error } = await client().auth.signUp({
      email: confirmedEmail,
      password: 'password-2',
    });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    expect(data.user?.email).toBe(confirmedEmail);
    expect(data.user?.identities).toEqual([]);
    const real = await client().auth.signInWithPassword({
      email: confirmedEmail,
      password: 'password-1',
    });
    expect(data.user?.id).not.toBe(real.data.user?.id);
  });

  it('confirms a PKCE sign-up through ?code=', async () => {
    const c = client('pkce');
    const email = freshEmail('pkce-signup');
    expect(
      (
        await c.auth.signUp({
          email,
          password: 'password-1',
          options: { emailRedirectTo: 'http://127.0.0.1:4000/cb' },
        })
      ).error,
    ).toBeNull();
    const link = (await mailFor(emulator, email)).link!;
    expect(link).toContain('token=pkce_');
    const code = new URL(await location(link)).searchParams.get('code');
    const { data, error } = await c.auth.exchangeCodeForSession(code!);
    expect(error).toBeNull();
    expect(data.user?.email_confirmed_at).toBeTruthy();
    expect((decodeJwt(data.session!.access_token).amr as { method: string }[])[0]!.method).toBe(
      'email/signup',
    );
  });

  it('accepts a revoked refresh token again within the reuse interval', async () => {
    const c = client();
    const { data } = await c.auth.signInWithPassword({
      email: confirmedEmail,
      password: 'password-1',
    });
    const a = data.session!.refresh_token;
    const b = (await c.auth.refreshSession({ refresh_token: a })).data.session!.refresh_token;
    const cToken = (await c.auth.refreshSession({ refresh_token: b })).data.session!.refresh_token;
    const reused = await c.auth.refreshSession({ refresh_token: a });
    expect(reused.error).toBeNull();
    expect([a, b, cToken]).not.toContain(reused.data.session!.refresh_token);
  });

  it('refuses anonymous sign-ins and identity linking when they are off', async () => {
    const anonymous = await client().auth.signInAnonymously();
    expect(anonymous.error).toMatchObject({ code: 'anonymous_provider_disabled', status: 422 });
    const c = client();
    await c.auth.signInWithPassword({ email: confirmedEmail, password: 'password-1' });
    const link = await c.auth.linkIdentity({
      provider: 'test' as never,
      options: { skipBrowserRedirect: true },
    });
    expect(link.error).toMatchObject({ code: 'manual_linking_disabled', status: 404 });
  });

  it('stops sending mail past the hourly email_sent budget', async () => {
    let refusal: { code?: string; status?: number } | null = null;
    for (let attempt = 0; attempt < 10 && !refusal; attempt++) {
      const { error } = await client().auth.signInWithOtp({ email: freshEmail('budget') });
      if (error) refusal = error as { code?: string; status?: number };
    }
    expect(refusal).toMatchObject({ code: 'over_email_send_rate_limit', status: 429 });
  });

  it('limits token verifications per client address', async () => {
    const statuses: number[] = [];
    let last: Record<string, unknown> = {};
    for (let attempt = 0; attempt < 10; attempt++) {
      const response = await fetch(`${emulator.apiUrl}/auth/v1/verify`, {
        method: 'POST',
        headers: {
          apikey: ANON_KEY,
          'content-type': 'application/json',
          'X-Supabase-Api-Version': '2024-01-01',
        },
        body: JSON.stringify({ type: 'magiclink', token_hash: 'f'.repeat(56) }),
      });
      statuses.push(response.status);
      last = (await response.json()) as Record<string, unknown>;
      if (response.status === 429) break;
    }
    expect(statuses[0]).toBe(403);
    expect(statuses.at(-1)).toBe(429);
    expect(last).toEqual({
      code: 'over_request_rate_limit',
      message: 'Request rate limit reached',
    });
  });
});
