// POST /signup: email sign-up (auto-confirmed with a session, or a confirmation mail and a bare
// user), and anonymous sign-in when neither email nor phone is given
// (docs/compatibility.md#auth-endpoints).
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { createAnonymousUser, createEmailUser } from '../../users/accounts.js';
import { clientInfo, enforceRateLimit, type AuthContext } from '../../context.js';
import { fail } from '../../errors.js';
import { pkceParams } from '../../sessions/flow-state.js';
import { sendFlowMail } from '../../messaging/flow-mail.js';
import { json, parseBody, type AuthRequest } from '../../request/http.js';
import {
  confirmPhone,
  createPhoneUser,
  findUserByPhone,
  isPhoneConfirmed,
  validateChannel,
  validatePhone,
} from '../../users/phone.js';
import {
  checkPasswordStrength,
  hashPassword,
  verifyPassword,
  weakPasswordError,
} from '../../users/passwords.js';
import { resolveRedirect } from '../../request/redirects.js';
import { startSession } from '../../sessions/sessions.js';
import {
  findUserByEmail,
  isEmailConfirmed,
  reloadUser,
  userJson,
  type Json,
} from '../../users/users.js';
import {
  checkPasswordLength,
  optionalObject,
  optionalString,
  validateEmail,
} from '../../request/validation.js';

const SignupBody = z
  .object({
    email: optionalString,
    phone: optionalString,
    password: optionalString,
    data: optionalObject,
    code_challenge: optionalString,
    code_challenge_method: optionalString,
    channel: optionalString,
  })
  .loose();

/** What GoTrue answers for an already confirmed address when confirmations are on: a look-alike user. */
function obfuscatedUser(email: string, confirmationSentAt: Date): Json {
  const now = new Date().toISOString();
  return {
    id: randomUUID(),
    aud: 'authenticated',
    role: 'authenticated',
    email,
    phone: '',
    confirmation_sent_at: confirmationSentAt.toISOString(),
    app_metadata: { provider: 'email', providers: ['email'] },
    user_metadata: {},
    identities: [],
    created_at: now,
    updated_at: now,
    is_anonymous: false,
  };
}

/** The phone twin of obfuscatedUser. */
function obfuscatedPhoneUser(phone: string, confirmationSentAt: Date): Json {
  const user = obfuscatedUser('', confirmationSentAt);
  return {
    ...user,
    phone,
    app_metadata: { provider: 'phone', providers: ['phone'] },
  };
}

/** Sign-up with phone + password: a session when [auth.sms] confirmations are off, else an SMS code. */
async function phoneSignup(
  ctx: AuthContext,
  c: AuthRequest,
  body: z.output<typeof SignupBody>,
): Promise<Response> {
  const { settings, db } = ctx;
  if (!settings.phoneEnabled) fail('phone_provider_disabled', 'Phone signups are disabled');
  const phone = validatePhone(body.phone);
  const channel = validateChannel(body.channel);
  if (!body.password) fail('validation_failed', 'Signup requires a valid password', 422);
  checkPasswordLength(body.password);
  const weak = checkPasswordStrength(body.password, settings);
  if (weak) throw weakPasswordError(weak);
  const existing = await findUserByPhone(db, phone);
  if (existing && isPhoneConfirmed(existing)) {
    if (settings.smsAutoconfirm) fail('user_already_exists');
    return json(c, obfuscatedPhoneUser(phone, existing.confirmation_sent_at ?? new Date()));
  }
  if (existing && settings.smsAutoconfirm) {
    const own = await verifyPassword(body.password, existing.encrypted_password, ctx.hasher);
    if (!own) fail('user_already_exists');
  }
  const passwordHash = existing ? null : await hashPassword(body.password, ctx.hasher);
  const result = await db.transaction(async (tx) => {
    let user =
      existing ??
      (await createPhoneUser(tx, {
        phone,
        passwordHash,
        userMetadata: body.data ?? {},
        confirmed: settings.smsAutoconfirm,
      }));
    if (settings.smsAutoconfirm) {
      if (!isPhoneConfirmed(user)) user = await confirmPhone(tx, user);
      return { session: await startSession(tx, ctx, user, 'password', clientInfo(c)) };
    }
    await ctx.sms.send(tx, { kind: 'confirmation', user, phone, channel });
    return { user: await userJson(tx, await reloadUser(tx, user.id)) };
  });
  if ('session' in result) return json(c, result.session);
  return json(c, result.user);
}

/** POST /signup */
export async function signup(c: AuthRequest, ctx: AuthContext): Promise<Response> {
  const { settings, db } = ctx;
  const body = await parseBody(c, SignupBody);
  if (!body.email && !body.phone) {
    if (!settings.anonymousEnabled) fail('anonymous_provider_disabled');
    if (!settings.signupEnabled) fail('signup_disabled');
    enforceRateLimit(ctx, c, 'anonymous_users');
    const session = await db.transaction(async (tx) => {
      const user = await createAnonymousUser(tx, body.data ?? {});
      return startSession(tx, ctx, user, 'anonymous', clientInfo(c));
    });
    return json(c, session);
  }
  enforceRateLimit(ctx, c, 'sign_in_sign_ups');
  if (!settings.signupEnabled) fail('signup_disabled');
  if (body.email && body.phone) {
    fail(
      'validation_failed',
      'Only an email address or phone number should be provided on signup.',
    );
  }
  if (!body.email) return phoneSignup(ctx, c, body);
  if (!settings.emailSignupEnabled) fail('email_provider_disabled');
  const email = validateEmail(body.email);
  if (!body.password) fail('validation_failed', 'Signup requires a valid password', 422);
  checkPasswordLength(body.password);
  const weak = checkPasswordStrength(body.password, settings);
  if (weak) throw weakPasswordError(weak);
  const pkce = pkceParams(body.code_challenge, body.code_challenge_method);
  const redirectTo = resolveRedirect(c.req.query('redirect_to'), settings);

  const existing = await findUserByEmail(db, email);
  if (existing && isEmailConfirmed(existing)) {
    if (settings.autoconfirm) fail('user_already_exists');
    return json(c, obfuscatedUser(email, existing.confirmation_sent_at ?? new Date()));
  }
  if (existing && settings.autoconfirm) {
    // Confirming an existing, unconfirmed account on sign-up would hand it to whoever knows the
    // address; only its own password may (a deliberate tightening of GoTrue's behaviour).
    const own = await verifyPassword(body.password, existing.encrypted_password, ctx.hasher);
    if (!own) fail('user_already_exists');
  }
  const passwordHash = existing ? null : await hashPassword(body.password, ctx.hasher);
  const result = await db.transaction(async (tx) => {
    const user =
      existing ??
      (await createEmailUser(tx, {
        email,
        passwordHash,
        userMetadata: body.data ?? {},
        confirmed: settings.autoconfirm,
      }));
    if (settings.autoconfirm) {
      if (!isEmailConfirmed(user)) {
        await tx.query(`update auth.users set email_confirmed_at = now() where id = $1`, [user.id]);
        user.email_confirmed_at = new Date();
      }
      return { session: await startSession(tx, ctx, user, 'password', clientInfo(c)) };
    }
    await sendFlowMail(tx, ctx.mailer, pkce, { kind: 'confirmation', user, to: email, redirectTo });
    const { rows } = await tx.query<{ confirmation_sent_at: Date }>(
      'select confirmation_sent_at from auth.users where id = $1',
      [user.id],
    );
    user.confirmation_sent_at = rows[0]?.confirmation_sent_at ?? new Date();
    return { user: await userJson(tx, user) };
  });
  if ('session' in result) return json(c, result.session);
  return json(c, result.user);
}
