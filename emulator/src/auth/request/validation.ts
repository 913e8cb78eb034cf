// Field checks GoTrue applies before any work, with its messages (validateEmail & co), and
// the zod building blocks for request bodies: every field may be absent or null, as Go's
// JSON decoder leaves such fields at their zero value.
import { z } from 'zod';
import { fail } from '../errors.js';
import { MAX_PASSWORD_BYTES } from '../users/passwords.js';

export const optionalString = z.string().nullish();
export const optionalBoolean = z.boolean().nullish();
export const optionalObject = z.record(z.string(), z.unknown()).nullish();

const EMAIL =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

/** GoTrue's validateEmail: required, at most 255 characters, well-formed; answers it lower-cased. */
export function validateEmail(email: string | null | undefined): string {
  if (!email) fail('validation_failed', 'An email address is required');
  if (email.length > 255) fail('validation_failed', 'An email address is too long');
  if (!EMAIL.test(email))
    fail('validation_failed', 'Unable to validate email address: invalid format');
  return email.toLowerCase();
}

export function checkPasswordLength(password: string): void {
  if (Buffer.byteLength(password) > MAX_PASSWORD_BYTES) {
    fail(
      'validation_failed',
      `Password cannot be longer than ${MAX_PASSWORD_BYTES} characters`,
      422,
    );
  }
}
