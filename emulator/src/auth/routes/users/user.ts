// GET and PUT /user: the caller, and changes to its email, phone, password and metadata
// (docs/compatibility.md#auth-endpoints).
import { z } from 'zod';
import type { AuthContext } from '../../context.js';
import { confirmEmailChange } from '../../users/email-change.js';
import { fail } from '../../errors.js';
import { pkceParams, startPkceFlow } from '../../sessions/flow-state.js';
import { authenticate, isAal2, requireRequestAudience } from '../../request/guard.js';
import { json, parseBody, type AuthRequest } from '../../request/http.js';
import {
  applyPhoneChange,
  findUserByPhone,
  validateChannel,
  validatePhone,
} from '../../users/phone.js';
import { clearToken } from '../../messaging/one-time-tokens.js';
import {
  checkPasswordStrength,
  hashPassword,
  verifyPassword,
  weakPasswordError,
} from '../../users/passwords.js';
import { resolveRedirect } from '../../request/redirects.js';
import { safeEqual, tokenHash, PKCE_PREFIX } from '../../sessions/secrets.js';
import { endSessions } from '../../sessions/sessions.js';
import { findUserByEmail, mergeMetadata, reloadUser, userJson } from '../../users/users.js';
import {
  checkPasswordLength,
  optionalObject,
  optionalString,
  validateEmail,
} from '../../request/validation.js';
import { sendEmailChangeMails } from '../messaging/otp.js';

const UpdateBody = z
  .object({
    email: optionalString,
    phone: optionalString,
    password: optionalString,
    nonce: optionalString,
    current_password: optionalString,
    data: optionalObject,
    app_metadata: optionalObject,
    code_challenge: optionalString,
    code_challenge_method: optionalString,
    channel: optionalString,
  })
  .loose();

/** GoTrue asks for a reauthentication nonce only when the session is older than this. */
const RECENT_SESSION_MS = 24 * 60 * 60 * 1000;

/** GET /user: the caller as GoTrue's User JSON. */
export async function getCurrentUser(c: AuthRequest, ctx: AuthContext): Promise<Response> {
  const { db, keys } = ctx;
  const { user, claims } = await authenticate(c, db, keys);
  requireRequestAudience(c, claims);
  return json(c, await userJson(db, user));
}

/** PUT /user */
export async function updateCurrentUser(c: AuthRequest, ctx: AuthContext): Promise<Response> {
  const { db, keys, settings } = ctx;
  const caller = await authenticate(c, db, keys);
  const { user, session } = caller;
  const body = await parseBody(c, UpdateBody);
  const redirectTo = resolveRedirect(c.req.query('redirect_to'), settings);
  const newEmail = body.email ? validateEmail(body.email) : null;
  const password = body.password ?? null;
  if (password !== null) {
    checkPasswordLength(password);
    const weak = checkPasswordStrength(password, settings);
    if (weak) throw weakPasswordError(weak);
  }
  const newPhone = body.phone ? validatePhone(body.phone) : null;
  const changesPhone = newPhone !== null && newPhone !== (user.phone ?? '');
  const channel = validateChannel(body.channel);
  if (body.app_metadata) fail('not_admin', 'Updating app_metadata requires admin privileges');
  const changesEmail = newEmail !== null && newEmail !== (user.email ?? '').toLowerCase();
  const { rows: verified } = await db.query<{ n: number }>(
    `select count(*)::int as n from auth.mfa_factors where user_id = $1 and status = 'verified'`,
    [user.id],
  );
  if ((verified[0]?.n ?? 0) > 0 && !isAal2(caller) && (password || changesEmail)) {
    fail(
      'insufficient_aal',
      'AAL2 session is required to update email or password when MFA is enabled.',
      401,
    );
  }
  if (user.is_anonymous && password && !newEmail && !user.email && !newPhone && !user.phone) {
    fail(
      'validation_failed',
      'Updating password of an anonymous user without an email or phone is not allowed',
      422,
    );
  }
  if (changesEmail) {
    const other = await findUserByEmail(db, newEmail);
    if (other && other.id !== user.id) fail('email_exists');
  }
  if (changesPhone) {
    const other = await findUserByPhone(db, newPhone);
    if (other && other.id !== user.id) fail('phone_exists');
    if (!settings.smsAutoconfirm && !settings.phoneEnabled) {
      // GoTrue cannot send the code without an SMS provider; here the provider is [auth.sms].
      fail(
        'sms_send_failed',
        'Error sending phone_change OTP to provider: the phone provider is disabled ([auth.sms] enable_signup = false)',
      );
    }
  }
  const pkce = changesEmail ? pkceParams(body.code_challenge, body.code_challenge_method) : null;

  let passwordHash: string | null = null;
  let nonceToken: string | null = null;
  if (password) {
    if (
      user.encrypted_password &&
      (await verifyPassword(password, user.encrypted_password, ctx.hasher))
    )
      fail('same_password');
    const stale =
      !session || new Date(session.created_at).getTime() + RECENT_SESSION_MS < Date.now();
    if (settings.securePasswordChange && stale) {
      if (!body.nonce) fail('reauthentication_needed');
      const expected = user.reauthentication_token ?? '';
      // The nonce went by mail to the email, or by SMS to the phone of a phone-only user.
      const address = user.email ? user.email.toLowerCase() : (user.phone ?? '');
      const hash = tokenHash(address, body.nonce.trim());
      const fresh =
        user.reauthentication_sent_at !== null &&
        new Date(user.reauthentication_sent_at).getTime() + settings.otpExpirySeconds * 1000 >
          Date.now();
      if (
        !expected ||
        !fresh ||
        !(safeEqual(expected, hash) || safeEqual(expected, `${PKCE_PREFIX}${hash}`))
      ) {
        fail('reauthentication_not_valid');
      }
      nonceToken = expected;
    }
    passwordHash = await hashPassword(password, ctx.hasher);
  }

  const updated = await db.transaction(async (tx) => {
    if (nonceToken) {
      // The nonce is spent here, first: of updates racing on one nonce (checked above by each),
      // the first to clear it goes on; the others wait for its row lock, then find it spent.
      const spent = await tx.query(
        `update auth.users set reauthentication_token = '' where id = $1 and reauthentication_token = $2 returning id`,
        [user.id, nonceToken],
      );
      if (spent.rows.length === 0) fail('reauthentication_not_valid');
    }
    if (passwordHash) {
      await tx.query(
        'update auth.users set encrypted_password = $2, updated_at = now() where id = $1',
        [user.id, passwordHash],
      );
      await clearToken(tx, user.id, 'reauthentication_token');
      // A new password signs out every other session (GoTrue's LogoutAllExceptMe).
      await endSessions(tx, user.id, session?.id ?? null, 'others');
    }
    if (body.data) {
      await tx.query(
        'update auth.users set raw_user_meta_data = $2, updated_at = now() where id = $1',
        [user.id, JSON.stringify(mergeMetadata(user.raw_user_meta_data, body.data))],
      );
    }
    let current = await reloadUser(tx, user.id);
    if (changesEmail) {
      if (current.is_anonymous && settings.autoconfirm) {
        // Anonymous users may add an email without confirming it when confirmations are off.
        current = await confirmEmailChange(tx, current, newEmail);
      } else {
        await startPkceFlow(tx, pkce, {
          providerType: 'email_change',
          authenticationMethod: 'email_change',
          userId: user.id,
        });
        await sendEmailChangeMails(ctx, tx, current, newEmail, redirectTo, Boolean(pkce));
        current = await reloadUser(tx, user.id);
      }
    }
    if (changesPhone) {
      if (settings.smsAutoconfirm) {
        // With [auth.sms] confirmations off the number changes at once (GoTrue's UpdatePhone).
        current = await applyPhoneChange(tx, current, newPhone);
      } else {
        await tx.query(
          `update auth.users set phone_change = $2, updated_at = now() where id = $1`,
          [user.id, newPhone],
        );
        await ctx.sms.send(tx, {
          kind: 'phone_change',
          user: current,
          phone: newPhone,
          channel,
        });
        current = await reloadUser(tx, user.id);
      }
    }
    return userJson(tx, current);
  });
  return json(c, updated);
}
