// The built-in test OAuth provider: a page where the developer picks a test identity used
// before or types one (email, name), then goes back to /auth/v1/callback with a signed code,
// as a real identity provider would. Served under /auth/v1/test-provider/.
import { createHash } from 'node:crypto';
import { html } from 'hono/html';
import { z } from 'zod';
import type { AuthContext } from '../../context.js';
import { fail } from '../../errors.js';
import { json, parseBody, type AuthRequest } from '../../request/http.js';
import { signTestIdToken, TEST_CLIENT_ID, testIssuer } from '../../identities/id-tokens.js';
import { TEST_PROVIDER, type AuthSettings } from '../../settings.js';
import { readState, signProviderCode } from '../../identities/oauth-state.js';
import { optionalBoolean, optionalString, validateEmail } from '../../request/validation.js';
import { standInPage } from '../../stand-in-page.js';

const IdTokenRequest = z
  .object({
    email: optionalString,
    name: optionalString,
    email_verified: optionalBoolean,
    nonce: optionalString,
    aud: optionalString,
    sub: optionalString,
    provider: optionalString,
    expires_in: z.number().int().nullish(),
  })
  .loose();


/** The provider's user id for an address: stable, so the same email is the same identity. */
export function testSubject(provider: string, email: string): string {
  return createHash('sha256')
    .update(`${provider}:${email.toLowerCase()}`)
    .digest('hex')
    .slice(0, 24);
}

/** Where the provider sends the browser back: the service's OAuth callback. */
function callbackUrl(settings: AuthSettings): string {
  return `${settings.apiUrl}/auth/v1/callback`;
}

/** GET /test-provider/authorize */
export async function testProviderPage(c: AuthRequest, ctx: AuthContext): Promise<Response> {
  const { db, keys } = ctx;
  const stateToken = c.req.query('state') ?? '';
  const state = await readState(keys, stateToken);
  if (!state)
    fail(
      'bad_oauth_state',
      'The sign-in request has expired or was not made by this emulator; start again from the app.',
    );
  const { rows } = await db.query<{ email: string | null; name: string | null; sub: string }>(
    `select identity_data->>'email' as email, identity_data->>'name' as name, provider_id as sub
     from auth.identities where provider = $1 order by last_sign_in_at desc nulls last limit 20`,
    [state.provider],
  );
  const hidden = html`<input type="hidden" name="state" value="${stateToken}">`;
  const known = rows
    .filter((row) => row.email)
    .map(
      (row) => html`<li><form method="get" action="approve">${hidden}
<input type="hidden" name="email" value="${row.email!}"><input type="hidden" name="name" value="${row.name ?? ''}">
<button type="submit">${row.name ? `${row.name} <${row.email}>` : row.email!}</button></form></li>`,
    );
  const page = standInPage(
    `Sign in with ${state.provider}`,
    html`<h1>Test sign-in: ${state.provider}</h1>
<p class="hint">This page stands in for the ${state.provider} sign-in page while the portal runs on the emulator.
Choose who signs in; no password is needed.</p>
${known.length > 0 ? html`<h2>Identities used before</h2><ul>${known}</ul>` : ''}
<h2>Another identity</h2>
<form method="get" action="approve">${hidden}
<label for="email">Email</label><input id="email" name="email" type="email" required placeholder="someone@example.com">
<label for="name">Name</label><input id="name" name="name" type="text" placeholder="Someone Example">
<input type="hidden" name="typed" value="1">
<label><input type="checkbox" name="email_verified" value="true" checked> The provider has verified this email</label>
<button type="submit">Sign in</button>
</form>
<form method="get" action="approve">${hidden}<input type="hidden" name="cancel" value="1"><button type="submit">Cancel</button></form>`,
  );
  return c.html(page);
}

/** GET /test-provider/approve */
export async function testProviderApprove(c: AuthRequest, ctx: AuthContext): Promise<Response> {
  const { keys, settings } = ctx;
  const stateToken = c.req.query('state') ?? '';
  const state = await readState(keys, stateToken);
  if (!state)
    fail(
      'bad_oauth_state',
      'The sign-in request has expired or was not made by this emulator; start again from the app.',
    );
  if (c.req.query('cancel')) {
    const params = new URLSearchParams({
      error: 'access_denied',
      error_description: 'The user cancelled the sign-in at the test provider',
      state: stateToken,
    });
    return c.redirect(`${callbackUrl(settings)}?${params}`, 302);
  }
  const email = validateEmail(c.req.query('email'));
  const name = (c.req.query('name') ?? '').trim() || null;
  // An unticked checkbox sends nothing, so the typed form marks itself; otherwise verified by default.
  const verifiedParam =
    c.req.query('email_verified') ?? (c.req.query('typed') ? 'false' : undefined);
  const code = await signProviderCode(keys, {
    provider: state.provider,
    sub: testSubject(state.provider, email),
    email,
    name,
    emailVerified:
      verifiedParam === undefined || verifiedParam === 'true' || verifiedParam === 'on',
  });
  return c.redirect(
    `${callbackUrl(settings)}?${new URLSearchParams({ code, state: stateToken })}`,
    302,
  );
}

/**
 * An OpenID Connect ID token for a test identity, for `signInWithIdToken` / linkIdentity with
 * a token (grant_type=id_token). `nonce` is put in the token as given: pass the hex sha256 of
 * the raw nonce the app will send, as Apple and Google receive it.
 */
export async function testProviderIdToken(c: AuthRequest, ctx: AuthContext): Promise<Response> {
  const { keys, settings } = ctx;
  const body = await parseBody(c, IdTokenRequest);
  const provider = body.provider ?? TEST_PROVIDER;
  if (!settings.oauthProviders.has(provider)) {
    fail(
      'validation_failed',
      `The test provider does not serve "${provider}": enable it in config.toml`,
    );
  }
  const email = validateEmail(body.email);
  const idToken = await signTestIdToken(keys, settings, {
    provider,
    sub: body.sub || testSubject(provider, email),
    email,
    name: body.name?.trim() || null,
    emailVerified: body.email_verified ?? true,
    nonce: body.nonce || null,
    aud: body.aud || TEST_CLIENT_ID,
    ...(body.expires_in != null ? { expiresInSeconds: body.expires_in } : {}),
  });
  return json(c, {
    id_token: idToken,
    provider,
    issuer: testIssuer(settings),
    client_id: TEST_CLIENT_ID,
  });
}
