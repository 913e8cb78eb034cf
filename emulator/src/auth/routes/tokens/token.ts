// POST /token?grant_type=password|refresh_token|pkce|id_token|web3
// (docs/compatibility.md#auth-endpoints, #auth-refresh-token-rotation).
import type { Hono } from 'hono';
import { z } from 'zod';
import type { GatewayEnv } from '../../../http/gateway-env.js';
import { clientInfo, enforceRateLimit, type AuthContext } from '../../context.js';
import { fail, OAuthError } from '../../errors.js';
import { userForIdentity } from '../../identities/external-identity.js';
import { authenticate, sessionBearer } from '../../request/guard.js';
import { idTokenProvider, verifyIdToken } from '../../identities/id-tokens.js';
import { checkCodeVerifier, flowByAuthCode, isFlowExpired } from '../../sessions/flow-state.js';
import { json, parseBody, route, type AuthRequest } from '../../request/http.js';
import { checkPasswordStrength, verifyPassword } from '../../users/passwords.js';
import { findUserByPhone, isPhoneConfirmed } from '../../users/phone.js';
import { refreshGrant } from './refresh.js';
import { startSession, type AuthMethod } from '../../sessions/sessions.js';
import { findUserByEmail, findUserById, isBanned, isEmailConfirmed } from '../../users/users.js';
import { optionalBoolean, optionalString } from '../../request/validation.js';
import { web3Grant } from '../identities/web3.js';

const PasswordBody = z
  .object({ email: optionalString, phone: optionalString, password: optionalString })
  .loose();
const IdTokenBody = z
  .object({
    id_token: optionalString,
    nonce: optionalString,
    provider: optionalString,
    client_id: optionalString,
    issuer: optionalString,
    access_token: optionalString,
    link_identity: optionalBoolean,
  })
  .loose();
const RefreshBody = z.object({ refresh_token: optionalString }).loose();
const PkceBody = z.object({ auth_code: optionalString, code_verifier: optionalString }).loose();

const FLOW_METHODS = new Set<AuthMethod>([
  'oauth',
  'password',
  'otp',
  'magiclink',
  'email/signup',
  'recovery',
  'invite',
  'email_change',
  'sso/saml',
]);

export function tokenRoutes(app: Hono<GatewayEnv>, ctx: AuthContext): void {
  const { db, settings } = ctx;

  async function passwordGrant(c: AuthRequest): Promise<Response> {
    const body = await parseBody(c, PasswordBody);
    if (body.email && body.phone) {
      fail(
        'validation_failed',
        'Only an email address or phone number should be provided on login.',
      );
    }
    if (body.phone && !settings.phoneEnabled)
      fail('phone_provider_disabled', 'Phone logins are disabled');
    if (!body.email && !body.phone) fail('validation_failed', 'missing email or phone');
    const password = body.password ?? '';
    // GoTrue looks the number up as it stores it (digits, no '+'), without validating it first.
    const user = body.phone
      ? await findUserByPhone(
          db,
          body.phone
            .trim()
            .replace(/^\+/, '')
            .replace(/[\s\-()]/g, ''),
        )
      : await findUserByEmail(db, body.email!.trim());
    if (!user || !user.encrypted_password) fail('invalid_credentials');
    if (isBanned(user)) fail('user_banned');
    // bcrypt runs outside any transaction: the embedded database is one connection.
    if (!(await verifyPassword(password, user.encrypted_password, ctx.hasher)))
      fail('invalid_credentials');
    if (body.phone ? !isPhoneConfirmed(user) : !isEmailConfirmed(user)) {
      fail(body.phone ? 'phone_not_confirmed' : 'email_not_confirmed');
    }
    const weak = checkPasswordStrength(password, settings);
    const session = await db.transaction((tx) =>
      startSession(tx, ctx, user, 'password', clientInfo(c)),
    );
    return json(c, weak ? { ...session, weak_password: weak } : session);
  }

  async function pkceGrant(c: AuthRequest): Promise<Response> {
    const body = await parseBody(c, PkceBody);
    if (!body.auth_code || !body.code_verifier) {
      fail(
        'validation_failed',
        'invalid request: both auth code and code verifier should be non-empty',
      );
    }
    const authCode = body.auth_code;
    const verifier = body.code_verifier;
    const session = await db.transaction(async (tx) => {
      const flow = await flowByAuthCode(tx, authCode);
      if (!flow || !flow.user_id || !flow.auth_code_issued_at) fail('flow_state_not_found');
      if (isFlowExpired(flow, settings.flowStateExpirySeconds)) fail('flow_state_expired');
      const user = await findUserById(tx, flow.user_id);
      if (!user) fail('flow_state_not_found');
      checkCodeVerifier(flow, verifier);
      const method = FLOW_METHODS.has(flow.authentication_method as AuthMethod)
        ? (flow.authentication_method as AuthMethod)
        : 'oauth';
      const response = await startSession(tx, ctx, user, method, clientInfo(c));
      await tx.query('delete from auth.flow_state where id = $1', [flow.id]);
      return {
        ...response,
        ...(flow.provider_access_token ? { provider_token: flow.provider_access_token } : {}),
        ...(flow.provider_refresh_token
          ? { provider_refresh_token: flow.provider_refresh_token }
          : {}),
      };
    });
    return json(c, session);
  }

  /**
   * GoTrue's IdTokenGrant: an ID token of the test provider signs in (finding or creating the
   * user and identity) or, with link_identity and a user's JWT, links the identity to that user.
   */
  async function idTokenGrant(c: AuthRequest): Promise<Response> {
    const body = await parseBody(c, IdTokenBody);
    if (!body.id_token) throw new OAuthError('invalid request', 'id_token required');
    if (!body.provider && (!body.client_id || !body.issuer)) {
      throw new OAuthError('invalid request', 'provider or client_id and issuer required');
    }
    const provider = idTokenProvider(settings, body.provider, body.issuer);
    const identity = await verifyIdToken(
      ctx.keys,
      settings,
      provider,
      body.id_token,
      body.nonce ?? null,
    );
    let linkingTargetId: string | null = null;
    if (body.link_identity) {
      // A request without a user's JWT (no token, or the anon key supabase-js sends) cannot link.
      const bearer = sessionBearer(c);
      const verified = bearer ? await ctx.keys.verify(bearer) : null;
      if (!verified || (verified.ok && !verified.claims.sub)) {
        throw new OAuthError('invalid request', 'Linking requires a valid user authentication');
      }
      const caller = await authenticate(c, db, ctx.keys);
      if (!settings.manualLinkingEnabled) fail('manual_linking_disabled');
      linkingTargetId = caller.user.id;
    }
    const session = await db.transaction(async (tx) => {
      const user = await userForIdentity(tx, settings, identity, linkingTargetId);
      if (isBanned(user)) fail('user_banned');
      return startSession(tx, ctx, user, 'oauth', clientInfo(c));
    });
    return json(c, session);
  }

  app.post(
    '/token',
    route(ctx.log, async (c) => {
      const grantType = c.req.query('grant_type') ?? '';
      const handlers: Record<string, (c: AuthRequest) => Promise<Response>> = {
        password: passwordGrant,
        refresh_token: async (c) =>
          json(
            c,
            await refreshGrant(
              db,
              ctx,
              (await parseBody(c, RefreshBody)).refresh_token ?? undefined,
            ),
          ),
        pkce: pkceGrant,
        id_token: idTokenGrant,
        web3: (c) => web3Grant(c, ctx),
      };
      const handler = handlers[grantType];
      if (!handler) fail('invalid_credentials', 'unsupported_grant_type');
      enforceRateLimit(ctx, c, 'token_refresh');
      return handler(c);
    }),
  );
}
