// Passkeys as GoTrue serves them and auth-js calls them (docs/compatibility.md#auth-passkeys):
// /passkeys/registration/{options,verify} for a signed-in person, /passkeys/authentication/
// {options,verify} to sign in with a discoverable credential, GET /passkeys, PATCH and DELETE
// /passkeys/{id}. Every one answers 404 passkey_disabled while [auth.passkey] is off.
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { isPostgresError } from '../../../db/database.js';
import { clientInfo, enforceRateLimit, type AuthContext } from '../../context.js';
import { fail } from '../../errors.js';
import { factorsOf } from '../../factors/factors.js';
import {
  consumeChallenge,
  findPasskey,
  passkeyRequestOptions,
  passkeyForAssertion,
  passkeyCreationOptions,
  passkeysOf,
  storeChallenge,
  toPasskeyJson,
  userHandleOf,
  verifyPasskeyAssertion,
  verifyPasskeyRegistration,
} from '../../factors/passkeys.js';
import { authenticate, isAal2, requireNotAnonymous, type Caller } from '../../request/guard.js';
import { json, parseBody, type AuthRequest } from '../../request/http.js';
import { startSession } from '../../sessions/sessions.js';
import { findUserById, isBanned, isEmailConfirmed, isUuid, type UserRow } from '../../users/users.js';

const CeremonyBody = z
  .object({ challenge_id: z.string().optional(), credential: z.unknown() })
  .loose();
const UpdateBody = z.object({ friendly_name: z.string().optional() }).loose();

/** The verify bodies, checked in GoTrue's order and words. */
async function ceremonyAnswer(
  c: AuthRequest,
): Promise<{ challengeId: string; credential: unknown }> {
  const body = await parseBody(c, CeremonyBody);
  if (!body.challenge_id) fail('validation_failed', 'challenge_id is required');
  if (body.credential === undefined || body.credential === null)
    fail('validation_failed', 'credential is required');
  if (!isUuid(body.challenge_id)) fail('validation_failed', 'challenge_id must be a valid UUID');
  return { challengeId: body.challenge_id, credential: body.credential };
}

/** GoTrue's requirePasskeyManagementAAL: with a verified MFA factor, adding or removing a passkey takes aal2. */
async function requireManagementAal(ctx: AuthContext, caller: Caller): Promise<void> {
  const factors = await factorsOf(ctx.db, caller.user.id);
  if (factors.some((f) => f.status === 'verified') && !isAal2(caller)) {
    fail('insufficient_aal', 'AAL2 session is required to manage passkeys when MFA is enabled');
  }
}

function refuseSsoUser(user: UserRow): void {
  if (user.is_sso_user) fail('validation_failed', 'SSO users cannot register passkeys', 422);
}

export function passkeyNotFound(): never {
  fail('validation_failed', 'Passkey not found', 404);
}

/** GoTrue's requirePasskeyEnabled, ahead of everything else (404, so an instance without passkeys looks like one that predates them). */
function requirePasskeysEnabled(ctx: AuthContext): void {
  if (!ctx.settings.passkey.enabled) fail('passkey_disabled');
}

/** POST /passkeys/registration/options: creation options for a new discoverable key of the signed-in person. */
export async function passkeyRegistrationOptions(c: AuthRequest, ctx: AuthContext): Promise<Response> {
  requirePasskeysEnabled(ctx);
  const { db, keys, settings } = ctx;
  const caller = await authenticate(c, db, keys);
  requireNotAnonymous(caller);
  refuseSsoUser(caller.user);
  await requireManagementAal(ctx, caller);
  const existing = await passkeysOf(db, caller.user.id);
  if (existing.length >= settings.passkey.maxPerUser) fail('too_many_passkeys');
  const options = await passkeyCreationOptions(settings.webauthn.rp, caller.user, existing);
  const { challengeId, expiresAt } = await storeChallenge(
    db,
    'registration',
    caller.user.id,
    options.challenge,
    settings.passkey.challengeExpiryMs,
  );
  return json(c, { challenge_id: challengeId, options, expires_at: expiresAt });
}

/** POST /passkeys/registration/verify: the authenticator's attestation; the passkey stored. */
export async function passkeyRegistrationVerify(c: AuthRequest, ctx: AuthContext): Promise<Response> {
  requirePasskeysEnabled(ctx);
  const { db, keys, settings } = ctx;
  const caller = await authenticate(c, db, keys);
  requireNotAnonymous(caller);
  refuseSsoUser(caller.user);
  await requireManagementAal(ctx, caller);
  const { challengeId, credential } = await ceremonyAnswer(c);
  const challenge = await consumeChallenge(db, challengeId, 'registration', caller.user.id);
  const key = await verifyPasskeyRegistration(settings.webauthn.rp, challenge, credential);
  const row = await db.transaction(async (tx) => {
    const { rows: count } = await tx.query<{ n: number }>(
      'select count(*)::int as n from auth.webauthn_credentials where user_id = $1',
      [caller.user.id],
    );
    if (count[0]!.n >= settings.passkey.maxPerUser) fail('too_many_passkeys');
    try {
      const { rows } = await tx.query<{ id: string; friendly_name: string; created_at: Date }>(
        `insert into auth.webauthn_credentials (id, user_id, credential_id, public_key, attestation_type,
           aaguid, sign_count, transports, backup_eligible, backed_up, friendly_name)
         values ($1, $2, decode($3, 'hex'), decode($4, 'hex'), $5, $6::uuid, $7, $8::jsonb, $9, $10, 'Passkey')
         returning id, friendly_name, created_at`,
        [
          randomUUID(),
          caller.user.id,
          key.credentialId.toString('hex'),
          key.publicKey.toString('hex'),
          key.attestationType,
          key.aaguid,
          key.counter,
          JSON.stringify(key.transports),
          key.backupEligible,
          key.backedUp,
        ],
      );
      return rows[0]!;
    } catch (error) {
      if (isPostgresError(error) && error.code === '23505') fail('webauthn_credential_exists');
      throw error;
    }
  });
  return json(c, {
    id: row.id,
    friendly_name: row.friendly_name,
    created_at: new Date(row.created_at).toISOString(),
  });
}

/**
 * POST /passkeys/authentication/options: a challenge any of the project's passkeys may answer.
 * Anyone may ask, and each answer is a row until it is used or expires: GoTrue's passkey limit
 * (GOTRUE_RATE_LIMIT_PASSKEY, per IP) bounds them, after the enabled check as in its router.
 */
export async function passkeyAuthenticationOptions(c: AuthRequest, ctx: AuthContext): Promise<Response> {
  requirePasskeysEnabled(ctx);
  enforceRateLimit(ctx, c, 'passkey');
  const { db, settings } = ctx;
  const options = await passkeyRequestOptions(settings.webauthn.rp);
  const { challengeId, expiresAt } = await storeChallenge(
    db,
    'authentication',
    null,
    options.challenge,
    settings.passkey.challengeExpiryMs,
  );
  return json(c, { challenge_id: challengeId, options, expires_at: expiresAt });
}

/** POST /passkeys/authentication/verify: the assertion; a session for the account its user handle names. */
export async function passkeyAuthenticationVerify(c: AuthRequest, ctx: AuthContext): Promise<Response> {
  requirePasskeysEnabled(ctx);
  const { db, settings } = ctx;
  const { challengeId, credential } = await ceremonyAnswer(c);
  const challenge = await consumeChallenge(db, challengeId, 'authentication', null);
  // The user handle names the account (registration set it to the user's id).
  const userId = userHandleOf(credential);
  const user = userId ? await findUserById(db, userId) : null;
  const passkey = user ? passkeyForAssertion(await passkeysOf(db, user.id), credential) : null;
  if (!user || !passkey) fail('webauthn_verification_failed');
  const signCount = await verifyPasskeyAssertion(settings.webauthn.rp, challenge, passkey, credential);
  if (user.email && !isEmailConfirmed(user)) fail('email_not_confirmed', undefined, 403);
  if (user.phone && !user.phone_confirmed_at) fail('phone_not_confirmed', undefined, 403);
  if (isBanned(user)) fail('user_banned', undefined, 403);
  const session = await db.transaction(async (tx) => {
    await tx.query(
      `update auth.webauthn_credentials set sign_count = $2, last_used_at = now(), updated_at = now()
       where id = $1`,
      [passkey.id, signCount],
    );
    return startSession(tx, ctx, user, 'passkey', clientInfo(c));
  });
  return json(c, session);
}

/** GET /passkeys: the signed-in person's passkeys, oldest first. */
export async function listPasskeys(c: AuthRequest, ctx: AuthContext): Promise<Response> {
  requirePasskeysEnabled(ctx);
  const caller = await authenticate(c, ctx.db, ctx.keys);
  return json(c, (await passkeysOf(ctx.db, caller.user.id)).map(toPasskeyJson));
}

/** PATCH /passkeys/:id: a new friendly name (up to 120 characters). */
export async function updatePasskey(c: AuthRequest, ctx: AuthContext): Promise<Response> {
  requirePasskeysEnabled(ctx);
  const caller = await authenticate(c, ctx.db, ctx.keys);
  const body = await parseBody(c, UpdateBody);
  const name = body.friendly_name ?? '';
  if (!name) fail('validation_failed', 'friendly_name is required');
  if ([...name].length > 120)
    fail('validation_failed', 'friendly_name must be 120 characters or less');
  const passkey = await findPasskey(ctx.db, caller.user.id, c.req.param('id') ?? '');
  if (!passkey) passkeyNotFound();
  await ctx.db.query(
    `update auth.webauthn_credentials set friendly_name = $2, updated_at = now() where id = $1`,
    [passkey.id, name],
  );
  return json(c, toPasskeyJson({ ...passkey, friendly_name: name }));
}

/** DELETE /passkeys/:id: 204; with a verified MFA factor only from an aal2 session. */
export async function deletePasskey(c: AuthRequest, ctx: AuthContext): Promise<Response> {
  requirePasskeysEnabled(ctx);
  const caller = await authenticate(c, ctx.db, ctx.keys);
  await requireManagementAal(ctx, caller);
  const passkey = await findPasskey(ctx.db, caller.user.id, c.req.param('id') ?? '');
  if (!passkey) passkeyNotFound();
  await ctx.db.query('delete from auth.webauthn_credentials where id = $1', [passkey.id]);
  return c.body(null, 204);
}
