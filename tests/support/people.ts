// People for browser tests: each test makes its own (through the admin API, confirmed) and, when
// the test is not about signing in, starts with a session put into the page's cookies as the
// portal's supabase-js client keeps it, so no test depends on another one's sign-in.
import { randomUUID } from 'node:crypto';
import { DEFAULT_COOKIE_OPTIONS, createChunks, stringToBase64URL } from '@supabase/ssr';
import type { Session, SupabaseClient } from '@supabase/supabase-js';
import * as OTPAuth from 'otpauth';
import type { TestEmulator } from '../../emulator/test/harness.js';
import type { StorageState } from '../browser.js';

export interface Person {
  id: string;
  email: string;
  password: string;
}

/** A confirmed person with a unique address (`<label>-<random>@example.com`). */
export async function newPerson(
  emulator: TestEmulator,
  label: string,
  password = 'person-pass-42',
): Promise<Person> {
  const email = `${label}-${randomUUID().slice(0, 8)}@example.com`;
  const { data, error } = await emulator
    .admin()
    .auth.admin.createUser({ email, password, email_confirm: true });
  if (error) throw new Error(`could not create ${email}: ${error.message}`);
  return { id: data.user.id, email, password };
}

/** A supabase-js client in Node signed in as `person` with the password (aal1). */
export async function signedInClient(
  emulator: TestEmulator,
  person: Pick<Person, 'email' | 'password'>,
): Promise<SupabaseClient> {
  const client = emulator.client();
  const { error } = await client.auth.signInWithPassword({
    email: person.email,
    password: person.password,
  });
  if (error) throw new Error(`${person.email} could not sign in: ${error.message}`);
  return client;
}

/** The current code of a TOTP secret, as an authenticator app shows it. */
export function totpCode(secret: string): string {
  return new OTPAuth.TOTP({
    secret: OTPAuth.Secret.fromBase32(secret),
    digits: 6,
    period: 30,
  }).generate();
}

/** A code of the right shape that is not the current one. */
export function wrongTotpCode(secret: string): string {
  return totpCode(secret) === '000000' ? '111111' : '000000';
}

/** Enrols and verifies an authenticator for the signed-in client; its session is then aal2. */
export async function enrolTotp(
  client: SupabaseClient,
  friendlyName = 'Test phone',
): Promise<string> {
  const { data, error } = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName });
  if (error) throw new Error(`could not enrol an authenticator: ${error.message}`);
  const verified = await client.auth.mfa.challengeAndVerify({
    factorId: data.id,
    code: totpCode(data.totp.secret),
  });
  if (verified.error)
    throw new Error(`could not verify the authenticator: ${verified.error.message}`);
  return data.totp.secret;
}

/** The cookie the portal's client keeps its session in (supabase-js's default key for the API's host). */
export function sessionCookieName(apiUrl: string): string {
  return `sb-${new URL(apiUrl).hostname.split('.')[0]}-auth-token`;
}

/**
 * Browser cookies holding `client`'s session on the portal's site, as the portal's own client
 * (@supabase/ssr's createBrowserClient) writes them after a sign-in — base64url, chunked by the
 * library's own chunker, its default attributes: a context made with them opens the portal signed in.
 */
export async function signedInStorage(
  portalUrl: string,
  emulator: TestEmulator,
  client: SupabaseClient,
  { expired = false }: { expired?: boolean } = {},
): Promise<StorageState> {
  const { data } = await client.auth.getSession();
  const session: Session | null = data.session;
  if (!session) throw new Error('the client has no session to hand to the browser');
  // An expired session (a person back after the access token's hour): the page's client refreshes
  // it before it restores it, so the session stays 'loading' until the refresh answers.
  const stored = expired ? { ...session, expires_at: Math.floor(Date.now() / 1000) - 60 } : session;
  const value = `base64-${stringToBase64URL(JSON.stringify(stored))}`;
  const expires = Math.floor(Date.now() / 1000) + (DEFAULT_COOKIE_OPTIONS.maxAge ?? 0);
  return {
    cookies: createChunks(sessionCookieName(emulator.apiUrl), value).map((chunk) => ({
      name: chunk.name,
      value: chunk.value,
      domain: new URL(portalUrl).hostname,
      path: '/',
      expires,
      httpOnly: false,
      secure: false,
      sameSite: 'Lax' as const,
    })),
    origins: [],
  };
}
