// Sending SMS codes (GoTrue's sendPhoneConfirmation): there is no SMS provider offline, so
// every message lands in the emulator's mailbox, addressed to the phone number, and is read
// like any mail. [auth.sms] decides the template, max_frequency and test_otp numbers (a
// fixed code and no message); [auth.rate_limit] sms_sent is the instance-wide hourly budget.
// A message reaches the mailbox only once the transaction that stores its code commits
// (after-commit.ts): a request that fails later leaves no SMS whose code was never stored.
import { randomUUID } from 'node:crypto';
import type { Queryable } from '../../db/database.js';
import type { Mailbox } from '../../mail/mailbox.js';
import { fail } from '../errors.js';
import { afterCommit } from '../after-commit.js';
import { sentAt, storeToken, type TokenKind } from './one-time-tokens.js';
import { ONE_HOUR, type RateLimiter } from '../request/rate-limit.js';
import { generateOtp, tokenHash } from '../sessions/secrets.js';
import type { AuthSettings } from '../settings.js';
import type { UserRow } from '../users/users.js';

/** GoTrue's otp types for phones: the token column each uses and its name in error messages. */
export type SmsKind = 'confirmation' | 'phone_change' | 'reauthentication';

const TOKEN_KIND: Record<SmsKind, TokenKind> = {
  confirmation: 'confirmation_token',
  phone_change: 'phone_change_token',
  reauthentication: 'reauthentication_token',
};

/** What an SMS answer carries: the mailbox message's id, or "test-otp" for a test_otp number. */
export const TEST_OTP_MESSAGE_ID = 'test-otp';

export interface SmsRequest {
  kind: SmsKind;
  user: UserRow;
  /** The number the code goes to (normalised digits): the user's, or the new one for a change. */
  phone: string;
  channel?: 'sms' | 'whatsapp';
}

/** The address a phone's messages carry in the mailbox: the number in E.164 with its '+'. */
export function smsAddress(phone: string): string {
  return `+${phone}`;
}

/** Fills GoTrue's Go template `{{ .Code }}`; any other placeholder cannot be rendered. */
export function renderSms(template: string, code: string): string {
  const text = template.replace(/\{\{\s*\.Code\s*\}\}/g, code);
  const unknown = /\{\{[^}]*\}\}/.exec(text);
  if (unknown) {
    throw new Error(`the [auth.sms] template uses ${unknown[0]}, only {{ .Code }} is available`);
  }
  return text;
}

/**
 * The message, or GoTrue's answer to a template it cannot execute (generateSMSFromTemplate):
 * 500 unexpected_failure "error generating sms template", before anything is sent or stored.
 * Why goes to the emulator's log, as GoTrue keeps it in its own.
 */
function renderTemplate(template: string, code: string): string {
  try {
    return renderSms(template, code);
  } catch (error) {
    console.error(`auth: ${(error as Error).message}`);
    fail('unexpected_failure', 'error generating sms template');
  }
}

export class SmsSender {
  constructor(
    private readonly settings: AuthSettings,
    private readonly mailbox: Mailbox,
    private readonly limiter: RateLimiter,
  ) {}

  testOtp(phone: string): string | undefined {
    return this.settings.smsTestOtp.get(phone);
  }

  /** Stores the code's hash (sha224 of number + code, as for emails) and delivers it; answers the message id. */
  async send(tx: Queryable, request: SmsRequest): Promise<string> {
    const kind = TOKEN_KIND[request.kind];
    const last = sentAt(request.user, kind);
    if (last) {
      const wait = new Date(last).getTime() + this.settings.smsMaxFrequencyMs - Date.now();
      if (wait > 0) {
        fail(
          'over_sms_send_rate_limit',
          `For security purposes, you can only request this after ${Math.ceil(wait / 1000)} seconds.`,
        );
      }
    }
    const fixed = this.testOtp(request.phone);
    const otp = fixed ?? generateOtp(this.settings.smsOtpLength);
    let text = '';
    if (fixed === undefined) {
      if (!this.limiter.take('sms_sent', this.settings.rateLimits.smsSentPerHour, ONE_HOUR)) {
        fail('over_sms_send_rate_limit');
      }
      text = renderTemplate(this.settings.smsTemplate, otp);
    }
    await storeToken(tx, request.user.id, kind, tokenHash(request.phone, otp), request.phone);
    if (fixed !== undefined) return TEST_OTP_MESSAGE_ID;
    return this.deliver(tx, request.phone, text, otp, request.channel ?? 'sms');
  }

  /**
   * An MFA challenge's code for a phone factor ([auth.mfa.phone] template and length; test_otp
   * numbers get their fixed code and no message). Answers the code for the caller to store in
   * `tx`, the transaction the message waits for.
   */
  deliverMfaCode(
    tx: Queryable,
    phone: string,
    template: string,
    length: number,
    channel: 'sms' | 'whatsapp',
  ): { otp: string; messageId: string } {
    const fixed = this.testOtp(phone);
    if (fixed !== undefined) return { otp: fixed, messageId: TEST_OTP_MESSAGE_ID };
    if (!this.limiter.take('sms_sent', this.settings.rateLimits.smsSentPerHour, ONE_HOUR)) {
      fail('over_sms_send_rate_limit');
    }
    const otp = generateOtp(length);
    const text = renderTemplate(template, otp);
    const stored = this.deliver(tx, phone, text, otp, channel);
    return { otp, messageId: stored };
  }

  /** Answers the message's id now (the request's answer names it); the message waits for `tx`'s commit. */
  private deliver(
    tx: Queryable,
    phone: string,
    text: string,
    otp: string,
    channel: 'sms' | 'whatsapp',
  ): string {
    const id = randomUUID();
    afterCommit(tx, () =>
      this.mailbox.send({
        id,
        to: smsAddress(phone),
        subject: `${channel === 'whatsapp' ? 'WhatsApp message' : 'SMS'} to ${smsAddress(phone)}`,
        text,
        html: `<p>${text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`)}</p>`,
        codes: [otp],
      }),
    );
    return id;
  }

  /** Whether `token` is the code stored for this kind, still fresh (or the number's test_otp). */
  matches(user: UserRow, kind: SmsKind, phone: string, token: string): boolean {
    const fixed = this.testOtp(phone);
    if (fixed !== undefined && fixed === token) return true;
    const tokenKind = TOKEN_KIND[kind];
    const stored =
      tokenKind === 'confirmation_token'
        ? user.confirmation_token
        : tokenKind === 'phone_change_token'
          ? user.phone_change_token
          : user.reauthentication_token;
    const sent = sentAt(user, tokenKind);
    if (!stored || !sent) return false;
    if (new Date(sent).getTime() + this.settings.smsOtpExpirySeconds * 1000 < Date.now()) {
      return false;
    }
    return stored === tokenHash(phone, token);
  }
}
