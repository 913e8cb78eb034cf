// MFA (TOTP, phone with codes by SMS into the mailbox, and WebAuthn security keys): POST /factors (enroll), /factors/{id}/challenge, /factors/{id}/verify (→ aal2
// session) and DELETE /factors/{id}, with GoTrue's assurance-level rules.
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { isPostgresError, type Queryable } from '../../../db/database.js';
import type { AuthContext } from '../../context.js';
import { fail } from '../../errors.js';
import { downgradeSessions, factorsOf, findFactor, type FactorRow } from '../../factors/factors.js';
import { authenticate, isAal2, requireNotAnonymous, type Caller } from '../../request/guard.js';
import { clientIp, json, parseBody, type AuthRequest } from '../../request/http.js';
import { addAmrClaim, insertRefreshToken, sessionResponse } from '../../sessions/sessions.js';
import { isValidTotp, newTotpSecret, totpQrSvg, totpUri } from '../../factors/totp.js';
import { isUuid, reloadUser } from '../../users/users.js';
import { validateChannel, validatePhone } from '../../users/phone.js';
import { safeEqual, tokenHash } from '../../sessions/secrets.js';
import { optionalString } from '../../request/validation.js';
import {
  authenticationOptions,
  CeremonyRefused,
  CeremonySession,
  registrationOptions,
  StoredCredential,
  verifyAuthentication,
  verifyRegistration,
  type RelyingParty,
} from '../../factors/webauthn.js';
import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/server';

const EnrollBody = z
  .object({
    friendly_name: optionalString,
    factor_type: optionalString,
    issuer: optionalString,
    phone: optionalString,
  })
  .loose();
const VerifyBody = z
  .object({ challenge_id: optionalString, code: optionalString, webauthn: z.unknown().optional() })
  .loose();

/** The `webauthn` part of a verify body, checked as GoTrue does (type, then credential_response). */
function webauthnAnswer(value: unknown): { type: 'create' | 'request'; response: unknown } {
  if (typeof value !== 'object' || value === null)
    fail('validation_failed', 'WebAuthn config required');
  const { type, credential_response: response } = value as Record<string, unknown>;
  if (type !== 'create' && type !== 'request')
    fail('validation_failed', 'WebAuthn type must be create or request');
  if (response === undefined || response === null)
    fail('validation_failed', 'credential_response required');
  return { type, response };
}

function storedCredential(factor: FactorRow): StoredCredential {
  const parsed = StoredCredential.safeParse(factor.web_authn_credential);
  if (!parsed.success) fail('unexpected_failure', 'The WebAuthn factor has no stored credential');
  return parsed.data;
}

/** Checks the authenticator's answer against the challenge's ceremony; what to store on success. */
async function verifyCeremony(
  rp: RelyingParty,
  factor: FactorRow,
  sessionData: unknown,
  answer: { type: 'create' | 'request'; response: unknown },
): Promise<{ credential: StoredCredential; aaguid: string | null }> {
  const session = CeremonySession.safeParse(sessionData);
  if (!session.success)
    fail('mfa_factor_not_found', 'MFA factor with the provided challenge ID not found');
  if (session.data.type !== answer.type) {
    fail('validation_failed', `WebAuthn type must be ${session.data.type} for this challenge`);
  }
  try {
    if (answer.type === 'create') {
      return await verifyRegistration(rp, session.data, answer.response);
    }
    const stored = storedCredential(factor);
    const counter = await verifyAuthentication(rp, session.data, stored, answer.response);
    return { credential: { ...stored, counter }, aaguid: null };
  } catch (error) {
    if (error instanceof CeremonyRefused)
      fail('mfa_verification_failed', `WebAuthn verification failed: ${error.message}`);
    throw error;
  }
}

function plainIp(ip: string): string {
  return ip.replace(/^::ffff:/, '');
}

async function callerAndFactor(
  ctx: AuthContext,
  c: AuthRequest,
): Promise<{ caller: Caller; factor: FactorRow }> {
  const { db, keys } = ctx;
  const caller = await authenticate(c, db, keys);
  requireNotAnonymous(caller);
  const factor = await findFactor(db, c.req.param('id') ?? '');
  if (!factor || factor.user_id !== caller.user.id)
    fail('mfa_factor_not_found', 'Factor not found');
  return { caller, factor };
}

async function insertFactor(
  db: Queryable,
  sql: string,
  params: unknown[],
  friendlyName: string,
): Promise<void> {
  try {
    await db.query(sql, params);
  } catch (error) {
    if (isPostgresError(error) && error.code === '23505') {
      fail(
        'mfa_factor_name_conflict',
        `A factor with the friendly name "${friendlyName}" for this user already exists`,
      );
    }
    throw error;
  }
}

/**
 * A phone factor's challenge: checks it may be sent now and answers how to send it, in the
 * transaction that stores the challenge: a fresh code by SMS (into the mailbox once that
 * transaction commits), answered hashed.
 */
async function phoneChallenge(
  ctx: AuthContext,
  c: AuthRequest,
  factor: FactorRow,
): Promise<(tx: Queryable) => string> {
  const { settings } = ctx;
  if (!settings.phoneMfa.verifyEnabled) fail('mfa_phone_verify_not_enabled');
  const text = await c.req.text();
  let channel: unknown;
  try {
    channel = text.trim() ? (JSON.parse(text) as { channel?: unknown })?.channel : undefined;
  } catch (error) {
    fail('bad_json', `Could not parse request body as JSON: ${(error as Error).message}`);
  }
  const phone = factor.phone ?? '';
  if (factor.last_challenged_at) {
    const wait =
      new Date(factor.last_challenged_at).getTime() + settings.phoneMfa.maxFrequencyMs - Date.now();
    if (wait > 0) {
      fail(
        'over_sms_send_rate_limit',
        `For security purposes, you can only request this after ${Math.ceil(wait / 1000)} seconds.`,
      );
    }
  }
  const validChannel = validateChannel(typeof channel === 'string' ? channel : null);
  return (tx) => {
    const { otp } = ctx.sms.deliverMfaCode(
      tx,
      phone,
      settings.phoneMfa.template,
      settings.phoneMfa.otpLength,
      validChannel,
    );
    return tokenHash(phone, otp);
  };
}

/** A WebAuthn factor's challenge: registration options while unverified, assertion options after. */
async function webauthnChallenge(
  ctx: AuthContext,
  caller: Caller,
  factor: FactorRow,
): Promise<{
  session: CeremonySession;
  options: PublicKeyCredentialCreationOptionsJSON | PublicKeyCredentialRequestOptionsJSON;
}> {
  const { db, settings } = ctx;
  if (!settings.webauthn.verifyEnabled) fail('mfa_webauthn_verify_not_enabled');
  const { rp } = settings.webauthn;
  if (factor.status === 'verified') {
    const options = await authenticationOptions(rp, storedCredential(factor));
    return { session: { type: 'request', challenge: options.challenge }, options };
  }
  const others = (await factorsOf(db, caller.user.id))
    .filter((f) => f.factor_type === 'webauthn' && f.status === 'verified')
    .map(storedCredential);
  const options = await registrationOptions(
    rp,
    { id: caller.user.id, name: caller.user.email || caller.user.phone || caller.user.id },
    others,
  );
  return { session: { type: 'create', challenge: options.challenge }, options };
}

/** POST /factors */
export async function enrollFactor(c: AuthRequest, ctx: AuthContext): Promise<Response> {
  const { db, keys, settings } = ctx;
  const caller = await authenticate(c, db, keys);
  requireNotAnonymous(caller);
  const body = await parseBody(c, EnrollBody);
  const type = body.factor_type ?? '';
  if (type === 'webauthn' && !settings.webauthn.enrollEnabled)
    fail('mfa_webauthn_enroll_not_enabled');
  if (type !== 'totp' && type !== 'phone' && type !== 'webauthn')
    fail('validation_failed', 'factor_type needs to be totp, phone, or webauthn');
  if (type === 'totp' && !settings.totpEnrollEnabled) fail('mfa_totp_enroll_not_enabled');
  if (type === 'phone' && !settings.phoneMfa.enrollEnabled) fail('mfa_phone_enroll_not_enabled');
  if (type === 'phone' && !body.phone)
    fail('validation_failed', 'Phone number required to enroll Phone factor');
  const phone = type === 'phone' ? validatePhone(body.phone) : null;
  const { user } = caller;
  const issuer = body.issuer || new URL(settings.siteUrl).host;
  // Unverified factors left behind for longer than GoTrue's factor expiry do not count.
  await db.query(
    `delete from auth.mfa_factors where user_id = $1 and status = 'unverified'
       and created_at < now() - interval '300 seconds'`,
    [user.id],
  );
  const factors = await factorsOf(db, user.id);
  const verifiedCount = factors.filter((f) => f.status === 'verified').length;
  if (
    factors.length >= settings.mfaMaxEnrolledFactors ||
    verifiedCount >= settings.mfaMaxVerifiedFactors
  ) {
    fail('too_many_enrolled_mfa_factors');
  }
  if (verifiedCount > 0 && !isAal2(caller))
    fail('insufficient_aal', 'AAL2 required to enroll a new factor');
  const friendlyName = body.friendly_name ?? '';
  if (phone !== null) {
    if (
      factors.some((f) => f.factor_type === 'phone' && f.phone === phone && f.status === 'verified')
    )
      fail('mfa_verified_factor_exists');
    const id = randomUUID();
    // An unverified factor for the same number is replaced, as GoTrue does; in one transaction,
    // so an enrollment refused (a friendly name already taken) leaves the old factor in place.
    await db.transaction(async (tx) => {
      await tx.query(
        `delete from auth.mfa_factors where user_id = $1 and factor_type = 'phone' and phone = $2 and status = 'unverified'`,
        [user.id, phone],
      );
      await insertFactor(
        tx,
        `insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at, updated_at, phone)
         values ($1, $2, $3, 'phone', 'unverified', now(), now(), $4)`,
        [id, user.id, friendlyName, phone],
        friendlyName,
      );
    });
    return json(c, { id, type: 'phone', friendly_name: friendlyName, phone });
  }
  if (type === 'webauthn') {
    const id = randomUUID();
    await insertFactor(
      db,
      `insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at, updated_at)
       values ($1, $2, $3, 'webauthn', 'unverified', now(), now())`,
      [id, user.id, friendlyName],
      friendlyName,
    );
    return json(c, { id, type: 'webauthn', friendly_name: friendlyName });
  }
  const secret = newTotpSecret();
  const uri = totpUri(secret, issuer, user.email ?? '');
  const id = randomUUID();
  await insertFactor(
    db,
    `insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at, updated_at, secret)
     values ($1, $2, $3, 'totp', 'unverified', now(), now(), $4)`,
    [id, user.id, friendlyName, secret],
    friendlyName,
  );
  return json(c, {
    id,
    type: 'totp',
    friendly_name: friendlyName,
    totp: { qr_code: await totpQrSvg(uri), secret, uri },
  });
}

/** POST /factors/:id/challenge */
export async function challengeFactor(c: AuthRequest, ctx: AuthContext): Promise<Response> {
  const { db, settings } = ctx;
  const { caller, factor } = await callerAndFactor(ctx, c);
  const sendCode = factor.factor_type === 'phone' ? await phoneChallenge(ctx, c, factor) : null;
  const ceremony =
    factor.factor_type === 'webauthn' ? await webauthnChallenge(ctx, caller, factor) : null;
  const id = randomUUID();
  // The SMS and the challenge holding its code commit together: a challenge refused here (the
  // factor deleted meanwhile, a constraint of the project's) leaves no code in the mailbox.
  const { rows } = await db.transaction((tx) =>
    tx.query<{ created_at: Date }>(
      `with challenge as (
         insert into auth.mfa_challenges (id, factor_id, created_at, ip_address, otp_code, web_authn_session_data)
         values ($1, $2, now(), $3::inet, $4, $5::jsonb)
         returning created_at)
       update auth.mfa_factors set last_challenged_at = now() where id = $2
       returning (select created_at from challenge)`,
      [
        id,
        factor.id,
        plainIp(clientIp(c)),
        sendCode ? sendCode(tx) : null,
        ceremony ? JSON.stringify(ceremony.session) : null,
      ],
    ),
  );
  const createdAt = new Date(rows[0]!.created_at).getTime();
  return json(c, {
    id,
    type: factor.factor_type,
    expires_at: Math.floor(createdAt / 1000) + settings.mfaChallengeExpirySeconds,
    ...(ceremony
      ? {
          webauthn: {
            type: ceremony.session.type,
            credential_options: { publicKey: ceremony.options },
          },
        }
      : {}),
  });
}

/** POST /factors/:id/verify */
export async function verifyFactor(c: AuthRequest, ctx: AuthContext): Promise<Response> {
  const { db, settings } = ctx;
  const { caller, factor } = await callerAndFactor(ctx, c);
  const body = await parseBody(c, VerifyBody);
  const isPhone = factor.factor_type === 'phone';
  const isWebauthn = factor.factor_type === 'webauthn';
  if (isPhone && !settings.phoneMfa.verifyEnabled) fail('mfa_phone_verify_not_enabled');
  if (isWebauthn && !settings.webauthn.verifyEnabled) fail('mfa_webauthn_verify_not_enabled');
  if (factor.factor_type === 'totp' && !settings.totpVerifyEnabled)
    fail('mfa_totp_verify_not_enabled');
  const ceremony = isWebauthn ? webauthnAnswer(body.webauthn) : null;
  if (!isWebauthn && !body.code) fail('validation_failed', 'Code needs to be non-empty');
  if (!body.challenge_id || !isUuid(body.challenge_id)) {
    fail('bad_json', 'Could not parse request body as JSON: field "challenge_id" must be a UUID.');
  }
  const challengeId = body.challenge_id;
  const { rows } = await db.query<{
    id: string;
    created_at: Date;
    verified_at: Date | null;
    ip: string;
    otp_code: string | null;
    web_authn_session_data: unknown;
  }>(
    `select id, created_at, verified_at, host(ip_address) as ip, otp_code, web_authn_session_data from auth.mfa_challenges
     where id = $1 and factor_id = $2`,
    [challengeId, factor.id],
  );
  const challenge = rows[0];
  if (!challenge)
    fail('mfa_factor_not_found', 'MFA factor with the provided challenge ID not found');
  if (challenge.verified_at || challenge.ip !== plainIp(clientIp(c)))
    fail('mfa_ip_address_mismatch');
  if (
    new Date(challenge.created_at).getTime() + settings.mfaChallengeExpirySeconds * 1000 <
    Date.now()
  ) {
    await db.query('delete from auth.mfa_challenges where id = $1', [challengeId]);
    fail(
      'mfa_challenge_expired',
      `MFA challenge ${challengeId} has expired, verify against another challenge or create a new challenge.`,
    );
  }
  let webauthnUpdate: { credential: StoredCredential; aaguid: string | null } | null = null;
  if (ceremony) {
    // A challenge answers once, right or wrong (GoTrue consumes it on use). The delete decides:
    // of verifies racing on one challenge, only the one whose delete removed it goes on.
    const consumed = await db.query('delete from auth.mfa_challenges where id = $1 returning id', [
      challengeId,
    ]);
    if (consumed.rows.length === 0)
      fail('mfa_factor_not_found', 'MFA factor with the provided challenge ID not found');
    webauthnUpdate = await verifyCeremony(
      settings.webauthn.rp,
      factor,
      challenge.web_authn_session_data,
      ceremony,
    );
  } else if (isPhone) {
    const expected = challenge.otp_code ?? '';
    if (!expected || !safeEqual(expected, tokenHash(factor.phone ?? '', body.code!.trim())))
      fail('mfa_verification_failed', 'Invalid MFA Phone code entered');
  } else if (!factor.secret || !isValidTotp(factor.secret, body.code!.trim())) {
    fail('mfa_verification_failed');
  }
  const session = caller.session;
  if (!session) fail('session_not_found', 'A session is required to verify a factor');
  const response = await db.transaction(async (tx) => {
    if (!ceremony) {
      // The challenge is consumed here, first: of verifies racing on one challenge (read above
      // by each), the first to mark it verified goes on; the others wait for its row lock, then
      // find it verified, as a replay does.
      const marked = await tx.query(
        'update auth.mfa_challenges set verified_at = now() where id = $1 and verified_at is null returning id',
        [challengeId],
      );
      if (marked.rows.length === 0) fail('mfa_ip_address_mismatch');
    }
    await tx.query(
      `update auth.mfa_factors set status = 'verified', updated_at = now() where id = $1`,
      [factor.id],
    );
    if (webauthnUpdate) {
      await tx.query(
        `update auth.mfa_factors set web_authn_credential = $2::jsonb,
           web_authn_aaguid = coalesce($3::uuid, web_authn_aaguid) where id = $1`,
        [factor.id, JSON.stringify(webauthnUpdate.credential), webauthnUpdate.aaguid],
      );
    }
    await addAmrClaim(tx, session.id, isPhone ? 'mfa/phone' : isWebauthn ? 'mfa/webauthn' : 'totp');
    // Swap the session's refresh token so the aal2 session starts a fresh token (GoTrue's refresh swap).
    const { rows: active } = await tx.query<{ id: string; token: string }>(
      `select id::text, token from auth.refresh_tokens where session_id = $1 and not coalesce(revoked, false)
       order by id desc limit 1`,
      [session.id],
    );
    if (active[0]) {
      await tx.query(
        'update auth.refresh_tokens set revoked = true, updated_at = now() where id = $1',
        [active[0].id],
      );
    }
    const refreshToken = await insertRefreshToken(
      tx,
      caller.user.id,
      session.id,
      active[0]?.token ?? null,
    );
    await tx.query(
      `update auth.sessions set aal = 'aal2', factor_id = $2, updated_at = now() where id = $1`,
      [session.id, factor.id],
    );
    // Other sessions below aal2 end, and unverified factors are dropped (GoTrue does both).
    await tx.query(
      `delete from auth.sessions where user_id = $1 and id <> $2 and (aal is null or aal = 'aal1')`,
      [caller.user.id, session.id],
    );
    await tx.query(`delete from auth.mfa_factors where user_id = $1 and status = 'unverified'`, [
      caller.user.id,
    ]);
    return sessionResponse(tx, ctx, await reloadUser(tx, caller.user.id), session.id, refreshToken);
  });
  return json(c, response);
}

/** DELETE /factors/:id */
export async function unenrollFactor(c: AuthRequest, ctx: AuthContext): Promise<Response> {
  const { db } = ctx;
  const { caller, factor } = await callerAndFactor(ctx, c);
  if (factor.status === 'verified' && !isAal2(caller)) {
    fail('insufficient_aal', 'AAL2 required to unenroll verified factor', 422);
  }
  await db.transaction(async (tx) => {
    await tx.query('delete from auth.mfa_factors where id = $1', [factor.id]);
    await downgradeSessions(tx, factor.id);
  });
  return json(c, { id: factor.id });
}
