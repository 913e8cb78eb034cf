// POST /otp (and the older /magiclink), /recover and /resend: the mail-sending entry points.
import { z } from 'zod';
import { createEmailUser } from '../../users/accounts.js';
import { enforceRateLimit, type AuthContext } from '../../context.js';
import { EMAIL_LOGINS_DISABLED, fail } from '../../errors.js';
import { pkceParams, startPkceFlow } from '../../sessions/flow-state.js';
import { sendFlowMail } from '../../messaging/flow-mail.js';
import { json, parseBody, type AuthRequest } from '../../request/http.js';
import { resolveRedirect } from '../../request/redirects.js';
import {
  createPhoneUser,
  findUserByPhone,
  findUserByPhoneChange,
  isPhoneConfirmed,
  validateChannel,
  validatePhone,
} from '../../users/phone.js';
import { findUserByEmail, isBanned, isEmailConfirmed } from '../../users/users.js';
import {
  optionalBoolean,
  optionalObject,
  optionalString,
  validateEmail,
} from '../../request/validation.js';

const OtpBody = z
  .object({
    email: optionalString,
    phone: optionalString,
    data: optionalObject,
    create_user: optionalBoolean,
    code_challenge: optionalString,
    code_challenge_method: optionalString,
    channel: optionalString,
  })
  .loose();

const RecoverBody = z
  .object({
    email: optionalString,
    code_challenge: optionalString,
    code_challenge_method: optionalString,
  })
  .loose();

const ResendBody = z
  .object({
    email: optionalString,
    phone: optionalString,
    type: optionalString,
    code_challenge: optionalString,
    code_challenge_method: optionalString,
  })
  .loose();

/**
 * An SMS code for the number, creating its user first unless create_user is false (GoTrue's
 * SmsOtp). A number without a confirmed user goes through GoTrue's sign-up, whose answer is
 * dropped: `{}`, no message_id (with sms autoconfirm, GoTrue signs up and sends again, so the
 * id is given); a confirmed number's answer names the message.
 */
async function phoneOtp(
  ctx: AuthContext,
  c: AuthRequest,
  body: z.output<typeof OtpBody>,
): Promise<Response> {
  const { db, settings } = ctx;
  // GoTrue's SmsOtp answers this 400, where sign-up and password sign-in by phone answer 422.
  if (!settings.phoneEnabled) fail('phone_provider_disabled', 'Unsupported phone provider', 400);
  const phone = validatePhone(body.phone);
  const channel = validateChannel(body.channel);
  let signingUp = false;
  const messageId = await db.transaction(async (tx) => {
    let user = await findUserByPhone(tx, phone);
    signingUp = !user || !isPhoneConfirmed(user);
    if (!user) {
      if (body.create_user === false) fail('otp_disabled');
      if (!settings.signupEnabled) fail('signup_disabled');
      user = await createPhoneUser(tx, {
        phone,
        passwordHash: null,
        userMetadata: body.data ?? {},
        confirmed: false,
      });
    }
    if (isBanned(user)) fail('user_banned');
    return ctx.sms.send(tx, { kind: 'confirmation', user, phone, channel });
  });
  return json(c, signingUp && !settings.smsAutoconfirm ? {} : { message_id: messageId });
}

/** /resend for sms (an unconfirmed number's code) and phone_change (the pending new number's code). */
async function phoneResend(
  ctx: AuthContext,
  c: AuthRequest,
  body: z.output<typeof ResendBody>,
): Promise<Response> {
  const { db, settings } = ctx;
  if (!settings.phoneEnabled) fail('phone_provider_disabled', 'Unsupported phone provider');
  if (body.email) {
    fail('validation_failed', 'Only an email address or phone number should be provided.');
  }
  const phone = validatePhone(body.phone);
  const messageId = await db.transaction(async (tx) => {
    if (body.type === 'sms') {
      const user = await findUserByPhone(tx, phone);
      if (!user || isPhoneConfirmed(user)) return null;
      return ctx.sms.send(tx, { kind: 'confirmation', user, phone });
    }
    const user = await findUserByPhoneChange(tx, phone);
    if (!user) return null;
    return ctx.sms.send(tx, { kind: 'phone_change', user, phone });
  });
  return json(c, messageId === null ? {} : { message_id: messageId });
}

/** Magic link + code for a known confirmed user, or sign-up (and its confirmation mail) otherwise. */
export async function emailOtp(c: AuthRequest, ctx: AuthContext): Promise<Response> {
  const { db, settings, mailer } = ctx;
  const body = await parseBody(c, OtpBody);
  enforceRateLimit(ctx, c, 'sign_in_sign_ups');
  if (body.email && body.phone) {
    fail('validation_failed', 'Only an email address or phone number should be provided.');
  }
  if (body.email && body.channel) {
    fail('validation_failed', 'Channel should only be specified with Phone OTP');
  }
  // GoTrue's OtpParams.Validate checks the PKCE pair for a phone too, though SmsOtp never uses it.
  const pkce = pkceParams(body.code_challenge, body.code_challenge_method);
  if (body.phone) return phoneOtp(ctx, c, body);
  if (!settings.emailSignupEnabled) fail('email_provider_disabled', EMAIL_LOGINS_DISABLED);
  const email = validateEmail(body.email);
  const redirectTo = resolveRedirect(c.req.query('redirect_to'), settings);
  await db.transaction(async (tx) => {
    let user = await findUserByEmail(tx, email);
    if (!user) {
      if (body.create_user === false) fail('otp_disabled');
      if (!settings.signupEnabled || !settings.emailSignupEnabled) fail('signup_disabled');
      user = await createEmailUser(tx, {
        email,
        passwordHash: null,
        userMetadata: body.data ?? {},
        confirmed: settings.autoconfirm,
      });
    }
    if (!isEmailConfirmed(user) && !settings.autoconfirm) {
      // The confirmation mail is the magic link of a user who has not finished signing up.
      await sendFlowMail(tx, mailer, pkce, { kind: 'confirmation', user, to: email, redirectTo });
      return;
    }
    await sendFlowMail(tx, mailer, pkce, { kind: 'magiclink', user, to: email, redirectTo });
  });
  return json(c, {});
}

/** POST /recover */
export async function recover(c: AuthRequest, ctx: AuthContext): Promise<Response> {
  const { db, settings, mailer } = ctx;
  // GoTrue's requireEmailProvider runs before the body is read.
  if (!settings.emailSignupEnabled) fail('email_provider_disabled', EMAIL_LOGINS_DISABLED);
  const body = await parseBody(c, RecoverBody);
  enforceRateLimit(ctx, c, 'sign_in_sign_ups');
  if (!body.email) fail('validation_failed', 'Password recovery requires an email', 422);
  const email = validateEmail(body.email);
  const pkce = pkceParams(body.code_challenge, body.code_challenge_method);
  const redirectTo = resolveRedirect(c.req.query('redirect_to'), settings);
  await db.transaction(async (tx) => {
    const user = await findUserByEmail(tx, email);
    // Unknown addresses get the same answer, so the endpoint does not reveal who has an account.
    if (!user) return;
    await sendFlowMail(tx, mailer, pkce, { kind: 'recovery', user, to: email, redirectTo });
  });
  return json(c, {});
}

/** POST /resend */
export async function resend(c: AuthRequest, ctx: AuthContext): Promise<Response> {
  const { db, settings, mailer } = ctx;
  const body = await parseBody(c, ResendBody);
  enforceRateLimit(ctx, c, 'sign_in_sign_ups');
  const type = body.type ?? '';
  if (!['signup', 'email_change', 'sms', 'phone_change'].includes(type)) {
    fail(
      'validation_failed',
      'Missing one of these types: signup, email_change, sms, phone_change',
    );
  }
  if (type === 'sms' || type === 'phone_change') return phoneResend(ctx, c, body);
  if (body.phone && !body.email) {
    fail('validation_failed', `Type ${type} needs an email address, not a phone number`);
  }
  const email = validateEmail(body.email);
  const pkce = pkceParams(body.code_challenge, body.code_challenge_method);
  const redirectTo = resolveRedirect(c.req.query('redirect_to'), settings);
  await db.transaction(async (tx) => {
    const user = await findUserByEmail(tx, email);
    if (!user) return;
    if (type === 'signup') {
      if (isEmailConfirmed(user)) return;
      await sendFlowMail(tx, mailer, pkce, { kind: 'confirmation', user, to: email, redirectTo });
      return;
    }
    if (!user.email_change) return;
    await startPkceFlow(tx, pkce, {
      providerType: 'email_change',
      authenticationMethod: 'email_change',
      userId: user.id,
    });
    await sendEmailChangeMails(ctx, tx, user, user.email_change, redirectTo, Boolean(pkce));
  });
  return json(c, {});
}

/**
 * GoTrue's sendEmailChange: a mail with its own token to the new address and, with
 * double_confirm_changes, one to the current address too.
 */
export async function sendEmailChangeMails(
  ctx: AuthContext,
  tx: Parameters<AuthContext['mailer']['send']>[0],
  user: Parameters<AuthContext['mailer']['send']>[1]['user'],
  newEmail: string,
  redirectTo: string,
  pkce: boolean,
): Promise<void> {
  ctx.mailer.checkFrequency(user.email_change_sent_at);
  await tx.query(
    `update auth.users set email_change = $2, email_change_confirm_status = 0, updated_at = now() where id = $1`,
    [user.id, newEmail],
  );
  await ctx.mailer.send(tx, {
    kind: 'email_change',
    user,
    to: newEmail,
    redirectTo,
    pkce,
    tokenKind: 'email_change_token_new',
    newEmail,
    skipFrequencyCheck: true,
  });
  if (ctx.settings.doubleConfirmChanges && user.email) {
    await ctx.mailer.send(tx, {
      kind: 'email_change',
      user,
      to: user.email,
      redirectTo,
      pkce,
      tokenKind: 'email_change_token_current',
      newEmail,
      skipFrequencyCheck: true,
    });
  }
}
