// Sending auth mails: the one-time code and its hash (stored as GoTrue stores it), the
// `/verify` link, the per-user `max_frequency` and the instance-wide `email_sent` budget,
// then the mail itself into the mailbox.
import type { Queryable } from '../../db/database.js';
import type { Mailbox } from '../../mail/mailbox.js';
import { fail } from '../errors.js';
import { afterCommit } from '../after-commit.js';
import { mailSite, renderMail, type MailKind } from './mail-templates.js';
import { sentAt, storeToken, type TokenKind } from './one-time-tokens.js';
import { ONE_HOUR, type RateLimiter } from '../request/rate-limit.js';
import { generateOtp, PKCE_PREFIX, tokenHash } from '../sessions/secrets.js';
import type { AuthSettings } from '../settings.js';
import type { UserRow } from '../users/users.js';

/** The `type` a link's /verify call carries for each kind of mail. */
const VERIFY_TYPE: Record<Exclude<MailKind, 'reauthentication'>, string> = {
  confirmation: 'signup',
  invite: 'invite',
  magiclink: 'magiclink',
  recovery: 'recovery',
  email_change: 'email_change',
};

const TOKEN_KIND: Record<MailKind, TokenKind> = {
  confirmation: 'confirmation_token',
  invite: 'confirmation_token',
  magiclink: 'recovery_token',
  recovery: 'recovery_token',
  email_change: 'email_change_token_new',
  reauthentication: 'reauthentication_token',
};

export interface MailRequest {
  kind: MailKind;
  user: UserRow;
  /** Where the mail goes (for email changes: the new or the current address). */
  to: string;
  redirectTo: string;
  pkce?: boolean;
  /** email_change: which of the two tokens this mail carries. */
  tokenKind?: TokenKind;
  newEmail?: string;
  /** Skip the frequency check (admin-triggered sends). */
  skipFrequencyCheck?: boolean;
}

export interface PreparedToken {
  otp: string;
  /** What is stored and put in links: the hash, `pkce_`-prefixed for PKCE flows. */
  hashedToken: string;
  link: string | null;
  verificationType: string;
}

export class Mailer {
  constructor(
    private readonly settings: AuthSettings,
    private readonly mailbox: Mailbox,
    private readonly limiter: RateLimiter,
  ) {}

  /** GoTrue refuses another mail of a kind sooner than max_frequency after the last one. */
  checkFrequency(sentAt: Date | null): void {
    if (!sentAt) return;
    const wait = new Date(sentAt).getTime() + this.settings.maxFrequencyMs - Date.now();
    if (wait > 0) {
      fail(
        'over_email_send_rate_limit',
        `For security purposes, you can only request this after ${Math.ceil(wait / 1000)} seconds.`,
      );
    }
  }

  /** Generates and stores the token of a mail without sending it (also used by generate_link). */
  async prepareToken(
    tx: Queryable,
    request: Omit<MailRequest, 'skipFrequencyCheck'>,
  ): Promise<PreparedToken> {
    const kind = request.tokenKind ?? TOKEN_KIND[request.kind];
    const otp = generateOtp(this.settings.otpLength);
    const hash = tokenHash(request.to.toLowerCase(), otp);
    const hashedToken = request.pkce ? `${PKCE_PREFIX}${hash}` : hash;
    await storeToken(tx, request.user.id, kind, hashedToken, request.to.toLowerCase());
    const verificationType =
      request.kind === 'reauthentication' ? 'reauthentication' : VERIFY_TYPE[request.kind];
    const link =
      request.kind === 'reauthentication'
        ? null
        : `${this.settings.apiUrl}/auth/v1/verify?${new URLSearchParams({
            token: hashedToken,
            type: verificationType,
            redirect_to: request.redirectTo,
          })}`;
    return { otp, hashedToken, link, verificationType };
  }

  /** Checks the limits, stores the token and sends the mail; answers the prepared token. */
  async send(tx: Queryable, request: MailRequest): Promise<PreparedToken> {
    const kind = request.tokenKind ?? TOKEN_KIND[request.kind];
    if (!request.skipFrequencyCheck) this.checkFrequency(sentAt(request.user, kind));
    if (!this.limiter.take('email_sent', this.settings.rateLimits.emailSentPerHour, ONE_HOUR)) {
      fail('over_email_send_rate_limit');
    }
    const prepared = await this.prepareToken(tx, request);
    const mail = renderMail({
      kind: request.kind,
      to: request.to,
      code: prepared.otp,
      link: prepared.link,
      site: mailSite(request.redirectTo, this.settings.siteUrl),
      ...(request.newEmail ? { newEmail: request.newEmail } : {}),
      ...(request.newEmail && request.user.email ? { currentEmail: request.user.email } : {}),
    });
    // Into the mailbox once the token is stored for good, not before: a later step may still
    // roll the transaction back.
    afterCommit(tx, () =>
      this.mailbox.send({
        to: request.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        links: prepared.link ? [prepared.link] : [],
        codes: [prepared.otp],
      }),
    );
    return prepared;
  }
}
