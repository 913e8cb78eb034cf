// /verify: POST with an emailed code or token hash (answers a session), GET from a mail's link
// (303 to redirect_to with the session in the fragment, `?code=` for PKCE, or the error).
import { z } from 'zod';
import type { Queryable } from '../../../db/database.js';
import { clientInfo, enforceRateLimit, type AuthContext } from '../../context.js';
import { confirmEmailChange } from '../../users/email-change.js';
import { AuthError, fail } from '../../errors.js';
import { issueAuthCode, latestFlowStateFor } from '../../sessions/flow-state.js';
import { json, parseBody, type AuthRequest } from '../../request/http.js';
import {
  applyPhoneChange,
  confirmPhone,
  findUserByPhone,
  findUserByPhoneChange,
  validatePhone,
} from '../../users/phone.js';
import {
  clearToken,
  sentAt,
  storedToken,
  tokenColumn,
  type TokenKind,
} from '../../messaging/one-time-tokens.js';
import { resolveRedirect } from '../../request/redirects.js';
import { errorRedirect, withQuery, withSessionFragment } from '../../request/redirect-urls.js';
import { PKCE_PREFIX, tokenHash } from '../../sessions/secrets.js';
import { startSession, type AuthMethod, type SessionResponse } from '../../sessions/sessions.js';
import {
  confirmEmail,
  findUserByEmail,
  isBanned,
  reloadUser,
  USER_COLUMNS,
  type UserRow,
} from '../../users/users.js';
import { optionalString, validateEmail } from '../../request/validation.js';

const VerifyBody = z
  .object({
    type: optionalString,
    token: optionalString,
    token_hash: optionalString,
    email: optionalString,
    phone: optionalString,
  })
  .loose();

const EMAIL_TYPES = ['signup', 'invite', 'magiclink', 'recovery', 'email_change', 'email'] as const;
type EmailType = (typeof EMAIL_TYPES)[number];

/** The token columns each verification type may match. */
const KINDS: Record<EmailType, TokenKind[]> = {
  signup: ['confirmation_token'],
  invite: ['confirmation_token'],
  magiclink: ['recovery_token'],
  recovery: ['recovery_token'],
  email_change: ['email_change_token_new', 'email_change_token_current'],
  email: ['confirmation_token', 'recovery_token'],
};

/** The amr method of a PKCE flow started for each kind of link. */
const FLOW_METHOD: Record<Exclude<EmailType, 'email'>, AuthMethod> = {
  signup: 'email/signup',
  invite: 'invite',
  magiclink: 'magiclink',
  recovery: 'recovery',
  email_change: 'email_change',
};

const SINGLE_CONFIRMATION =
  'Confirmation link accepted. Please proceed to confirm link sent to the other email';

interface Match {
  user: UserRow;
  kind: TokenKind;
}

function matches(stored: string | null, hash: string): boolean {
  return Boolean(stored) && (stored === hash || stored === `${PKCE_PREFIX}${hash}`);
}

/** Finds the user whose token of one of `kinds` is `hash` (optionally for a given address). */
async function findByToken(
  tx: Queryable,
  kinds: TokenKind[],
  hash: string,
  email: string | null,
): Promise<Match | null> {
  const plain = hash.startsWith(PKCE_PREFIX) ? hash.slice(PKCE_PREFIX.length) : hash;
  for (const kind of kinds) {
    const column = tokenColumn(kind);
    const params: unknown[] = [plain, `${PKCE_PREFIX}${plain}`];
    let filter = '';
    if (email) {
      params.push(email);
      filter =
        kind === 'email_change_token_new'
          ? ' and lower(email_change) = lower($3)'
          : ' and lower(email) = lower($3)';
    }
    const { rows } = await tx.query<UserRow>(
      `select ${USER_COLUMNS} from auth.users where ${column} in ($1, $2)${filter} for update`,
      params,
    );
    if (rows[0]) return { user: rows[0], kind };
  }
  return null;
}

/**
 * An SMS code: `sms` confirms the user's number (sign-up or OTP sign-in), `phone_change`
 * makes the pending new number the user's; both answer a session (amr otp).
 */
async function verifyPhone(
  ctx: AuthContext,
  c: AuthRequest,
  type: 'sms' | 'phone_change',
  token: string | null | undefined,
  rawPhone: string | null | undefined,
): Promise<SessionResponse> {
  const { db } = ctx;
  if (!token) fail('validation_failed', `Verify with type ${type} requires the code as token`, 422);
  if (!rawPhone) fail('validation_failed', `Verify with type ${type} requires a phone number`, 422);
  const phone = validatePhone(rawPhone);
  const code = token.replace(/-/g, '').trim();
  return db.transaction(async (tx) => {
    // The user's row is locked until the code is spent: of verifies racing on one code, the
    // others wait, then find it spent (otp_expired), as a replay does.
    const user =
      type === 'sms'
        ? await findUserByPhone(tx, phone, true)
        : await findUserByPhoneChange(tx, phone);
    if (!user) fail('otp_expired');
    if (isBanned(user)) fail('user_banned');
    if (!ctx.sms.matches(user, type === 'sms' ? 'confirmation' : 'phone_change', phone, code)) {
      fail('otp_expired');
    }
    const verified =
      type === 'sms' ? await confirmPhone(tx, user) : await applyPhoneChange(tx, user, phone);
    return startSession(tx, ctx, verified, 'otp', clientInfo(c));
  });
}

function checkFresh(ctx: AuthContext, match: Match, hash: string): void {
  const { settings } = ctx;
  const sent = sentAt(match.user, match.kind);
  const stored = storedToken(match.user, match.kind);
  const plain = hash.startsWith(PKCE_PREFIX) ? hash.slice(PKCE_PREFIX.length) : hash;
  const expired = !sent || new Date(sent).getTime() + settings.otpExpirySeconds * 1000 < Date.now();
  if (!matches(stored, plain) || expired) fail('otp_expired');
  if (isBanned(match.user)) fail('user_banned');
}

/**
 * Applies a verified token: confirms sign-ups, spends recovery and magic-link tokens,
 * advances email changes. Answers the user, or null after the first of two email-change
 * confirmations.
 */
async function apply(
  ctx: AuthContext,
  tx: Queryable,
  type: EmailType,
  match: Match,
): Promise<UserRow | null> {
  const { settings } = ctx;
  const { user, kind } = match;
  if (kind === 'confirmation_token') {
    await confirmEmail(tx, user.id);
    return reloadUser(tx, user.id);
  }
  if (kind === 'recovery_token') {
    await clearToken(tx, user.id, 'recovery_token');
    if (!user.email_confirmed_at) await confirmEmail(tx, user.id);
    return reloadUser(tx, user.id);
  }
  if (type !== 'email_change' || !user.email_change) fail('otp_expired');
  if (
    settings.doubleConfirmChanges &&
    (user.email_change_confirm_status ?? 0) === 0 &&
    user.email
  ) {
    await tx.query(`update auth.users set email_change_confirm_status = 1 where id = $1`, [
      user.id,
    ]);
    await clearToken(tx, user.id, kind);
    return null;
  }
  return confirmEmailChange(tx, user, user.email_change);
}

/** POST /verify */
export async function verifyToken(c: AuthRequest, ctx: AuthContext): Promise<Response> {
  const { db } = ctx;
  const body = await parseBody(c, VerifyBody);
  enforceRateLimit(ctx, c, 'token_verifications');
  if (!body.type) fail('validation_failed', 'Verify requires a verification type', 422);
  if (Boolean(body.token) === Boolean(body.token_hash)) {
    fail('validation_failed', 'Verify requires either a token or a token hash', 422);
  }
  if (body.type === 'sms' || body.type === 'phone_change') {
    return json(c, await verifyPhone(ctx, c, body.type, body.token, body.phone));
  }
  if (!(EMAIL_TYPES as readonly string[]).includes(body.type))
    fail('validation_failed', 'Unsupported verification type');
  const type = body.type as EmailType;
  let hash: string;
  let email: string | null = null;
  if (body.token) {
    if (body.phone && !body.email) fail('phone_provider_disabled', 'Unsupported phone provider');
    if (!body.email)
      fail(
        'validation_failed',
        'Only an email address or phone number should be provided on verify',
      );
    try {
      email = validateEmail(body.email);
    } catch {
      fail('validation_failed', 'Invalid email format', 422);
    }
    hash = tokenHash(email, body.token.replace(/-/g, '').trim());
  } else {
    if (body.email || body.phone)
      fail('validation_failed', 'Only the token_hash and type should be provided');
    hash = body.token_hash!;
  }
  const result = await db.transaction(
    async (tx): Promise<SessionResponse | { msg: string; code: number }> => {
      let match: Match | null;
      if (type === 'email_change' && email) {
        match = await findByToken(tx, KINDS.email_change, hash, email);
      } else if (email) {
        // Locked until the token is spent: of verifies racing on one code, the others wait,
        // then find it spent (otp_expired), as a replay does.
        const user = await findUserByEmail(tx, email, true);
        const kind = user
          ? KINDS[type].find((k) => matches(storedToken(user, k), hash))
          : undefined;
        match = user && kind ? { user, kind } : null;
      } else {
        match = await findByToken(tx, KINDS[type], hash, null);
      }
      if (!match) fail('otp_expired');
      checkFresh(ctx, match, hash);
      const user = await apply(ctx, tx, type, match);
      if (!user) return { msg: SINGLE_CONFIRMATION, code: 200 };
      return startSession(tx, ctx, user, 'otp', clientInfo(c));
    },
  );
  return json(c, result);
}

/** GET /verify */
export async function verifyLink(c: AuthRequest, ctx: AuthContext): Promise<Response> {
  const { db, settings } = ctx;
  enforceRateLimit(ctx, c, 'token_verifications');
  const token = c.req.query('token') ?? '';
  const type = c.req.query('type') ?? '';
  const redirectTo = resolveRedirect(c.req.query('redirect_to'), settings);
  if (!type) fail('validation_failed', 'Verify requires a verification type', 422);
  if (!token) fail('validation_failed', 'Verify requires a token or a token hash', 422);
  if (!(EMAIL_TYPES as readonly string[]).includes(type) || type === 'email') {
    fail('validation_failed', 'Unsupported verification type');
  }
  const linkType = type as Exclude<EmailType, 'email'>;
  const pkce = token.startsWith(PKCE_PREFIX);
  let target: string;
  try {
    target = await db.transaction(async (tx) => {
      const match = await findByToken(tx, KINDS[linkType], token, null);
      if (!match) fail('otp_expired', 'Email link is invalid or has expired');
      try {
        checkFresh(ctx, match, token);
      } catch (error) {
        if (error instanceof AuthError && error.code === 'otp_expired') {
          fail('otp_expired', 'Email link is invalid or has expired');
        }
        throw error;
      }
      const user = await apply(ctx, tx, linkType, match);
      if (!user) return withMessage(redirectTo, SINGLE_CONFIRMATION, pkce);
      if (pkce) {
        const flow = await latestFlowStateFor(tx, user.id, FLOW_METHOD[linkType]);
        if (!flow) fail('flow_state_not_found', 'No associated flow state found');
        const code = await issueAuthCode(tx, flow, user.id);
        return withQuery(redirectTo, { code });
      }
      const session = await startSession(tx, ctx, user, 'otp', clientInfo(c));
      return withSessionFragment(redirectTo, session, { type: linkType });
    });
  } catch (error) {
    if (!(error instanceof AuthError)) throw error;
    target = errorRedirect(redirectTo, error, pkce);
  }
  return c.redirect(target, 303);
}

function withMessage(redirectTo: string, message: string, pkce: boolean): string {
  const url = new URL(redirectTo);
  if (pkce) url.searchParams.set('message', message);
  url.hash = new URLSearchParams({ message }).toString();
  return url.toString();
}
