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
  'sign_in_sign_ups' | 'token_refresh' | 'token_verifications' | 'anonymous_users';

export function enforceRateLimit(ctx: AuthContext, c: AuthRequest, limit: RequestLimit): void {
  const limits = ctx.settings.rateLimits;
  const [max, window] =
    limit === 'sign_in_sign_ups'
      ? [limits.signInSignUpsPer5Min, FIVE_MINUTES]
      : limit === 'token_refresh'
        ? [limits.tokenRefreshPer5Min, FIVE_MINUTES]
        : limit === 'token_verifications'
          ? [limits.tokenVerificationsPer5Min, FIVE_MINUTES]
          : [limits.anonymousUsersPerHour, ONE_HOUR];
  if (!ctx.limiter.take(`${limit}:${clientIp(c)}`, max, window)) fail('over_request_rate_limit');
}

export function clientInfo(c: AuthRequest): ClientInfo {
  return { userAgent: c.req.header('user-agent') ?? null, ip: clientIp(c) };
}
