// OAuth through the built-in test provider: GET /authorize (sign in), GET
// /user/identities/authorize (link, needs enable_manual_linking), GET /callback (back from
// the provider: PKCE `?code=` or implicit `#access_token=…`), DELETE /user/identities/{id}.
import { randomBytes } from 'node:crypto';
import { clientInfo, type AuthContext } from '../../context.js';
import { AuthError, fail } from '../../errors.js';
import {
  createFlowState,
  findFlowState,
  issueAuthCode,
  pkceParams,
} from '../../sessions/flow-state.js';
import { authenticate } from '../../request/guard.js';
import { json, type AuthRequest } from '../../request/http.js';
import { identitiesOf } from '../../identities/identities.js';
import { readProviderCode, readState, signState } from '../../identities/oauth-state.js';
import { resolveRedirect } from '../../request/redirects.js';
import { startSession } from '../../sessions/sessions.js';
import { findUserByEmail, isBanned, setAppMetadata } from '../../users/users.js';
import { errorRedirect, withQuery, withSessionFragment } from '../../request/redirect-urls.js';
import { userForIdentity } from '../../identities/external-identity.js';

/** The provider's authorization URL for a new sign-in or link (GetExternalProviderRedirectURL). */
async function providerUrl(
  ctx: AuthContext,
  c: AuthRequest,
  linkingTargetId: string | null,
): Promise<string> {
  const { db, keys, settings } = ctx;
  const provider = c.req.query('provider') ?? '';
  if (!provider) fail('validation_failed', 'Unsupported provider: missing provider');
  if (!settings.oauthProviders.has(provider))
    fail('validation_failed', 'Unsupported provider: provider is not enabled');
  const redirectTo = resolveRedirect(c.req.query('redirect_to'), settings);
  const pkce = pkceParams(c.req.query('code_challenge'), c.req.query('code_challenge_method'));
  const flow = pkce
    ? await createFlowState(db, {
        ...pkce,
        providerType: provider,
        authenticationMethod: 'oauth',
        userId: null,
      })
    : null;
  const state = await signState(keys, {
    provider,
    redirectTo,
    flowStateId: flow?.id ?? null,
    linkingTargetId,
  });
  const params = new URLSearchParams({ state, provider, scope: c.req.query('scopes') ?? '' });
  return `${settings.apiUrl}/auth/v1/test-provider/authorize?${params}`;
}

/** GET /authorize */
export async function authorize(c: AuthRequest, ctx: AuthContext): Promise<Response> {
  const url = await providerUrl(ctx, c, null);
  if (c.req.query('skip_http_redirect') === 'true') return json(c, { url });
  return c.redirect(url, 302);
}

/** GET /user/identities/authorize */
export async function linkIdentity(c: AuthRequest, ctx: AuthContext): Promise<Response> {
  const { db, keys, settings } = ctx;
  const { user } = await authenticate(c, db, keys);
  if (!settings.manualLinkingEnabled) fail('manual_linking_disabled');
  const url = await providerUrl(ctx, c, user.id);
  return json(c, { url });
}

/** GET /callback */
export async function callback(c: AuthRequest, ctx: AuthContext): Promise<Response> {
  const { db, keys, settings } = ctx;
  const state = await readState(keys, c.req.query('state'));
  if (!state) fail('bad_oauth_state', 'OAuth callback with invalid state');
  const pkce = state.flowStateId !== null;
  let target: string;
  try {
    const providerError = c.req.query('error');
    if (providerError) {
      throw new AuthError('bad_oauth_callback', c.req.query('error_description') ?? providerError, {
        status: 403,
      });
    }
    const identity = await readProviderCode(keys, c.req.query('code'));
    if (!identity || identity.provider !== state.provider) {
      fail('bad_oauth_callback', 'OAuth callback with an invalid or expired code');
    }
    const providerToken = `test-provider-token-${randomBytes(16).toString('hex')}`;
    target = await db.transaction(async (tx) => {
      const user = await userForIdentity(tx, settings, identity, state.linkingTargetId);
      if (isBanned(user)) fail('user_banned');
      if (state.flowStateId) {
        const flow = await findFlowState(tx, state.flowStateId);
        if (!flow) fail('flow_state_not_found');
        const code = await issueAuthCode(tx, flow, user.id, { access: providerToken });
        return withQuery(state.redirectTo, { code });
      }
      const session = await startSession(tx, ctx, user, 'oauth', clientInfo(c));
      return withSessionFragment(state.redirectTo, session, { provider_token: providerToken });
    });
  } catch (error) {
    if (!(error instanceof AuthError)) throw error;
    target = errorRedirect(state.redirectTo, error, pkce);
  }
  return c.redirect(target, 302);
}

/** DELETE /user/identities/:id */
export async function unlinkIdentity(c: AuthRequest, ctx: AuthContext): Promise<Response> {
  const { db, keys, settings } = ctx;
  const { user } = await authenticate(c, db, keys);
  if (!settings.manualLinkingEnabled) fail('manual_linking_disabled');
  const identities = await identitiesOf(db, user.id);
  if (identities.length <= 1) fail('single_identity_not_deletable');
  const doomed = identities.find((identity) => identity.id === c.req.param('id'));
  if (!doomed) fail('identity_not_found', "Identity doesn't exist");
  const remaining = identities.filter((identity) => identity.id !== doomed.id);
  await db.transaction(async (tx) => {
    await tx.query('delete from auth.identities where id = $1', [doomed.id]);
    const providers = [...new Set(remaining.map((identity) => identity.provider))];
    const appMetadata = {
      ...(user.raw_app_meta_data ?? {}),
      provider: providers[0],
      providers,
    };
    await setAppMetadata(tx, user.id, appMetadata);
    // The primary email follows the identities that remain (GoTrue's UpdateUserEmailFromIdentities).
    const emails = remaining
      .map((identity) => identity.email)
      .filter((email): email is string => Boolean(email));
    if (user.email && !emails.includes(user.email.toLowerCase()) && emails.length > 0) {
      const clash = await findUserByEmail(tx, emails[0]!);
      if (clash && clash.id !== user.id) fail('email_conflict_identity_not_deletable');
      await tx.query('update auth.users set email = $2, updated_at = now() where id = $1', [
        user.id,
        emails[0],
      ]);
    }
  });
  return json(c, {});
}
