// POST /token?grant_type=pkce — GoTrue's PKCEGrant: the auth code a flow was given, exchanged
// once with its code verifier for a session (and the provider's tokens, when it kept them).
import { z } from 'zod';
import { clientInfo, type AuthContext } from '../../context.js';
import { fail } from '../../errors.js';
import { json, parseBody, type AuthRequest } from '../../request/http.js';
import { optionalString } from '../../request/validation.js';
import { checkCodeVerifier, flowByAuthCode, isFlowExpired } from '../../sessions/flow-state.js';
import { startSession, type AuthMethod } from '../../sessions/sessions.js';
import { findUserById } from '../../users/users.js';

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

export async function pkceGrant(c: AuthRequest, ctx: AuthContext): Promise<Response> {
  const { db, settings } = ctx;
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
    // Locked until the exchange commits (and deletes it): concurrent exchanges of one code wait,
    // then find no flow state (flow_state_not_found), as a replay does.
    const flow = await flowByAuthCode(tx, authCode, true);
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
