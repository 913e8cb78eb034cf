// Random strings and hashes with GoTrue's formats: 12-character refresh tokens, numeric
// OTPs, token hashes (hex SHA-224 of email + OTP) and PKCE checks (lowercase `s256`, §1.6).
import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

const ALPHANUMERIC = 'abcdefghijklmnopqrstuvwxyz0123456789';

/**
 * GoTrue's v1 refresh tokens are 12 lowercase alphanumeric characters
 * (docs/compatibility.md#auth-shapes).
 */
export function newRefreshToken(length = 12): string {
  let token = '';
  for (let i = 0; i < length; i++) token += ALPHANUMERIC[randomInt(ALPHANUMERIC.length)];
  return token;
}

export function generateOtp(length: number): string {
  let otp = '';
  for (let i = 0; i < length; i++) otp += String(randomInt(10));
  return otp;
}

/** How GoTrue stores an emailed OTP: the hex SHA-224 of the address followed by the code. */
export function tokenHash(address: string, otp: string): string {
  return createHash('sha224')
    .update(address + otp)
    .digest('hex');
}

export function randomHex(bytes: number): string {
  return randomBytes(bytes).toString('hex');
}

export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** Tokens of PKCE flows carry this prefix in the database (GoTrue's `pkce_`). */
export const PKCE_PREFIX = 'pkce_';

export type ChallengeMethod = 's256' | 'plain';

export function parseChallengeMethod(value: string): ChallengeMethod | null {
  const lower = value.toLowerCase();
  return lower === 's256' || lower === 'plain' ? lower : null;
}

/** GoTrue accepts code challenges of 43 to 128 characters. */
export function isValidCodeChallenge(challenge: string): boolean {
  return /^[A-Za-z0-9._~-]{43,128}$/.test(challenge);
}

export function verifyPkce(verifier: string, challenge: string, method: ChallengeMethod): boolean {
  if (method === 'plain') return safeEqual(verifier, challenge);
  const computed = createHash('sha256').update(verifier).digest('base64url');
  return safeEqual(computed, challenge);
}
