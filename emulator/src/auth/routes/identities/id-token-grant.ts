// POST /token?grant_type=id_token (docs/compatibility.md#auth-id-tokens).
import { z } from 'zod';
import { clientInfo, type AuthContext } from '../../context.js';
import { fail, OAuthError } from '../../errors.js';
import { userForIdentity } from '../../identities/external-identity.js';
import { idTokenProvider, verifyIdToken } from '../../identities/id-tokens.js';
import { authenticate, sessionBearer } from '../../request/guard.js';
import { json, parseBody, type AuthRequest } from '../../request/http.js';
import { optionalBoolean, optionalString } from '../../request/validation.js';
import { startSession } from '../../sessions/sessions.js';
import { isBanned } from '../../users/users.js';

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

/**
 * GoTrue's IdTokenGrant: an ID token of the test provider signs in (finding or creating the
 * user and identity) or, with link_identity and a user's JWT, links the identity to that user.
 */
export async function idTokenGrant(c: AuthRequest, ctx: AuthContext): Promise<Response> {
  const { db, settings } = ctx;
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
