// Checks before a request is sent, so a person learns of a typo without a round trip. The server
// checks again (and its messages are shown, see auth-errors.ts).

export interface Credentials {
  email: string;
  password: string;
}

export type FieldErrors<Fields extends string> = Partial<Record<Fields | 'form', string>>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function checkEmail(email: string): string | undefined {
  if (!email.trim()) return 'Enter your email address.';
  if (!EMAIL.test(email.trim())) return 'Enter an email address like name@example.com.';
  return undefined;
}

export function checkSignIn({ email, password }: Credentials): FieldErrors<'email' | 'password'> {
  const errors: FieldErrors<'email' | 'password'> = {};
  const emailError = checkEmail(email);
  if (emailError) errors.email = emailError;
  if (!password) errors.password = 'Enter your password.';
  return errors;
}

/**
 * The portal's project asks for 8+ characters with letters and digits (supabase/config.toml's
 * minimum_password_length and password_requirements). GoTrue's GET /settings does not publish
 * these rules, so they are mirrored here; the server's weak_password reasons remain the last word.
 */
export const MINIMUM_PASSWORD_LENGTH = 8;
export const PASSWORD_HINT = `At least ${MINIMUM_PASSWORD_LENGTH} characters, with letters and digits.`;

export function checkNewPassword(password: string): string | undefined {
  if (!password) return 'Choose a password.';
  if (password.length < MINIMUM_PASSWORD_LENGTH) return `Use at least ${MINIMUM_PASSWORD_LENGTH} characters.`;
  if (!/[a-zA-Z]/.test(password) || !/[0-9]/.test(password)) return 'Use both letters and digits.';
  return undefined;
}

export interface NewPassword {
  password: string;
  confirm: string;
}

export function checkPasswordPair({ password, confirm }: NewPassword): FieldErrors<'password' | 'confirm'> {
  const errors: FieldErrors<'password' | 'confirm'> = {};
  const passwordError = checkNewPassword(password);
  if (passwordError) errors.password = passwordError;
  if (password && confirm !== password) errors.confirm = 'The two passwords differ.';
  return errors;
}

export function checkSignUp({ email, password, confirm }: Credentials & { confirm: string }): FieldErrors<'email' | 'password' | 'confirm'> {
  const errors: FieldErrors<'email' | 'password' | 'confirm'> = { ...checkPasswordPair({ password, confirm }) };
  const emailError = checkEmail(email);
  if (emailError) errors.email = emailError;
  return errors;
}

/** One-time codes: the emailed OTP (otp_length in config.toml, 6 here) and TOTP codes are six digits. */
export function checkCode(code: string): string | undefined {
  const digits = code.replace(/\s/g, '');
  if (!digits) return 'Enter the 6-digit code.';
  if (!/^\d{6}$/.test(digits)) return 'The code is 6 digits, like 123456.';
  return undefined;
}

export function normaliseCode(code: string): string {
  return code.replace(/\s/g, '');
}

export const DISPLAY_NAME_MAX = 80;

export function checkProfile({ displayName, avatarUrl }: { displayName: string; avatarUrl: string }): FieldErrors<'displayName' | 'avatarUrl'> {
  const errors: FieldErrors<'displayName' | 'avatarUrl'> = {};
  if (displayName.trim().length > DISPLAY_NAME_MAX) errors.displayName = `Keep the name under ${DISPLAY_NAME_MAX} characters.`;
  const url = avatarUrl.trim();
  if (url) {
    let parsed: URL | null = null;
    try {
      parsed = new URL(url);
    } catch {
      parsed = null;
    }
    if (!parsed || (parsed.protocol !== 'https:' && parsed.protocol !== 'http:')) {
      errors.avatarUrl = 'Enter a web address starting with https://, or leave it empty.';
    }
  }
  return errors;
}

export function checkFactorName(name: string): string | undefined {
  if (!name.trim()) return 'Give the authenticator a name, like “Phone”.';
  if (name.trim().length > 60) return 'Keep the name under 60 characters.';
  return undefined;
}

export function hasErrors(errors: object): boolean {
  return Object.values(errors).some(Boolean);
}
