// The OAuth 2.1 server's public side, as a third-party app and the project's consent page use it:
// /oauth/authorize → consent (supabase-js `auth.oauth`) → /oauth/token → the user's API, with the
// project signing ES256 so the ID token is checked against the published JWKS. Shared by the
// PGlite and real PostgreSQL specs.
import { createHash, randomBytes } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { createRemoteJWKSet, decodeJwt, jwtVerify } from 'jose';
import { ANON_KEY, startTestEmulator, type TestEmulator } from '../harness.js';
import { cliSigningKey, signingKeysFile } from '../signing-key-files.js';

const SITE_URL = 'http://127.0.0.1:3999';
const CONFIG = `
[auth]
site_url = "${SITE_URL}"
signing_keys_path = "./signing_keys.json"

[auth.oauth_server]
enabled = true
allow_dynamic_registration = true
authorization_url_path = "/account/oauth/consent"
`;
const REDIRECT_URI = 'http://127.0.0.1:4555/callback';

interface Pkce {
  verifier: string;
  challenge: string;
}

function newPkce(): Pkce {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

interface Registered {
  client_id: string;
  client_secret?: string;
}

export function describeOAuthServer(name: string, options: { postgres?: boolean } = {}): void {
  describe(name, () => {
    jest.setTimeout(60_000);

    let emulator: TestEmulator;
    let admin: SupabaseClient;
    let confidential: Registered;
    let publicClient: Registered;

    beforeAll(async () => {
      emulator = await startTestEmulator({
        configToml: CONFIG,
        files: { 'signing_keys.json': signingKeysFile([await cliSigningKey('ES256')]) },
        postgres: options.postgres ?? false,
      });
      admin = emulator.admin();
      const made = await admin.auth.admin.oauth.createClient({
        client_name: 'Reports <b>app</b>',
        client_uri: 'https://reports.example.com',
        redirect_uris: [REDIRECT_URI],
      });
      expect(made.error).toBeNull();
      confidential = made.data!;
      const madePublic = await admin.auth.admin.oauth.createClient({
        client_name: 'CLI',
        redirect_uris: [REDIRECT_URI],
        token_endpoint_auth_method: 'none',
      });
      expect(madePublic.error).toBeNull();
      publicClient = madePublic.data!;
    }, 120_000);

    afterAll(() => emulator?.stop(), 60_000);

    /** A new person signed in through supabase-js (the consent page's client). */
    async function signedInPerson(
      label: string,
    ): Promise<{ user: SupabaseClient; email: string; id: string }> {
      const email = `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
      const user = emulator.client(ANON_KEY);
      const { data, error } = await user.auth.signUp({ email, password: 'oauth-pass-1' });
      expect(error).toBeNull();
      return { user, email, id: data.user!.id };
    }

    function authorizeUrl(clientId: string, params: Record<string, string>): string {
      const url = new URL(`${emulator.apiUrl}/auth/v1/oauth/authorize`);
      url.search = new URLSearchParams({
        client_id: clientId,
        redirect_uri: REDIRECT_URI,
        ...params,
      }).toString();
      return url.toString();
    }

    /** /oauth/authorize as a browser follows it: the 302's Location, or the JSON refusal. */
    async function authorize(clientId: string, params: Record<string, string>) {
      const response = await fetch(authorizeUrl(clientId, params), { redirect: 'manual' });
      const location = response.headers.get('location');
      return {
        status: response.status,
        location: location ? new URL(location) : null,
        body: location ? null : ((await response.json()) as Record<string, unknown>),
      };
    }

    async function authorizationId(
      clientId: string,
      pkce: Pkce,
      extra: Record<string, string> = {},
    ): Promise<string> {
      const answer = await authorize(clientId, {
        response_type: 'code',
        scope: 'openid email profile',
        state: 'st-1',
        code_challenge: pkce.challenge,
        code_challenge_method: 'S256',
        ...extra,
      });
      expect(answer.status).toBe(302);
      expect(`${answer.location!.origin}${answer.location!.pathname}`).toBe(
        `${SITE_URL}/account/oauth/consent`,
      );
      return answer.location!.searchParams.get('authorization_id')!;
    }

    /** Approves as `user` and returns the code the client's redirect_uri receives. */
    async function approvedCode(user: SupabaseClient, id: string): Promise<URL> {
      const details = await user.auth.oauth.getAuthorizationDetails(id);
      expect(details.error).toBeNull();
      if (details.data && 'redirect_url' in details.data) return new URL(details.data.redirect_url);
      const approved = await user.auth.oauth.approveAuthorization(id, {
        skipBrowserRedirect: true,
      });
      expect(approved.error).toBeNull();
      return new URL(approved.data!.redirect_url);
    }

    async function token(
      form: Record<string, string>,
      init: { basic?: Registered; json?: boolean } = {},
    ): Promise<{ status: number; body: Record<string, unknown> }> {
      const headers: Record<string, string> = {
        'content-type': init.json ? 'application/json' : 'application/x-www-form-urlencoded',
      };
      if (init.basic) {
        headers.authorization = `Basic ${Buffer.from(`${init.basic.client_id}:${init.basic.client_secret}`).toString('base64')}`;
      }
      const response = await fetch(`${emulator.apiUrl}/auth/v1/oauth/token`, {
        method: 'POST',
        headers,
        body: init.json ? JSON.stringify(form) : new URLSearchParams(form).toString(),
      });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    }

    it("authorize → consent → token: a confidential client gets the user's tokens and an ID token checked against the JWKS", async () => {
      const person = await signedInPerson('oauth-flow');
      const pkce = newPkce();
      const id = await authorizationId(confidential.client_id, pkce, { nonce: 'n-123' });

      const details = await person.user.auth.oauth.getAuthorizationDetails(id);
      expect(details.error).toBeNull();
      expect(details.data).toEqual({
        authorization_id: id,
        redirect_uri: REDIRECT_URI,
        client: {
          id: confidential.client_id,
          name: 'Reports <b>app</b>',
          uri: 'https://reports.example.com',
        },
        user: { id: person.id, email: person.email },
        scope: 'openid email profile',
      });

      const redirect = await approvedCode(person.user, id);
      expect(`${redirect.origin}${redirect.pathname}`).toBe(REDIRECT_URI);
      expect(redirect.searchParams.get('state')).toBe('st-1');
      const code = redirect.searchParams.get('code')!;
      expect(code).toBeTruthy();

      const exchanged = await token(
        {
          grant_type: 'authorization_code',
          code,
          redirect_uri: REDIRECT_URI,
          code_verifier: pkce.verifier,
        },
        { basic: confidential },
      );
      expect(exchanged.status).toBe(200);
      expect(Object.keys(exchanged.body).sort()).toEqual([
        'access_token',
        'expires_in',
        'id_token',
        'refresh_token',
        'token_type',
      ]);
      expect(exchanged.body.token_type).toBe('bearer');
      const access = decodeJwt(String(exchanged.body.access_token));
      expect(access).toMatchObject({
        sub: person.id,
        client_id: confidential.client_id,
        role: 'authenticated',
      });
      expect(access.amr).toEqual([
        { method: 'oauth_provider/authorization_code', timestamp: expect.any(Number) },
      ]);

      const jwks = createRemoteJWKSet(new URL(`${emulator.apiUrl}/auth/v1/.well-known/jwks.json`));
      const { payload, protectedHeader } = await jwtVerify(String(exchanged.body.id_token), jwks, {
        issuer: `${emulator.apiUrl}/auth/v1`,
        audience: confidential.client_id,
      });
      expect(protectedHeader.alg).toBe('ES256');
      expect(payload).toMatchObject({
        sub: person.id,
        email: person.email,
        nonce: 'n-123',
        name: person.email,
      });

      // The token is the user's: the project's own API reads the user with it.
      const asApp = emulator.client(ANON_KEY);
      const read = await asApp.auth.getUser(String(exchanged.body.access_token));
      expect(read.error).toBeNull();
      expect(read.data.user?.email).toBe(person.email);

      const userinfo = await fetch(`${emulator.apiUrl}/auth/v1/oauth/userinfo`, {
        headers: { authorization: `Bearer ${String(exchanged.body.access_token)}` },
      });
      expect(await userinfo.json()).toMatchObject({
        sub: person.id,
        email: person.email,
        name: person.email,
      });

      // A code works once: GoTrue deletes it in the exchange.
      const replay = await token(
        { grant_type: 'authorization_code', code, code_verifier: pkce.verifier },
        { basic: confidential },
      );
      expect(replay).toEqual({
        status: 400,
        body: { error: 'invalid_grant', error_description: 'Invalid authorization code' },
      });
    });

    it('skips the consent page when the user already granted every requested scope', async () => {
      const person = await signedInPerson('oauth-again');
      const first = newPkce();
      const firstId = await authorizationId(confidential.client_id, first, {
        scope: 'email profile',
      });
      await approvedCode(person.user, firstId);

      const again = await authorizationId(confidential.client_id, newPkce(), { scope: 'email' });
      const details = await person.user.auth.oauth.getAuthorizationDetails(again);
      expect(details.error).toBeNull();
      expect(Object.keys(details.data!)).toEqual(['redirect_url']);
      const redirect = new URL((details.data as { redirect_url: string }).redirect_url);
      expect(redirect.searchParams.get('code')).toBeTruthy();

      // A scope not granted yet asks again.
      const wider = await authorizationId(confidential.client_id, newPkce(), {
        scope: 'email phone',
      });
      const asked = await person.user.auth.oauth.getAuthorizationDetails(wider);
      expect(asked.data).toMatchObject({ authorization_id: wider, scope: 'email phone' });
    });

    it('refuses as JSON what cannot be trusted (client, redirect_uri) and redirects every other problem with state', async () => {
      const unregistered = await fetch(
        `${emulator.apiUrl}/auth/v1/oauth/authorize?client_id=${confidential.client_id}&redirect_uri=${encodeURIComponent('http://127.0.0.1:4555/other')}`,
        { redirect: 'manual', headers: { 'x-supabase-api-version': '2024-01-01' } },
      );
      expect(unregistered.status).toBe(400);
      expect(await unregistered.json()).toEqual({
        code: 'validation_failed',
        message: 'invalid redirect_uri',
      });

      const unknown = await authorize('00000000-0000-4000-8000-000000000000', {});
      expect(unknown.status).toBe(400);
      expect(unknown.body).toMatchObject({
        error_code: 'oauth_client_not_found',
        msg: 'invalid client_id',
      });

      const noPkce = await authorize(confidential.client_id, { state: 'keep-me' });
      expect(noPkce.status).toBe(302);
      expect(Object.fromEntries(noPkce.location!.searchParams)).toEqual({
        error: 'invalid_request',
        error_description: 'PKCE flow requires both code_challenge and code_challenge_method',
        state: 'keep-me',
      });

      const badScope = await authorize(confidential.client_id, {
        scope: 'email admin',
        code_challenge: newPkce().challenge,
        code_challenge_method: 'S256',
      });
      expect(badScope.location!.searchParams.get('error_description')).toBe(
        'unsupported scope: admin',
      );
    });

    it("checks the PKCE verifier and the client's secret; a refused exchange leaves the code to its owner", async () => {
      const person = await signedInPerson('oauth-pkce');
      const pkce = newPkce();
      const code = (
        await approvedCode(person.user, await authorizationId(confidential.client_id, pkce))
      ).searchParams.get('code')!;
      const exchange = (fields: Record<string, string>, basic: Registered = confidential) =>
        token({ grant_type: 'authorization_code', code, ...fields }, { basic });

      expect(await exchange({})).toEqual({
        status: 400,
        body: {
          error: 'invalid_grant',
          error_description: 'PKCE verification failed: code_verifier is required',
        },
      });
      expect((await exchange({ code_verifier: newPkce().verifier })).body).toEqual({
        error: 'invalid_grant',
        error_description:
          'PKCE verification failed: code challenge does not match previously saved code verifier',
      });
      expect(
        (await exchange({ code_verifier: pkce.verifier, redirect_uri: 'http://127.0.0.1:4555/x' }))
          .body,
      ).toMatchObject({
        error: 'invalid_grant',
        error_description: 'Invalid redirect_uri',
      });
      expect(
        (
          await exchange(
            { code_verifier: pkce.verifier },
            { ...confidential, client_secret: 'wrong' },
          )
        ).body,
      ).toEqual({
        error: 'invalid_client',
        error_description: 'invalid client credentials',
      });
      // Another client cannot redeem it either.
      expect(
        (
          await token({
            grant_type: 'authorization_code',
            code,
            code_verifier: pkce.verifier,
            client_id: publicClient.client_id,
          })
        ).body,
      ).toMatchObject({
        error: 'invalid_grant',
        error_description: 'Authorization code was not issued for this client',
      });

      // client_secret_post, in a JSON body.
      const good = await token(
        {
          grant_type: 'authorization_code',
          code,
          code_verifier: pkce.verifier,
          client_id: confidential.client_id,
          client_secret: confidential.client_secret!,
        },
        { json: true },
      );
      expect(good.status).toBe(200);
      expect(good.body.id_token).toEqual(expect.any(String));
    });

    it('lets a public client exchange its code with only its client_id, and refuses it a secret', async () => {
      const person = await signedInPerson('oauth-public');
      const pkce = newPkce();
      const code = (
        await approvedCode(
          person.user,
          await authorizationId(publicClient.client_id, pkce, { scope: 'email' }),
        )
      ).searchParams.get('code')!;
      expect(
        (
          await token({
            grant_type: 'authorization_code',
            code,
            code_verifier: pkce.verifier,
            client_id: publicClient.client_id,
            client_secret: 'x',
          })
        ).body,
      ).toEqual({
        error: 'invalid_client',
        error_description: 'public clients must not provide client_secret',
      });
      const exchanged = await token({
        grant_type: 'authorization_code',
        code,
        code_verifier: pkce.verifier,
        client_id: publicClient.client_id,
      });
      expect(exchanged.status).toBe(200);
      expect(decodeJwt(String(exchanged.body.access_token)).client_id).toBe(publicClient.client_id);
      // No `openid` in the request, so no ID token.
      expect(exchanged.body).not.toHaveProperty('id_token');

      const refreshed = await token({
        grant_type: 'refresh_token',
        refresh_token: String(exchanged.body.refresh_token),
        client_id: publicClient.client_id,
      });
      expect(refreshed.status).toBe(200);
      expect(refreshed.body.refresh_token).not.toBe(exchanged.body.refresh_token);
      // The confidential client cannot refresh the public client's session.
      expect(
        await token(
          { grant_type: 'refresh_token', refresh_token: String(refreshed.body.refresh_token) },
          { basic: confidential },
        ),
      ).toEqual({
        status: 400,
        body: {
          error: 'invalid_client',
          error_description: "Client does not match the session's OAuth client",
        },
      });
    });

    it("refreshes a client's session only with that client: not at /token, and a client cannot refresh the user's own session", async () => {
      const person = await signedInPerson('oauth-refresh');
      const pkce = newPkce();
      const code = (
        await approvedCode(person.user, await authorizationId(confidential.client_id, pkce))
      ).searchParams.get('code')!;
      const exchanged = await token(
        { grant_type: 'authorization_code', code, code_verifier: pkce.verifier },
        { basic: confidential },
      );
      expect(exchanged.status).toBe(200);
      const clientRefreshToken = String(exchanged.body.refresh_token);

      // auth-js's own refresh endpoint takes no client authentication, so the client's token is
      // refused there, as GoTrue's token service refuses it, and is not used up.
      const refreshAtToken = async (refreshToken: string) => {
        const response = await fetch(`${emulator.apiUrl}/auth/v1/token?grant_type=refresh_token`, {
          method: 'POST',
          headers: { apikey: ANON_KEY, 'content-type': 'application/json' },
          body: JSON.stringify({ refresh_token: refreshToken }),
        });
        return { status: response.status, body: (await response.json()) as Record<string, unknown> };
      };
      expect(await refreshAtToken(clientRefreshToken)).toEqual({
        status: 400,
        body: {
          error: 'invalid_client',
          error_description: 'Client authentication required for OAuth session',
        },
      });
      const stranger = emulator.client(ANON_KEY);
      const refused = await stranger.auth.refreshSession({ refresh_token: clientRefreshToken });
      expect(refused.error).toMatchObject({ status: 400 });
      expect(refused.data.session).toBeNull();
      const byClient = await token(
        { grant_type: 'refresh_token', refresh_token: clientRefreshToken },
        { basic: confidential },
      );
      expect(byClient.status).toBe(200);
      expect(decodeJwt(String(byClient.body.access_token)).client_id).toBe(confidential.client_id);

      // The user's own session is no client's.
      const own = (await person.user.auth.getSession()).data.session!;
      expect(
        await token(
          { grant_type: 'refresh_token', refresh_token: own.refresh_token },
          { basic: confidential },
        ),
      ).toEqual({
        status: 400,
        body: {
          error: 'invalid_client',
          error_description: 'Client authentication not allowed for non-OAuth session',
        },
      });
      expect((await refreshAtToken(own.refresh_token)).status).toBe(200);
    });

    it('denying sends error=access_denied with the state; a decided request cannot be decided again', async () => {
      const person = await signedInPerson('oauth-deny');
      const id = await authorizationId(confidential.client_id, newPkce());
      expect((await person.user.auth.oauth.getAuthorizationDetails(id)).error).toBeNull();
      const denied = await person.user.auth.oauth.denyAuthorization(id, {
        skipBrowserRedirect: true,
      });
      expect(denied.error).toBeNull();
      const redirect = new URL(denied.data!.redirect_url);
      expect(Object.fromEntries(redirect.searchParams)).toEqual({
        error: 'access_denied',
        error_description: 'User denied the request',
        state: 'st-1',
      });
      const again = await person.user.auth.oauth.approveAuthorization(id, {
        skipBrowserRedirect: true,
      });
      expect(again.error?.message).toBe('authorization request cannot be processed');

      // Another user cannot read someone else's request; a page on an origin the project does not allow cannot either.
      const other = await signedInPerson('oauth-other');
      const mine = await authorizationId(confidential.client_id, newPkce());
      expect((await person.user.auth.oauth.getAuthorizationDetails(mine)).error).toBeNull();
      expect((await other.user.auth.oauth.getAuthorizationDetails(mine)).error).toMatchObject({
        status: 404,
        code: 'oauth_authorization_not_found',
      });
      const session = (await person.user.auth.getSession()).data.session!;
      const foreign = await fetch(`${emulator.apiUrl}/auth/v1/oauth/authorizations/${mine}`, {
        headers: {
          authorization: `Bearer ${session.access_token}`,
          origin: 'https://evil.example',
        },
      });
      expect(foreign.status).toBe(400);
      expect(await foreign.json()).toMatchObject({ msg: 'unauthorized request origin' });
    });

    it("lists the user's grants; revoking one ends the client's sessions so its refresh token stops working", async () => {
      const person = await signedInPerson('oauth-grants');
      const pkce = newPkce();
      const code = (
        await approvedCode(person.user, await authorizationId(confidential.client_id, pkce))
      ).searchParams.get('code')!;
      const exchanged = await token(
        { grant_type: 'authorization_code', code, code_verifier: pkce.verifier },
        { basic: confidential },
      );
      expect(exchanged.status).toBe(200);

      const grants = await person.user.auth.oauth.listGrants();
      expect(grants.error).toBeNull();
      expect(grants.data).toEqual([
        {
          client: {
            id: confidential.client_id,
            name: 'Reports <b>app</b>',
            uri: 'https://reports.example.com',
          },
          scopes: ['openid', 'email', 'profile'],
          granted_at: expect.any(String),
        },
      ]);

      const revoked = await person.user.auth.oauth.revokeGrant({
        clientId: confidential.client_id,
      });
      expect(revoked.error).toBeNull();
      expect((await person.user.auth.oauth.listGrants()).data).toEqual([]);
      // The user's own session goes on; the client's is gone.
      expect((await person.user.auth.getUser()).error).toBeNull();
      expect(
        await token(
          { grant_type: 'refresh_token', refresh_token: String(exchanged.body.refresh_token) },
          { basic: confidential },
        ),
      ).toEqual({
        status: 400,
        body: {
          error: 'invalid_grant',
          error_description: 'Invalid Refresh Token: Refresh Token Not Found',
        },
      });
      const again = await person.user.auth.oauth.revokeGrant({ clientId: confidential.client_id });
      expect(again.error).toMatchObject({ status: 404, code: 'oauth_consent_not_found' });
    });

    it('publishes its metadata and registers clients dynamically', async () => {
      const metadata = (await (
        await fetch(`${emulator.apiUrl}/auth/v1/.well-known/oauth-authorization-server`)
      ).json()) as Record<string, unknown>;
      const issuer = `${emulator.apiUrl}/auth/v1`;
      expect(metadata).toMatchObject({
        issuer,
        authorization_endpoint: `${issuer}/oauth/authorize`,
        token_endpoint: `${issuer}/oauth/token`,
        jwks_uri: `${issuer}/.well-known/jwks.json`,
        registration_endpoint: `${issuer}/oauth/clients/register`,
        response_types_supported: ['code'],
        code_challenge_methods_supported: ['S256', 'plain'],
      });
      const openid = (await (
        await fetch(`${issuer}/.well-known/openid-configuration`)
      ).json()) as Record<string, unknown>;
      expect(openid).toMatchObject({
        issuer,
        userinfo_endpoint: `${issuer}/oauth/userinfo`,
        id_token_signing_alg_values_supported: ['ES256'],
      });

      const registered = await fetch(String(metadata.registration_endpoint), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          client_name: 'MCP tool',
          redirect_uris: ['http://localhost:7777/cb'],
          token_endpoint_auth_method: 'none',
        }),
      });
      expect(registered.status).toBe(201);
      expect(await registered.json()).toMatchObject({
        client_type: 'public',
        registration_type: 'dynamic',
        client_name: 'MCP tool',
      });
      const refused = await fetch(String(metadata.registration_endpoint), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ redirect_uris: ['http://example.com/cb'] }),
      });
      expect(refused.status).toBe(400);
    });
  });
}
