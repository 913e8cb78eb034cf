// The auth service's answers in words for people. A request that got no answer (auth-js's
// AuthRetryableFetchError: "Failed to fetch", status 0) is said as such, with what happens next:
// a form's message changes once the server answers again (FormError), a list reads again by itself.
import { isAuthError, isAuthWeakPasswordError } from '@supabase/supabase-js';
import { describeError } from '@portal/platform';
import { isUnanswered, READ_AGAIN_WHEN_ANSWERED, UNANSWERED } from '@portal/ui/words';

export type AuthField = 'email' | 'password' | 'code' | 'form';

const WEAK_REASON: Record<string, string> = {
  length: `it is too short`,
  // Which kinds the project demands (letters_digits, lower_upper_letters_digits…) is in the
  // server's message; a fixed phrase here would be wrong for every other setting.
  characters: 'it lacks a kind of character the project requires',
  pwned: 'it appeared in a data breach; choose another',
};

/**
 * Words for a person, from the server's error code (docs/errors.md#auth-errors). The
 * server's own message is kept, so what the backend said is never hidden; a hint on what to do
 * next is added where the code alone would leave a person stuck.
 */
export function describeAuthError(error: unknown): string {
  if (isUnanswered(error)) return `${UNANSWERED} ${TRY_AGAIN_WHEN_ANSWERED}`;
  const message = describeError(error);
  if (!isAuthError(error)) return `The request failed: ${message}`;
  if (isAuthWeakPasswordError(error) && error.reasons.length) {
    const reasons = error.reasons.map((reason) => WEAK_REASON[reason] ?? reason).join('; ');
    return `${message} (The server refused this password: ${reasons}.)`;
  }
  switch (error.code) {
    case 'invalid_credentials':
      return `${message}. Check the address and the password, or reset your password.`;
    case 'email_not_confirmed':
      return `${message}. Open the link in the confirmation mail first, or send it again.`;
    case 'over_email_send_rate_limit':
    case 'over_request_rate_limit':
    case 'over_sms_send_rate_limit':
      return `${message}. Too many attempts for now: wait a little and try again.`;
    case 'otp_expired':
      return `${message}. Ask for a new code and use it within the hour.`;
    case 'mfa_verification_failed':
      return `${message}. Check the code in your authenticator app; it changes every 30 seconds.`;
    case 'same_password':
      return `${message}. Choose a password you have not used here.`;
    case 'reauthentication_not_valid':
      return `${message}. Check the code from the mail, or send a new one.`;
    case 'anonymous_provider_disabled':
      return 'This portal does not offer guest access.';
    case 'oauth_authorization_not_found':
      return `${message}. The request expired, was already answered or belongs to someone else: start again from the app.`;
    default:
      return message;
  }
}

/** What a form says next when the server did not answer (FormError changes it once the server is back). */
export const TRY_AGAIN_WHEN_ANSWERED = 'Try again once it answers: this message changes when it does.';

/** A failed read of a list, in words: one that got no answer is read again by itself (useAuthList). */
export function describeAuthReadError(error: unknown): string {
  if (isUnanswered(error)) return `${UNANSWERED} ${READ_AGAIN_WHEN_ANSWERED}`;
  return describeAuthError(error);
}

/** Whether a message from describeAuthError says a request was sent and got no answer. */
export function saysSentUnanswered(message: string): boolean {
  return message.startsWith(UNANSWERED) && message.endsWith(TRY_AGAIN_WHEN_ANSWERED);
}

/** Places the server's message next to the field it is about. */
export function placeAuthError(error: unknown): { field: AuthField; message: string } {
  const message = describeAuthError(error);
  if (!isAuthError(error)) return { field: 'form', message };
  switch (error.code) {
    case 'weak_password':
    case 'same_password':
      return { field: 'password', message };
    case 'email_exists':
    case 'user_already_exists':
    case 'email_address_invalid':
    case 'email_address_not_authorized':
      return { field: 'email', message };
    case 'otp_expired':
    case 'mfa_verification_failed':
    case 'reauthentication_not_valid':
      return { field: 'code', message };
    default:
      return { field: 'form', message };
  }
}

/** True when the server refused because the session lacks a second factor (insufficient_aal). */
export function needsSecondFactor(error: unknown): boolean {
  return isAuthError(error) && error.code === 'insufficient_aal';
}
