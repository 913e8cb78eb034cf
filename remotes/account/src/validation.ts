// Checks before a request is sent, so a person learns of a typo without a round trip. The server
// checks again (and its messages are shown as they come).

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

/** The portal's project asks for 8+ characters with letters and digits (supabase/config.toml). */
export const MINIMUM_PASSWORD_LENGTH = 8;

export function checkSignUp({ email, password, confirm }: Credentials & { confirm: string }): FieldErrors<'email' | 'password' | 'confirm'> {
  const errors: FieldErrors<'email' | 'password' | 'confirm'> = {};
  const emailError = checkEmail(email);
  if (emailError) errors.email = emailError;
  if (!password) errors.password = 'Choose a password.';
  else if (password.length < MINIMUM_PASSWORD_LENGTH) errors.password = `Use at least ${MINIMUM_PASSWORD_LENGTH} characters.`;
  else if (!/[a-zA-Z]/.test(password) || !/[0-9]/.test(password)) errors.password = 'Use both letters and digits.';
  if (password && confirm !== password) errors.confirm = 'The two passwords differ.';
  return errors;
}

export function hasErrors(errors: object): boolean {
  return Object.values(errors).some(Boolean);
}
