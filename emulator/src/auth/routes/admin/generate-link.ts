// POST /admin/generate_link — GoTrue's adminGenerateLink: the link and one-time code a mail of
// that type would carry, without sending it (signup and invite create the user, magiclink too).
import { z } from 'zod';
import type { AuthContext } from '../../context.js';
import { fail } from '../../errors.js';
import type { MailKind } from '../../messaging/mail-templates.js';
import { requireAdmin } from '../../request/guard.js';
import { json, parseBody, type AuthRequest } from '../../request/http.js';
import { resolveRedirect } from '../../request/redirects.js';
import {
  checkPasswordLength,
  optionalObject,
  optionalString,
  validateEmail,
} from '../../request/validation.js';
import { createEmailUser } from '../../users/accounts.js';
import { checkPasswordStrength, hashPassword, weakPasswordError } from '../../users/passwords.js';
import { findUserByEmail, isEmailConfirmed, reloadUser, userJson } from '../../users/users.js';

const LinkBody = z
  .object({
    type: optionalString,
    email: optionalString,
    password: optionalString,
    data: optionalObject,
    new_email: optionalString,
    redirect_to: optionalString,
  })
  .loose();

const MAIL_OF_LINK: Record<string, MailKind> = {
  signup: 'confirmation',
  invite: 'invite',
  magiclink: 'magiclink',
  recovery: 'recovery',
  email_change_current: 'email_change',
  email_change_new: 'email_change',
};

export async function generateLink(c: AuthRequest, ctx: AuthContext): Promise<Response> {
  await requireAdmin(c, ctx.keys);
  const body = await parseBody(c, LinkBody);
  const type = body.type ?? '';
  const kind = MAIL_OF_LINK[type];
  if (!kind) {
    fail(
      'validation_failed',
      'Invalid type: use signup, invite, magiclink, recovery, email_change_current or email_change_new',
    );
  }
  const email = validateEmail(body.email);
  const redirectTo = resolveRedirect(body.redirect_to ?? c.req.query('redirect_to'), ctx.settings);
  let passwordHash: string | null = null;
  if (type === 'signup') {
    if (!body.password) fail('validation_failed', 'Signup requires a valid password', 422);
    checkPasswordLength(body.password);
    const weak = checkPasswordStrength(body.password, ctx.settings);
    if (weak) throw weakPasswordError(weak);
    passwordHash = await hashPassword(body.password, ctx.hasher);
  }
  const newEmail = type.startsWith('email_change') ? validateEmail(body.new_email) : null;
  const result = await ctx.db.transaction(async (tx) => {
    let user = await findUserByEmail(tx, email);
    if (type === 'signup' || type === 'invite') {
      if (user && isEmailConfirmed(user)) fail('email_exists');
      user ??= await createEmailUser(tx, {
        email,
        passwordHash,
        userMetadata: body.data ?? {},
        confirmed: false,
        invited: type === 'invite',
      });
    } else if (type === 'magiclink') {
      user ??= await createEmailUser(tx, {
        email,
        passwordHash: null,
        userMetadata: body.data ?? {},
        confirmed: false,
      });
    }
    if (!user) fail('user_not_found', 'User with this email not found');
    let to = email;
    if (newEmail) {
      const other = await findUserByEmail(tx, newEmail);
      if (other && other.id !== user.id) fail('email_exists');
      await tx.query(
        'update auth.users set email_change = $2, email_change_confirm_status = 0 where id = $1',
        [user.id, newEmail],
      );
      if (type === 'email_change_new') to = newEmail;
    }
    const prepared = await ctx.mailer.prepareToken(tx, {
      kind,
      user,
      to,
      redirectTo,
      ...(type === 'email_change_current'
        ? { tokenKind: 'email_change_token_current' as const }
        : {}),
    });
    return {
      ...(await userJson(tx, await reloadUser(tx, user.id))),
      action_link: prepared.link,
      email_otp: prepared.otp,
      hashed_token: prepared.hashedToken,
      verification_type: prepared.verificationType,
      redirect_to: redirectTo,
    };
  });
  return json(c, result);
}
