// People for a team's tests: each test makes its own (confirmed, through the admin API) and
// starts signed in, its session put into the browser's cookies as the shell's client keeps it.
import { randomUUID } from 'node:crypto';
import { DEFAULT_COOKIE_OPTIONS, createChunks, stringToBase64URL } from '@supabase/ssr';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';

export interface Person {
  id: string;
  email: string;
  password: string;
}

/** Playwright's storage state: cookies for a new browser context. */
export interface StorageState {
  cookies: Array<{ name: string; value: string; domain: string; path: string; expires: number; httpOnly: boolean; secure: boolean; sameSite: 'Lax' }>;
  origins: [];
}

export interface Backend {
  apiUrl: string;
  anonKey: string;
  serviceRoleKey: string;
}

const noSession = { auth: { persistSession: false, autoRefreshToken: false } };

/** A client of the backend with the anon key: a person's, once signed in. */
export const clientOf = (backend: Backend): SupabaseClient => createClient(backend.apiUrl, backend.anonKey, noSession);

/** A client with the service_role key: past row level security, for a test's set-up only. */
export const adminOf = (backend: Backend): SupabaseClient => createClient(backend.apiUrl, backend.serviceRoleKey, noSession);

/** A confirmed person with a unique address (`<label>-<random>@example.com`). */
export async function newPerson(backend: Backend, label = 'person', password = 'person-pass-42'): Promise<Person> {
  const email = `${label}-${randomUUID().slice(0, 8)}@example.com`;
  const { data, error } = await adminOf(backend).auth.admin.createUser({ email, password, email_confirm: true });
  if (error) throw new Error(`Could not create ${email}: ${error.message}`);
  return { id: data.user.id, email, password };
}

/** A client signed in as `person` with the password. */
export async function signedInClient(backend: Backend, person: Pick<Person, 'email' | 'password'>): Promise<SupabaseClient> {
  const client = clientOf(backend);
  const { error } = await client.auth.signInWithPassword({ email: person.email, password: person.password });
  if (error) throw new Error(`${person.email} could not sign in: ${error.message}`);
  return client;
}

/**
 * The cookies of `person`'s session on the portal at `portalUrl`, as the shell's client
 * (@supabase/ssr) writes them after a sign-in: a browser context made with them opens signed in.
 */
export async function signedInState(backend: Backend, portalUrl: string, person: Pick<Person, 'email' | 'password'>): Promise<StorageState> {
  const { data } = await (await signedInClient(backend, person)).auth.getSession();
  if (!data.session) throw new Error(`${person.email} has no session to hand to the browser.`);
  const value = `base64-${stringToBase64URL(JSON.stringify(data.session))}`;
  const expires = Math.floor(Date.now() / 1000) + (DEFAULT_COOKIE_OPTIONS.maxAge ?? 0);
  // supabase-js's default storage key for the API's host.
  const cookieName = `sb-${new URL(backend.apiUrl).hostname.split('.')[0]}-auth-token`;
  return {
    cookies: createChunks(cookieName, value).map((chunk) => ({ name: chunk.name, value: chunk.value, domain: new URL(portalUrl).hostname, path: '/', expires, httpOnly: false, secure: false, sameSite: 'Lax' as const })),
    origins: [],
  };
}
