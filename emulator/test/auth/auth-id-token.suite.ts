// grant_type=id_token through supabase-js (docs/compatibility.md#auth-id-tokens): ID tokens issued
// by the built-in test provider (POST /auth/v1/test-provider/id-token) sign in, create or find the
// user and identity, link to a signed-in user, and are refused as GoTrue refuses them.
import { createHash } from 'node:crypto';
import { ANON_KEY, startTestEmulator, type TestEmulator } from '../harness.js';
import { decodeJwt, freshEmail, signJwt } from './auth-flows.suite.js';

const CONFIG = `
[auth]
site_url = "http://127.0.0.1:3000"
enable_manual_linking = true

[auth.rate_limit]
sign_in_sign_ups = 1000
token_refresh = 1000

[auth.external.github]
enabled = true
client_id = "x"
secret = "y"
`;

export function describeIdTokenAuth(name: string, options: { postgres?: boolean } = {}): void {
  describe(name, () => {
    jest.setTimeout(60_000);
    let emulator: TestEmulator;
    const client = () => emulator.client(ANON_KEY);

    async function idToken(request: Record<string, unknown>): Promise<string> {
      const response = await fetch(`${emulator.apiUrl}/auth/v1/test-provider/id-token`, {
        method: 'POST',
        headers: { apikey: ANON_KEY, 'content-type': 'application/json' },
        body: JSON.stringify(request),
      });
      const body = (await response.json()) as { id_token?: string };
      if (!body.id_token) throw new Error(`no id_token: ${JSON.stringify(body)}`);
      return body.id_token;
    }

    beforeAll(async () => {
      emulator = await startTestEmulator({ configToml: CONFIG, ...options });
    }, 120_000);

    afterAll(() => emulator?.stop(), 60_000);

    it('issues an OIDC ID token with the test provider as issuer', async () => {
      const email = freshEmail('oidc');
      const claims = decodeJwt(await idToken({ email, name: 'Oidc Person', nonce: 'abc' }));
      expect(claims).toMatchObject({
        iss: `${emulator.apiUrl}/auth/v1/test-provider`,
        aud: 'portal-emulator',
        email,
        email_verified: true,
        name: 'Oidc Person',
        nonce: 'abc',
      });
      expect(typeof claims.sub).toBe('string');
      expect(Number(claims.exp)).toBeGreaterThan(Number(claims.iat));
    });

    it('signs in with a nonce (sha256 in the token, raw in the request), once creating the user', async () => {
      const email = freshEmail('oidc');
      const raw = 'raw-nonce-123';
      const hashed = createHash('sha256').update(raw).digest('hex');
      const token = await idToken({ email, name: 'Nonce Person', nonce: hashed });
      const c = client();
      const first = await c.auth.signInWithIdToken({ provider: 'test', token, nonce: raw });
      expect(first.error).toBeNull();
      expect(first.data.user).toMatchObject({
        email,
        app_metadata: { provider: 'test', providers: ['test'] },
        user_metadata: { name: 'Nonce Person' },
      });
      expect(first.data.user?.email_confirmed_at).toBeTruthy();
      expect(first.data.user?.identities?.map((i) => i.provider)).toEqual(['test']);
      const claims = decodeJwt(first.data.session!.access_token);
      expect((claims.amr as { method: string }[])[0]?.method).toBe('oauth');
      expect((await c.auth.getUser()).data.user?.id).toBe(first.data.user?.id);

      // The same identity signs in to the same user.
      const again = await client().auth.signInWithIdToken({
        provider: 'test',
        token: await idToken({ email }),
      });
      expect(again.error).toBeNull();
      expect(again.data.user?.id).toBe(first.data.user?.id);
    });

    it('refuses wrong nonces, missing nonces, forged, expired and foreign-audience tokens', async () => {
      const email = freshEmail('oidc');
      const c = client();
      const withNonce = await idToken({
        email,
        nonce: createHash('sha256').update('right').digest('hex'),
      });
      const mismatch = await c.auth.signInWithIdToken({
        provider: 'test',
        token: withNonce,
        nonce: 'wrong',
      });
      expect(mismatch.error?.message).toBe('Nonce mismatch');
      expect(mismatch.error?.status).toBe(400);
      const missing = await c.auth.signInWithIdToken({ provider: 'test', token: withNonce });
      expect(missing.error?.message).toBe(
        'Passed nonce and nonce in id_token should either both exist or not.',
      );
      const extra = await c.auth.signInWithIdToken({
        provider: 'test',
        token: await idToken({ email }),
        nonce: 'unexpected',
      });
      expect(extra.error?.message).toBe(
        'Passed nonce and nonce in id_token should either both exist or not.',
      );

      const claims = decodeJwt(await idToken({ email }));
      const forged = signJwt(claims, 'not-the-project-secret-but-long-enough-to-sign');
      expect(
        (await c.auth.signInWithIdToken({ provider: 'test', token: forged })).error,
      ).toMatchObject({
        message: 'Bad ID token',
        status: 400,
      });
      const expired = await idToken({ email, expires_in: -60 });
      expect(
        (await c.auth.signInWithIdToken({ provider: 'test', token: expired })).error?.message,
      ).toBe('Bad ID token');
      const otherIssuer = signJwt({ ...claims, iss: 'https://accounts.google.com' });
      expect(
        (await c.auth.signInWithIdToken({ provider: 'test', token: otherIssuer })).error?.message,
      ).toBe('Bad ID token');
      const foreignAud = await idToken({ email, aud: 'someone-else' });
      expect(
        (await c.auth.signInWithIdToken({ provider: 'test', token: foreignAud })).error?.message,
      ).toBe('Unacceptable audience in id_token');
      // A token of the test page's github stands-in is not a token of 'test'.
      const githubToken = await idToken({ email, provider: 'github' });
      expect(
        (await c.auth.signInWithIdToken({ provider: 'test', token: githubToken })).error?.message,
      ).toBe('Unacceptable audience in id_token');
      expect(
        (await c.auth.signInWithIdToken({ provider: 'github', token: githubToken })).error,
      ).toBeNull();
    });

    it("answers GoTrue's errors for providers it cannot verify", async () => {
      const token = await idToken({ email: freshEmail('oidc') });
      const c = client();
      const google = await c.auth.signInWithIdToken({ provider: 'google', token });
      expect(google.error).toMatchObject({ code: 'provider_disabled', status: 400 });
      expect(google.error?.message).toBe(
        'Provider (issuer "https://accounts.google.com") is not enabled',
      );
      const custom = await c.auth.signInWithIdToken({ provider: 'custom:acme' as 'google', token });
      expect(custom.error).toMatchObject({ code: 'validation_failed', status: 400 });
      expect(custom.error?.message).toBe('Custom OIDC provider "" not allowed');
      const empty = await c.auth.signInWithIdToken({ provider: 'test', token: '' });
      expect(empty.error?.message).toBe('id_token required');
      // The raw endpoint with issuer + client_id instead of a provider name.
      const raw = await fetch(`${emulator.apiUrl}/auth/v1/token?grant_type=id_token`, {
        method: 'POST',
        headers: { apikey: ANON_KEY, 'content-type': 'application/json' },
        body: JSON.stringify({
          id_token: token,
          issuer: `${emulator.apiUrl}/auth/v1/test-provider`,
          client_id: 'portal-emulator',
        }),
      });
      expect(raw.status).toBe(200);
      const noProvider = await fetch(`${emulator.apiUrl}/auth/v1/token?grant_type=id_token`, {
        method: 'POST',
        headers: { apikey: ANON_KEY, 'content-type': 'application/json' },
        body: JSON.stringify({ id_token: token }),
      });
      expect(noProvider.status).toBe(400);
      expect(await noProvider.json()).toEqual({
        error: 'invalid request',
        error_description: 'provider or client_id and issuer required',
      });
    });

    it('links an identity to the signed-in user with linkIdentity({token})', async () => {
      const c = client();
      const email = freshEmail('linker');
      const signup = await c.auth.signUp({ email, password: 'password-123' });
      expect(signup.error).toBeNull();
      const token = await idToken({ email: freshEmail('elsewhere'), name: 'Linked' });
      const linked = await c.auth.linkIdentity({ provider: 'test', token });
      expect(linked.error).toBeNull();
      expect(linked.data.user?.id).toBe(signup.data.user?.id);
      expect(linked.data.user?.identities?.map((i) => i.provider).sort()).toEqual([
        'email',
        'test',
      ]);
      expect(linked.data.user?.email).toBe(email);

      // The identity now belongs to that user: another user may not link it.
      const other = client();
      await other.auth.signUp({ email: freshEmail('other'), password: 'password-123' });
      const taken = await other.auth.linkIdentity({ provider: 'test', token });
      expect(taken.error).toMatchObject({ code: 'identity_already_exists', status: 422 });

      // Linking needs a user's token.
      const anonymous = await fetch(`${emulator.apiUrl}/auth/v1/token?grant_type=id_token`, {
        method: 'POST',
        headers: { apikey: ANON_KEY, 'content-type': 'application/json' },
        body: JSON.stringify({ id_token: token, provider: 'test', link_identity: true }),
      });
      expect(anonymous.status).toBe(400);
      expect(((await anonymous.json()) as { error_description: string }).error_description).toBe(
        'Linking requires a valid user authentication',
      );
    });
  });
}
