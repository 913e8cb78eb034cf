// What every auth route works with, built once when the service starts.
import type { Database } from '../db/database.js';
import type { Keys } from '../keys.js';
import type { Mailbox } from '../mail/mailbox.js';
import { fail } from './errors.js';
import { clientIp, type AuthRequest } from './request/http.js';
import type { Mailer } from './messaging/mailer.js';
import type { SmsSender } from './messaging/sms.js';
import type { PasswordHasher } from './users/passwords.js';
import { FIVE_MINUTES, ONE_HOUR, type RateLimiter } from './request/rate-limit.js';
import type { ClientInfo } from './sessions/sessions.js';
import type { AuthSettings } from './settings.js';

export interface AuthContext {
  settings: AuthSettings;
  db: Database;
  keys: Keys;
  mailbox: Mailbox;
  mailer: Mailer;
  /** SMS codes, delivered into the mailbox (no SMS provider offline). */
  sms: SmsSender;
  limiter: RateLimiter;
  /** bcrypt, off the main thread in the running service. */
  hasher: PasswordHasher;
  log: (line: string) => void;
}

/** One named endpoint: the request and the service's context in, the answer out. */
export type AuthHandler = (c: AuthRequest, ctx: AuthContext) => Promise<Response>;

/** GoTrue's per-IP request limits, named after config.toml's [auth.rate_limit] keys. */
export type RequestLimit =
  'sign_in_sign_ups' | 'token_refresh' | 'token_verifications' | 'anonymous_users' | 'passkey';

/** Each limit's budget in the settings and the window it counts over. */
const REQUEST_LIMITS: Record<RequestLimit, [keyof AuthSettings['rateLimits'], number]> = {
  sign_in_sign_ups: ['signInSignUpsPer5Min', FIVE_MINUTES],
  token_refresh: ['tokenRefreshPer5Min', FIVE_MINUTES],
  token_verifications: ['tokenVerificationsPer5Min', FIVE_MINUTES],
  anonymous_users: ['anonymousUsersPerHour', ONE_HOUR],
  passkey: ['passkeyPer5Min', FIVE_MINUTES],
};

export function enforceRateLimit(ctx: AuthContext, c: AuthRequest, limit: RequestLimit): void {
  const [budget, window] = REQUEST_LIMITS[limit];
  if (!ctx.limiter.take(`${limit}:${clientIp(c)}`, ctx.settings.rateLimits[budget], window))
    fail('over_request_rate_limit');
}

export function clientInfo(c: AuthRequest): ClientInfo {
  return { userAgent: c.req.header('user-agent') ?? null, ip: clientIp(c) };
}
