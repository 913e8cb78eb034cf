// POST /token?grant_type=password — GoTrue's ResourceOwnerPasswordGrant: an email or a phone with
// its password; the answer carries `weak_password` when the password no longer meets the rules.
import { z } from 'zod';
import { clientInfo, type AuthContext } from '../../context.js';
import { EMAIL_LOGINS_DISABLED, fail } from '../../errors.js';
import { json, parseBody, type AuthRequest } from '../../request/http.js';
import { optionalString } from '../../request/validation.js';
import { startSession } from '../../sessions/sessions.js';
import { checkPasswordStrength, verifyPassword } from '../../users/passwords.js';
import { findUserByPhone, isPhoneConfirmed } from '../../users/phone.js';
import { findUserByEmail, isBanned, isEmailConfirmed } from '../../users/users.js';

const PasswordBody = z
  .object({ email: optionalString, phone: optionalString, password: optionalString })
  .loose();

export async function passwordGrant(c: AuthRequest, ctx: AuthContext): Promise<Response> {
  const { db, settings } = ctx;
  const body = await parseBody(c, PasswordBody);
  if (body.email && body.phone) {
    fail('validation_failed', 'Only an email address or phone number should be provided on login.');
  }
  if (body.phone && !settings.phoneEnabled)
    fail('phone_provider_disabled', 'Phone logins are disabled');
  if (body.email && !settings.emailSignupEnabled)
    fail('email_provider_disabled', EMAIL_LOGINS_DISABLED);
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
