// Passwords: bcrypt at GoTrue's cost (10), verification of any `$2a$/$2b$/$2y$` hash (pgcrypto's
// crypt(…, gen_salt('bf')) writes `$2a$`), and GoTrue's strength rules → `weak_password`.
import bcrypt from 'bcryptjs';
import { AuthError } from '../errors.js';
import type { AuthSettings } from '../settings.js';

export const BCRYPT_COST = 10;

/** Where bcrypt runs: in this thread (tests, tools) or in a worker pool (the service). */
export interface PasswordHasher {
  hash(password: string): Promise<string>;
  compare(password: string, hash: string): Promise<boolean>;
}

export const inThreadHasher: PasswordHasher = {
  hash: (password) => bcrypt.hash(password, BCRYPT_COST),
  compare: (password, hash) => bcrypt.compare(password, hash),
};
/** bcrypt reads at most 72 bytes; GoTrue refuses longer passwords. */
export const MAX_PASSWORD_BYTES = 72;

export function hashPassword(
  password: string,
  hasher: PasswordHasher = inThreadHasher,
): Promise<string> {
  return hasher.hash(password);
}

export async function verifyPassword(
  password: string,
  hash: string | null | undefined,
  hasher: PasswordHasher = inThreadHasher,
): Promise<boolean> {
  if (!hash || !/^\$2[abxy]?\$\d\d\$/.test(hash)) return false;
  try {
    return await hasher.compare(password, hash);
  } catch {
    return false;
  }
}

export interface WeakPassword {
  message: string;
  reasons: ('length' | 'characters' | 'pwned')[];
}

/** GoTrue's checkPasswordStrength: minimum length, then required character sets. */
export function checkPasswordStrength(
  password: string,
  settings: AuthSettings,
): WeakPassword | null {
  const reasons: WeakPassword['reasons'] = [];
  const messages: string[] = [];
  if ([...password].length < settings.minimumPasswordLength) {
    reasons.push('length');
    messages.push(`Password should be at least ${settings.minimumPasswordLength} characters.`);
  }
  const missingSet = settings.requiredCharacters.some(
    (set) => ![...password].some((ch) => set.includes(ch)),
  );
  if (missingSet) {
    reasons.push('characters');
    messages.push(
      `Password should contain at least one character of each: ${settings.requiredCharacters.join(', ')}.`,
    );
  }
  return reasons.length ? { message: messages.join(' '), reasons } : null;
}

/** GoTrue's 422 `weak_password`, with the reasons the client turns into AuthWeakPasswordError. */
export function weakPasswordError(weak: WeakPassword): AuthError {
  return new AuthError('weak_password', weak.message, {
    extra: { weak_password: { reasons: weak.reasons } },
  });
}
