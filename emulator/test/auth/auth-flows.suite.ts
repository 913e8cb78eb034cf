// The auth service's end-to-end suite, through the official supabase-js client against a
// real emulator process. Shared by auth.spec.ts (PGlite) and auth.postgres.spec.ts (a real
// PostgreSQL server), so both engines pass the same behaviour.
import { createHash, createHmac, randomBytes } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import * as OTPAuth from 'otpauth';
import {
  ANON_KEY,
  JWT_SECRET,
  latestMail,
  PUBLISHABLE_KEY,
  SECRET_KEY,
  SERVICE_ROLE_KEY,
  startTestEmulator,
  type TestEmulator,
} from '../harness.js';

export const AUTH_CONFIG = `
[auth]
site_url = "http://127.0.0.1:3000"
additional_redirect_urls = ["https://app.example.com/**"]
jwt_expiry = 3600
enable_refresh_token_rotation = true
refresh_token_reuse_interval = 0
enable_signup = true
enable_anonymous_sign_ins = true
enable_manual_linking = true
minimum_password_length = 8
password_requirements = "letters_digits"

[auth.rate_limit]
email_sent = 1000
sign_in_sign_ups = 1000
token_refresh = 1000
token_verifications = 1000
anonymous_users = 1000

[auth.email]
enable_confirmations = false
double_confirm_changes = true
secure_password_change = true
max_frequency = "0s"
`;

const SEED_USER = 'a0000000-0000-4000-8000-000000000001';
const UNCONFIRMED_USER = 'a0000000-0000-4000-8000-000000000002';
const OLD_SESSION = 'b0000000-0000-4000-8000-000000000001';
export const OLD_REFRESH_TOKEN = 'oldsession01';
// A second user with a two-day-old session, for racing password changes.
const NONCE_USER = 'a0000000-0000-4000-8000-000000000003';
const NONCE_SESSION = 'b0000000-0000-4000-8000-000000000003';
const NONCE_REFRESH_TOKEN = 'oldsession03';

export const AUTH_FILES: Record<string, string> = {
  'migrations/20240101000000_profiles.sql': `
    create table public.profiles (id uuid primary key references auth.users (id) on delete cascade, email text);
    create function public.handle_new_user() returns trigger language plpgsql security definer set search_path = '' as $$
    begin
      if new.email like 'reject-%' then
        raise exception 'profiles refuse %', new.email;
      end if;
      insert into public.profiles (id, email) values (new.id, new.email);
      update auth.users set raw_user_meta_data = coalesce(raw_user_meta_data, '{}'::jsonb) || '{"profile_created": true}'
        where id = new.id;
      return new;
    end $$;
    create trigger on_auth_user_created after insert on auth.users for each row execute function public.handle_new_user();`,
  'seed.sql': `
    insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
      raw_app_meta_data, raw_user_meta_data, created_at, updated_at, confirmation_token, recovery_token,
      email_change_token_new, email_change)
    values
      ('00000000-0000-0000-0000-000000000000', '${SEED_USER}', 'authenticated', 'authenticated',
       'seed@example.com', crypt('seed-password-1', gen_salt('bf')), now(),
       '{"provider":"email","providers":["email"]}', '{"display_name":"Seed"}', now(), now(), '', '', '', ''),
      ('00000000-0000-0000-0000-000000000000', '${UNCONFIRMED_USER}', 'authenticated', 'authenticated',
       'pending@example.com', crypt('pending-password-1', gen_salt('bf')), null,
       '{"provider":"email","providers":["email"]}', '{}', now(), now(), null, null, null, null);
    insert into auth.identities (id, user_id, provider_id, identity_data, provider, created_at, updated_at)
    select gen_random_uuid(), id, id::text,
      jsonb_build_object('sub', id::text, 'email', email, 'email_verified', true, 'phone_verified', false),
      'email', now(), now()
    from auth.users where id in ('${SEED_USER}', '${UNCONFIRMED_USER}');
    -- A session signed in two days ago: password changes from it need a reauthentication nonce.
    insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
      raw_app_meta_data, raw_user_meta_data, created_at, updated_at, confirmation_token, recovery_token,
      email_change_token_new, email_change)
    values ('00000000-0000-0000-0000-000000000000', '${NONCE_USER}', 'authenticated', 'authenticated',
       'nonce@example.com', crypt('nonce-password-1', gen_salt('bf')), now(),
       '{"provider":"email","providers":["email"]}', '{}', now(), now(), '', '', '', '');
    insert into auth.identities (id, user_id, provider_id, identity_data, provider, created_at, updated_at)
      values (gen_random_uuid(), '${NONCE_USER}', '${NONCE_USER}',
        '{"sub":"${NONCE_USER}","email":"nonce@example.com","email_verified":true}', 'email', now(), now());
    insert into auth.sessions (id, user_id, created_at, updated_at, aal)
      values ('${NONCE_SESSION}', '${NONCE_USER}', now() - interval '2 days', now() - interval '2 days', 'aal1');
    insert into auth.mfa_amr_claims (id, session_id, created_at, updated_at, authentication_method)
      values (gen_random_uuid(), '${NONCE_SESSION}', now() - interval '2 days', now() - interval '2 days', 'password');
    insert into auth.refresh_tokens (instance_id, token, user_id, revoked, created_at, updated_at, session_id)
      values ('00000000-0000-0000-0000-000000000000', '${NONCE_REFRESH_TOKEN}', '${NONCE_USER}', false,
        now() - interval '2 days', now() - interval '2 days', '${NONCE_SESSION}');
    insert into auth.sessions (id, user_id, created_at, updated_at, aal)
      values ('${OLD_SESSION}', '${SEED_USER}', now() - interval '2 days', now() - interval '2 days', 'aal1');
    insert into auth.mfa_amr_claims (id, session_id, created_at, updated_at, authentication_method)
      values (gen_random_uuid(), '${OLD_SESSION}', now() - interval '2 days', now() - interval '2 days', 'password');
    insert into auth.refresh_tokens (instance_id, token, user_id, revoked, created_at, updated_at, session_id)
      values ('00000000-0000-0000-0000-000000000000', '${OLD_REFRESH_TOKEN}', '${SEED_USER}', false,
        now() - interval '2 days', now() - interval '2 days', '${OLD_SESSION}');`,
};

let counter = 0;
export function freshEmail(prefix: string): string {
  counter++;
  return `${prefix}-${Date.now().toString(36)}-${counter}@example.com`;
}

export function decodeJwt(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as Record<
    string,
    unknown
  >;
}

/** An HS256 JWT signed with `secret` (to forge or expire tokens on purpose). */
export function signJwt(payload: Record<string, unknown>, secret = JWT_SECRET): string {
  const header = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  const signature = createHmac('sha256', secret).update(`${header}.${body}`).digest('base64url');
  return `${header}.${body}.${signature}`;
}

export interface ReadMail {
  subject: string;
  text: string;
  link: string | null;
  code: string | null;
}

export async function mailFor(emulator: TestEmulator, to: string): Promise<ReadMail> {
  const mail = await latestMail(emulator.mailUrl, to);
  if (!mail) throw new Error(`no mail for ${to}`);
  return {
    subject: mail.Subject,
    text: mail.Text,
    link: /(http:\/\/\S+\/auth\/v1\/verify\?\S+)/.exec(mail.Text)?.[1] ?? null,
    code: /code: (\d{6,10})/.exec(mail.Text)?.[1] ?? null,
  };
}

/** GETs a URL without following redirects; answers the Location header. */
export async function location(url: string, init: RequestInit = {}): Promise<string> {
  const response = await fetch(url, { ...init, redirect: 'manual' });
  const target = response.headers.get('location');
  if (!target)
    throw new Error(
      `${url} answered ${response.status} without a redirect: ${await response.text()}`,
    );
  return target;
}

export function fragment(url: string): URLSearchParams {
  return new URLSearchParams(new URL(url).hash.slice(1));
}

async function authFetch(
  emulator: TestEmulator,
  path: string,
  init: RequestInit & { token?: string; version?: string | null } = {},
): Promise<{ status: number; body: Record<string, unknown>; headers: Headers }> {
  const headers = new Headers(init.headers);
  headers.set('apikey', ANON_KEY);
  if (init.version !== null) headers.set('X-Supabase-Api-Version', init.version ?? '2024-01-01');
  if (init.token) headers.set('Authorization', `Bearer ${init.token}`);
  if (init.body && !headers.has('content-type')) headers.set('content-type', 'application/json');
  const response = await fetch(`${emulator.apiUrl}/auth/v1${path}`, {
    ...init,
    headers,
    redirect: 'manual',
  });
  const text = await response.text();
  return {
    status: response.status,
    body: text ? (JSON.parse(text) as Record<string, unknown>) : {},
    headers: response.headers,
  };
}

function totpFor(secret: string): string {
  return new OTPAuth.TOTP({
    secret: OTPAuth.Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
  }).generate();
}

export function describeAuthFlows(name: string, options: { postgres?: boolean } = {}): void {
  describe(name, () => {
    // The machine is shared and bcrypt is slow by design: allow for a busy CPU.
    jest.setTimeout(60_000);

    let emulator: TestEmulator;
    let anon: SupabaseClient;

    beforeAll(async () => {
      emulator = await startTestEmulator({
        configToml: AUTH_CONFIG,
        files: AUTH_FILES,
        postgres: options.postgres ?? false,
      });
      anon = emulator.client();
    }, 120_000);

    afterAll(() => emulator?.stop(), 60_000);

    const client = (flowType: 'implicit' | 'pkce' = 'implicit') =>
      emulator.client(ANON_KEY, { auth: { flowType } });

    async function signedIn(email = freshEmail('user'), password = 'password-123') {
      const c = client();
      const { data, error } = await c.auth.signUp({ email, password });
      expect(error).toBeNull();
      expect(data.session).not.toBeNull();
      return { c, email, password, session: data.session!, user: data.user! };
    }

    describe('health and settings', () => {
      it('answers /health and /settings with the configured providers', async () => {
        const health = await authFetch(emulator, '/health');
        expect(health.status).toBe(200);
        expect(health.body.name).toBe('GoTrue');
        const settings = await authFetch(emulator, '/settings');
        expect(settings.body).toMatchObject({
          disable_signup: false,
          mailer_autoconfirm: true,
          external: { email: true, anonymous_users: true, test: true, github: false },
        });
      });
    });

    describe('sign-up and password sign-in', () => {
      it('auto-confirms, answers a session, and the profile trigger fires', async () => {
        const { c, email, session, user } = await signedIn();
        expect(user.email).toBe(email);
        expect(user.email_confirmed_at).toBeTruthy();
        expect(user.identities?.[0]).toMatchObject({
          provider: 'email',
          id: user.id,
          identity_data: { email, email_verified: true },
        });
        expect(session.refresh_token).toMatch(/^[a-z0-9]{12}$/);
        const { data } = await c.auth.getUser();
        expect(data.user?.user_metadata.profile_created).toBe(true);
      });

      it("puts exactly GoTrue's claims in the access token", async () => {
        const { session, user } = await signedIn();
        const claims = decodeJwt(session.access_token);
        expect(Object.keys(claims).sort()).toEqual(
          [
            'aal',
            'amr',
            'app_metadata',
            'aud',
            'email',
            'exp',
            'iat',
            'is_anonymous',
            'iss',
            'phone',
            'role',
            'session_id',
            'sub',
            'user_metadata',
          ].sort(),
        );
        expect(claims).toMatchObject({
          iss: `${emulator.apiUrl}/auth/v1`,
          sub: user.id,
          aud: 'authenticated',
          role: 'authenticated',
          aal: 'aal1',
          is_anonymous: false,
          app_metadata: { provider: 'email', providers: ['email'] },
        });
        expect((claims.amr as { method: string }[])[0]!.method).toBe('password');
        expect((claims.exp as number) - (claims.iat as number)).toBe(3600);
        expect(session.expires_in).toBe(3600);
      });

      it('refuses a second sign-up for a confirmed address with user_already_exists', async () => {
        const { email } = await signedIn();
        const { error } = await anon.auth.signUp({ email, password: 'password-456' });
        expect(error).toMatchObject({
          code: 'user_already_exists',
          status: 422,
          message: 'User already registered',
        });
      });

      it('refuses weak passwords with their reasons', async () => {
        const short = await anon.auth.signUp({ email: freshEmail('weak'), password: 'abc1' });
        expect(short.error).toMatchObject({
          code: 'weak_password',
          status: 422,
          name: 'AuthWeakPasswordError',
        });
        expect((short.error as unknown as { reasons: string[] }).reasons).toEqual(['length']);
        const lettersOnly = await anon.auth.signUp({
          email: freshEmail('weak'),
          password: 'onlyletters',
        });
        expect((lettersOnly.error as unknown as { reasons: string[] }).reasons).toEqual([
          'characters',
        ]);
        expect(lettersOnly.error?.message).toMatch(/at least one character of each/);
      });

      it('rejects malformed addresses and missing passwords with validation_failed', async () => {
        const bad = await anon.auth.signUp({ email: 'not-an-email', password: 'password-123' });
        expect(bad.error).toMatchObject({ code: 'validation_failed', status: 400 });
        expect(bad.error?.message).toMatch(/invalid format/);
        const missing = await authFetch(emulator, '/signup', {
          method: 'POST',
          body: JSON.stringify({ email: freshEmail('x') }),
        });
        expect(missing.status).toBe(422);
        expect(missing.body).toEqual({
          code: 'validation_failed',
          message: 'Signup requires a valid password',
        });
      });

      it('signs in a seeded user whose password pgcrypto hashed ($2a$)', async () => {
        const c = client();
        const { data, error } = await c.auth.signInWithPassword({
          email: 'seed@example.com',
          password: 'seed-password-1',
        });
        expect(error).toBeNull();
        expect(data.user?.user_metadata.display_name).toBe('Seed');
        expect(data.session?.access_token).toBeTruthy();
      });

      it('answers invalid_credentials and email_not_confirmed as GoTrue does', async () => {
        const wrong = await anon.auth.signInWithPassword({
          email: 'seed@example.com',
          password: 'nope-nope-1',
        });
        expect(wrong.error).toMatchObject({
          code: 'invalid_credentials',
          status: 400,
          message: 'Invalid login credentials',
        });
        const unknown = await anon.auth.signInWithPassword({
          email: 'nobody@example.com',
          password: 'nope-nope-1',
        });
        expect(unknown.error).toMatchObject({ code: 'invalid_credentials', status: 400 });
        const pending = await anon.auth.signInWithPassword({
          email: 'pending@example.com',
          password: 'pending-password-1',
        });
        expect(pending.error).toMatchObject({
          code: 'email_not_confirmed',
          status: 400,
          message: 'Email not confirmed',
        });
      });

      it('reports a failing project trigger as a database error, and keeps serving', async () => {
        const { error } = await anon.auth.signUp({
          email: freshEmail('reject'),
          password: 'password-123',
        });
        expect(error?.status).toBe(500);
        expect(error?.message).toMatch(/Database error saving new user/);
        expect((await authFetch(emulator, '/health')).status).toBe(200);
      });
    });

    describe('refresh tokens', () => {
      it('rotates, hands the active token back for its parent, and revokes the family on reuse', async () => {
        const { session } = await signedIn();
        const first = session.refresh_token;
        const second = await anon.auth.refreshSession({ refresh_token: first });
        expect(second.error).toBeNull();
        const secondToken = second.data.session!.refresh_token;
        expect(secondToken).not.toBe(first);
        // The parent of the active token gets that same active token back.
        const again = await anon.auth.refreshSession({ refresh_token: first });
        expect(again.data.session?.refresh_token).toBe(secondToken);
        const third = await anon.auth.refreshSession({ refresh_token: secondToken });
        const thirdToken = third.data.session!.refresh_token;
        // The grandparent is outside the reuse interval (0 s here): the family is revoked.
        const reused = await anon.auth.refreshSession({ refresh_token: first });
        expect(reused.error).toMatchObject({
          code: 'refresh_token_already_used',
          status: 400,
          message: 'Invalid Refresh Token: Already Used',
        });
        // The replay revoked the session with its tokens.
        const afterRevocation = await anon.auth.refreshSession({ refresh_token: thirdToken });
        expect(afterRevocation.error).toMatchObject({ code: 'refresh_token_not_found', status: 400 });
      });

      it('answers refresh_token_not_found for unknown tokens and an OAuth error for a missing one', async () => {
        const { error } = await anon.auth.refreshSession({ refresh_token: 'doesnotexist' });
        expect(error).toMatchObject({ code: 'refresh_token_not_found', status: 400 });
        const missing = await authFetch(emulator, '/token?grant_type=refresh_token', {
          method: 'POST',
          body: '{}',
        });
        expect(missing.status).toBe(400);
        expect(missing.body).toEqual({
          error: 'invalid_request',
          error_description: 'refresh_token required',
        });
      });
    });

    describe('email OTP, magic links and PKCE', () => {
      it('signs in with the emailed code, once', async () => {
        const { email } = await signedIn();
        const c = client();
        expect((await c.auth.signInWithOtp({ email })).error).toBeNull();
        const mail = await mailFor(emulator, email);
        expect(mail.subject).toBe('Your Magic Link');
        expect(mail.code).toMatch(/^\d{6}$/);
        // The mailbox page lists each mail's code and link.
        const page = await (await fetch(`${emulator.mailUrl}/`)).text();
        expect(page).toContain(`<code>${mail.code}</code>`);
        const { data, error } = await c.auth.verifyOtp({ email, token: mail.code!, type: 'email' });
        expect(error).toBeNull();
        expect(data.session?.user.email).toBe(email);
        expect((decodeJwt(data.session!.access_token).amr as { method: string }[])[0]!.method).toBe(
          'otp',
        );
        const reused = await client().auth.verifyOtp({ email, token: mail.code!, type: 'email' });
        expect(reused.error).toMatchObject({
          code: 'otp_expired',
          status: 403,
          message: 'Token has expired or is invalid',
        });
      });

      it('signs in with an emailed code once when the verifies race', async () => {
        const { email } = await signedIn();
        expect((await client().auth.signInWithOtp({ email })).error).toBeNull();
        const { code } = await mailFor(emulator, email);
        expect(code).toMatch(/^\d{6}$/);
        const verify = () =>
          authFetch(emulator, '/verify', {
            method: 'POST',
            body: JSON.stringify({ type: 'email', email, token: code }),
          });
        const answers = await Promise.all(Array.from({ length: 8 }, verify));
        // Exactly one session; the others find the code spent, as a replay does.
        expect(answers.map((answer) => answer.body.code ?? answer.status).sort()).toEqual([
          200,
          ...Array.from({ length: 7 }, () => 'otp_expired'),
        ]);
        expect(answers.filter((answer) => answer.status === 403)).toHaveLength(7);
        const won = answers.find((answer) => answer.status === 200)!;
        expect(decodeJwt(won.body.access_token as string).email).toBe(email);
        const replay = await verify();
        expect([replay.status, replay.body.code]).toEqual([403, 'otp_expired']);
      });

      it('creates the user on first OTP unless create_user is false', async () => {
        const email = freshEmail('otp-new');
        const refused = await anon.auth.signInWithOtp({
          email,
          options: { shouldCreateUser: false },
        });
        expect(refused.error).toMatchObject({ code: 'otp_disabled', status: 422 });
        expect(
          (await anon.auth.signInWithOtp({ email, options: { data: { plan: 'free' } } })).error,
        ).toBeNull();
        const mail = await mailFor(emulator, email);
        const { data } = await client().auth.verifyOtp({
          email,
          token: mail.code!,
          type: 'magiclink',
        });
        expect(data.user?.user_metadata.plan).toBe('free');
      });

      it('follows a magic link to redirect_to with the session in the fragment, then refuses it', async () => {
        const { email } = await signedIn();
        await anon.auth.signInWithOtp({
          email,
          options: { emailRedirectTo: 'http://127.0.0.1:4321/welcome' },
        });
        const mail = await mailFor(emulator, email);
        expect(mail.link).toContain('type=magiclink');
        const target = await location(mail.link!);
        expect(target.startsWith('http://127.0.0.1:4321/welcome#')).toBe(true);
        const params = fragment(target);
        expect(params.get('type')).toBe('magiclink');
        expect(params.get('token_type')).toBe('bearer');
        expect(decodeJwt(params.get('access_token')!).email).toBe(email);
        const { data } = await client().auth.setSession({
          access_token: params.get('access_token')!,
          refresh_token: params.get('refresh_token')!,
        });
        expect(data.user?.email).toBe(email);
        const spent = fragment(await location(mail.link!));
        expect(spent.get('error')).toBe('access_denied');
        expect(spent.get('error_code')).toBe('otp_expired');
        expect(spent.get('error_description')).toBe('Email link is invalid or has expired');
      });

      it('sends disallowed redirects to site_url', async () => {
        const { email } = await signedIn();
        await anon.auth.signInWithOtp({
          email,
          options: { emailRedirectTo: 'https://evil.example.net/steal' },
        });
        const target = await location((await mailFor(emulator, email)).link!);
        expect(
          target.startsWith('http://127.0.0.1:3000/#') ||
            target.startsWith('http://127.0.0.1:3000#'),
        ).toBe(true);
        // additional_redirect_urls globs are honoured.
        await anon.auth.signInWithOtp({
          email,
          options: { emailRedirectTo: 'https://app.example.com/deep/path' },
        });
        const allowed = await location((await mailFor(emulator, email)).link!);
        expect(allowed.startsWith('https://app.example.com/deep/path#')).toBe(true);
      });

      it('exchanges a PKCE magic link code (lowercase s256) for a session', async () => {
        const { email } = await signedIn();
        const c = client('pkce');
        expect(
          (
            await c.auth.signInWithOtp({
              email,
              options: { emailRedirectTo: 'http://127.0.0.1:4321/cb' },
            })
          ).error,
        ).toBeNull();
        const mail = await mailFor(emulator, email);
        expect(mail.link).toContain('token=pkce_');
        const target = new URL(await location(mail.link!));
        const code = target.searchParams.get('code');
        expect(code).toBeTruthy();
        const { data, error } = await c.auth.exchangeCodeForSession(code!);
        expect(error).toBeNull();
        expect(data.user?.email).toBe(email);
        const replay = await c.auth.exchangeCodeForSession(code!);
        expect(replay.error).toBeTruthy();
      });

      it('refuses a wrong code verifier with bad_code_verifier', async () => {
        const { email } = await signedIn();
        const c = client('pkce');
        await c.auth.signInWithOtp({ email });
        const code = new URL(
          await location((await mailFor(emulator, email)).link!),
        ).searchParams.get('code')!;
        const wrong = await authFetch(emulator, '/token?grant_type=pkce', {
          method: 'POST',
          body: JSON.stringify({ auth_code: code, code_verifier: 'x'.repeat(64) }),
        });
        expect(wrong.status).toBe(400);
        expect(wrong.body.code).toBe('bad_code_verifier');
        const unknown = await authFetch(emulator, '/token?grant_type=pkce', {
          method: 'POST',
          body: JSON.stringify({
            auth_code: '00000000-0000-4000-8000-000000000000',
            code_verifier: 'x'.repeat(64),
          }),
        });
        expect(unknown.status).toBe(404);
        expect(unknown.body.code).toBe('flow_state_not_found');
      });

      it('exchanges an auth code once when the exchanges race', async () => {
        const { email } = await signedIn();
        const verifier = randomBytes(48).toString('base64url');
        const challenge = createHash('sha256').update(verifier).digest('base64url');
        const otp = await authFetch(emulator, '/otp', {
          method: 'POST',
          body: JSON.stringify({ email, code_challenge: challenge, code_challenge_method: 's256' }),
        });
        expect(otp.status).toBe(200);
        const code = new URL(
          await location((await mailFor(emulator, email)).link!),
        ).searchParams.get('code')!;
        expect(code).toBeTruthy();
        const answers = await Promise.all(
          Array.from({ length: 8 }, () =>
            authFetch(emulator, '/token?grant_type=pkce', {
              method: 'POST',
              body: JSON.stringify({ auth_code: code, code_verifier: verifier }),
            }),
          ),
        );
        // Exactly one session; the others find the flow state gone, as a replay does.
        expect(answers.map((answer) => answer.body.code ?? answer.status).sort()).toEqual([
          200,
          ...Array.from({ length: 7 }, () => 'flow_state_not_found'),
        ]);
        expect(answers.filter((answer) => answer.status === 404)).toHaveLength(7);
        const won = answers.find((answer) => answer.status === 200)!;
        expect(decodeJwt(won.body.access_token as string).email).toBe(email);
      });
    });

    describe('password recovery and user updates', () => {
      it('recovers: mail → verify (PASSWORD_RECOVERY) → updateUser({password})', async () => {
        const { email } = await signedIn();
        expect(
          (
            await anon.auth.resetPasswordForEmail(email, {
              redirectTo: 'http://127.0.0.1:4321/reset',
            })
          ).error,
        ).toBeNull();
        const mail = await mailFor(emulator, email);
        expect(mail.subject).toBe('Reset Your Password');
        expect(fragment(await location(mail.link!)).get('type')).toBe('recovery');
        // The same flow with the emailed code, as an app without links would do it.
        expect((await anon.auth.resetPasswordForEmail(email)).error).toBeNull();
        const c = client();
        const events: string[] = [];
        c.auth.onAuthStateChange((event) => void events.push(event));
        const code = (await mailFor(emulator, email)).code;
        const verified = await c.auth.verifyOtp({ email, token: code!, type: 'recovery' });
        expect(verified.error).toBeNull();
        expect(events).toContain('PASSWORD_RECOVERY');
        expect((await c.auth.updateUser({ password: 'recovered-123' })).error).toBeNull();
        const signIn = await client().auth.signInWithPassword({ email, password: 'recovered-123' });
        expect(signIn.error).toBeNull();
        // Unknown addresses get the same empty answer.
        expect((await anon.auth.resetPasswordForEmail(freshEmail('nobody'))).error).toBeNull();
      });

      it('merges user_metadata and refuses the same password', async () => {
        const { c, password } = await signedIn();
        const events: string[] = [];
        c.auth.onAuthStateChange((event) => void events.push(event));
        await c.auth.updateUser({ data: { theme: 'dark', lang: 'en' } });
        const { data } = await c.auth.updateUser({ data: { lang: 'fr' } });
        expect(data.user?.user_metadata).toMatchObject({ theme: 'dark', lang: 'fr' });
        expect(events).toContain('USER_UPDATED');
        const same = await c.auth.updateUser({ password });
        expect(same.error).toMatchObject({ code: 'same_password', status: 422 });
        const appData = await authFetch(emulator, '/user', {
          method: 'PUT',
          token: (await c.auth.getSession()).data.session!.access_token,
          body: JSON.stringify({ app_metadata: { role: 'admin' } }),
        });
        expect(appData.status).toBe(403);
      });

      it('changes the email after both addresses confirm (double_confirm_changes)', async () => {
        const { c, email } = await signedIn();
        const newEmail = freshEmail('moved');
        const { data, error } = await c.auth.updateUser({ email: newEmail });
        expect(error).toBeNull();
        expect(data.user?.new_email).toBe(newEmail);
        expect(data.user?.email).toBe(email);
        const toNew = await mailFor(emulator, newEmail);
        const toCurrent = await mailFor(emulator, email);
        expect(toNew.subject).toBe('Confirm Email Change');
        expect(toCurrent.subject).toBe('Confirm Email Change');
        // Each of the two mails names the change as it is: from the current address to the new.
        const change = `confirm the update of your email from ${email} to ${newEmail}:`;
        for (const to of [newEmail, email]) {
          const mail = (await latestMail(emulator.mailUrl, to))!;
          expect(mail.Text).toContain(change);
          expect(mail.HTML).toContain(change);
        }
        const first = await location(toNew.link!);
        expect(fragment(first).get('message')).toMatch(/Confirmation link accepted/);
        const second = fragment(await location(toCurrent.link!));
        expect(second.get('type')).toBe('email_change');
        const { data: after } = await c.auth.getUser();
        expect(after.user?.email).toBe(newEmail);
        const taken = await c.auth.updateUser({ email: 'seed@example.com' });
        expect(taken.error).toMatchObject({ code: 'email_exists', status: 422 });
      });

      it('needs a reauthentication nonce for a password change from an old session', async () => {
        const c = client();
        const { error: refreshError } = await c.auth.refreshSession({
          refresh_token: OLD_REFRESH_TOKEN,
        });
        expect(refreshError).toBeNull();
        const needed = await c.auth.updateUser({ password: 'brand-new-1' });
        expect(needed.error).toMatchObject({ code: 'reauthentication_needed', status: 400 });
        expect((await c.auth.reauthenticate()).error).toBeNull();
        const mail = await mailFor(emulator, 'seed@example.com');
        expect(mail.subject).toBe('Confirm reauthentication');
        const wrong = await c.auth.updateUser({
          password: 'brand-new-1',
          nonce: '000000' === mail.code ? '111111' : '000000',
        });
        expect(wrong.error).toMatchObject({ code: 'reauthentication_not_valid', status: 422 });
        const ok = await c.auth.updateUser({ password: 'brand-new-1', nonce: mail.code! });
        expect(ok.error).toBeNull();
        expect(
          (
            await client().auth.signInWithPassword({
              email: 'seed@example.com',
              password: 'brand-new-1',
            })
          ).error,
        ).toBeNull();
        // A fresh session changes the password without a nonce.
        const fresh = client();
        await fresh.auth.signInWithPassword({ email: 'seed@example.com', password: 'brand-new-1' });
        expect((await fresh.auth.updateUser({ password: 'seed-password-1' })).error).toBeNull();
      });

      it('spends a reauthentication nonce once when password changes race', async () => {
        const c = client();
        const { data, error } = await c.auth.refreshSession({ refresh_token: NONCE_REFRESH_TOKEN });
        expect(error).toBeNull();
        const token = data.session!.access_token;
        expect((await c.auth.reauthenticate()).error).toBeNull();
        const { code } = await mailFor(emulator, 'nonce@example.com');
        expect(code).toMatch(/^\d{6}$/);
        const update = (i: number) =>
          authFetch(emulator, '/user', {
            method: 'PUT',
            token,
            body: JSON.stringify({ password: `raced-password-${i}`, nonce: code }),
          });
        const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => update(i)));
        // One password change; the others find the nonce spent, as a replay does.
        expect(answers.map((answer) => answer.body.code ?? answer.status).sort()).toEqual([
          200,
          ...Array.from({ length: 7 }, () => 'reauthentication_not_valid'),
        ]);
        expect(answers.filter((answer) => answer.status === 422)).toHaveLength(7);
        const replay = await update(9);
        expect([replay.status, replay.body.code]).toEqual([422, 'reauthentication_not_valid']);
      });
    });

    describe('sign-out', () => {
      it('ends other sessions, this session, or all of them (204)', async () => {
        const { email, password, c: first } = await signedIn();
        const second = client();
        await second.auth.signInWithPassword({ email, password });
        const secondRefresh = (await second.auth.getSession()).data.session!.refresh_token;
        const firstToken = (await first.auth.getSession()).data.session!.access_token;

        expect((await first.auth.signOut({ scope: 'others' })).error).toBeNull();
        const others = await anon.auth.refreshSession({ refresh_token: secondRefresh });
        expect(others.error).toBeTruthy();
        expect((await first.auth.getUser()).error).toBeNull();

        const raw = await authFetch(emulator, '/logout?scope=local', {
          method: 'POST',
          token: firstToken,
        });
        expect(raw.status).toBe(204);
        const gone = await authFetch(emulator, '/user', { token: firstToken });
        expect(gone.status).toBe(403);
        expect(gone.body.code).toBe('session_not_found');
        const bad = await authFetch(emulator, '/logout?scope=everything', {
          method: 'POST',
          token: (await signedIn()).session.access_token,
        });
        expect(bad.status).toBe(400);
      });

      it('signs out every session with scope global', async () => {
        const { email, password, c } = await signedIn();
        const other = client();
        await other.auth.signInWithPassword({ email, password });
        const otherToken = (await other.auth.getSession()).data.session!.access_token;
        expect((await c.auth.signOut()).error).toBeNull();
        expect((await c.auth.getSession()).data.session).toBeNull();
        expect((await authFetch(emulator, '/user', { token: otherToken })).body.code).toBe(
          'session_not_found',
        );
      });
    });

    describe('anonymous users', () => {
      it('signs in anonymously and becomes permanent with an email and a password', async () => {
        const c = client();
        const { data, error } = await c.auth.signInAnonymously({ options: { data: { cart: 3 } } });
        expect(error).toBeNull();
        expect(data.user?.is_anonymous).toBe(true);
        const claims = decodeJwt(data.session!.access_token);
        expect(claims.is_anonymous).toBe(true);
        expect((claims.amr as { method: string }[])[0]!.method).toBe('anonymous');
        const noEmail = await c.auth.updateUser({ password: 'password-123' });
        expect(noEmail.error).toMatchObject({ code: 'validation_failed', status: 422 });
        const enrol = await c.auth.mfa.enroll({ factorType: 'totp' });
        expect(enrol.error).toMatchObject({ code: 'no_authorization', status: 403 });
        const email = freshEmail('upgraded');
        const upgraded = await c.auth.updateUser({ email });
        expect(upgraded.error).toBeNull();
        expect(upgraded.data.user?.email).toBe(email);
        expect((await c.auth.updateUser({ password: 'password-123' })).error).toBeNull();
        const refreshed = await c.auth.refreshSession();
        expect(refreshed.data.user?.is_anonymous).toBe(false);
        expect(decodeJwt(refreshed.data.session!.access_token).is_anonymous).toBe(false);
        expect(
          (await client().auth.signInWithPassword({ email, password: 'password-123' })).error,
        ).toBeNull();
      });
    });

    describe('MFA with TOTP', () => {
      it('enrolls, challenges, verifies to aal2, and enforces aal2 where GoTrue does', async () => {
        const { c, email, password } = await signedIn();
        const enrolled = await c.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'phone app' });
        expect(enrolled.error).toBeNull();
        const factor = enrolled.data!;
        expect(factor.type).toBe('totp');
        if (factor.type !== 'totp') throw new Error('expected a TOTP factor');
        expect(factor.totp.qr_code).toMatch(/^data:image\/svg\+xml;utf-8,<svg/);
        expect(factor.totp.uri).toMatch(/^otpauth:\/\/totp\/.*secret=/);
        expect(factor.totp.uri).toContain(encodeURIComponent(email));
        expect(factor.totp.secret).toMatch(/^[A-Z2-7]+=*$/);
        const duplicate = await c.auth.mfa.enroll({
          factorType: 'totp',
          friendlyName: 'phone app',
        });
        expect(duplicate.error).toMatchObject({ code: 'mfa_factor_name_conflict', status: 422 });

        const challenge = await c.auth.mfa.challenge({ factorId: factor.id });
        expect(challenge.error).toBeNull();
        expect(challenge.data!.expires_at).toBeGreaterThan(Date.now() / 1000);
        const wrongCode = totpFor(factor.totp.secret) === '000000' ? '111111' : '000000';
        const wrong = await c.auth.mfa.verify({
          factorId: factor.id,
          challengeId: challenge.data!.id,
          code: wrongCode,
        });
        expect(wrong.error).toMatchObject({
          code: 'mfa_verification_failed',
          status: 422,
          message: 'Invalid TOTP code entered',
        });
        const verified = await c.auth.mfa.verify({
          factorId: factor.id,
          challengeId: challenge.data!.id,
          code: totpFor(factor.totp.secret),
        });
        expect(verified.error).toBeNull();
        const claims = decodeJwt(verified.data!.access_token);
        expect(claims.aal).toBe('aal2');
        expect((claims.amr as { method: string }[]).map((entry) => entry.method)).toEqual(
          expect.arrayContaining(['totp', 'password']),
        );
        const aal = await c.auth.mfa.getAuthenticatorAssuranceLevel();
        expect(aal.data).toMatchObject({ currentLevel: 'aal2', nextLevel: 'aal2' });

        // A new password sign-in is aal1 with aal2 available, and may not change the password.
        const second = client();
        await second.auth.signInWithPassword({ email, password });
        const level = await second.auth.mfa.getAuthenticatorAssuranceLevel();
        expect(level.data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal2' });
        const blocked = await second.auth.updateUser({ password: 'another-pass-1' });
        expect(blocked.error).toMatchObject({ code: 'insufficient_aal', status: 401 });
        const unenrollAal1 = await second.auth.mfa.unenroll({ factorId: factor.id });
        expect(unenrollAal1.error).toMatchObject({ code: 'insufficient_aal', status: 422 });
        const listed = await second.auth.mfa.listFactors();
        expect(listed.data?.totp.map((f) => f.id)).toEqual([factor.id]);

        const adminView = await emulator
          .admin()
          .auth.admin.mfa.listFactors({ userId: verified.data!.user.id });
        expect(adminView.data?.factors.map((f) => [f.id, f.status])).toEqual([
          [factor.id, 'verified'],
        ]);

        const done = await c.auth.mfa.unenroll({ factorId: factor.id });
        expect(done.error).toBeNull();
        expect(done.data).toEqual({ id: factor.id });
        const missing = await c.auth.mfa.challenge({ factorId: factor.id });
        expect(missing.error).toMatchObject({ code: 'mfa_factor_not_found', status: 404 });
      });

      it('verifies a challenge once when the verifies race', async () => {
        const { c, session } = await signedIn();
        const enrolled = await c.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'racer' });
        expect(enrolled.error).toBeNull();
        const factor = enrolled.data!;
        if (factor.type !== 'totp') throw new Error('expected a TOTP factor');
        const challenge = await c.auth.mfa.challenge({ factorId: factor.id });
        expect(challenge.error).toBeNull();
        const code = totpFor(factor.totp.secret);
        const verify = () =>
          authFetch(emulator, `/factors/${factor.id}/verify`, {
            method: 'POST',
            token: session.access_token,
            body: JSON.stringify({ challenge_id: challenge.data!.id, code }),
          });
        const answers = await Promise.all(Array.from({ length: 8 }, verify));
        // One aal2 session; the others find the challenge used, as a replay does.
        expect(answers.map((answer) => answer.body.code ?? answer.status).sort()).toEqual([
          200,
          ...Array.from({ length: 7 }, () => 'mfa_ip_address_mismatch'),
        ]);
        expect(answers.filter((answer) => answer.status === 422)).toHaveLength(7);
        const won = answers.find((answer) => answer.status === 200)!;
        expect(decodeJwt(won.body.access_token as string).aal).toBe('aal2');
        const replay = await verify();
        expect([replay.status, replay.body.code]).toEqual([422, 'mfa_ip_address_mismatch']);
      });
    });

    describe('OAuth with the test provider', () => {
      async function throughProvider(
        url: string,
        who: { email: string; name?: string },
      ): Promise<string> {
        // /authorize redirects to the provider; linkIdentity already answers the provider's URL.
        const providerPage = url.includes('/test-provider/authorize') ? url : await location(url);
        expect(providerPage).toContain('/auth/v1/test-provider/authorize');
        const html = await (await fetch(providerPage)).text();
        expect(html).toContain('<form');
        const state = new URL(providerPage).searchParams.get('state')!;
        const approve = new URL(`${emulator.apiUrl}/auth/v1/test-provider/approve`);
        approve.search = new URLSearchParams({
          state,
          email: who.email,
          name: who.name ?? '',
        }).toString();
        const callback = await location(approve.toString());
        expect(callback).toContain('/auth/v1/callback?');
        return location(callback);
      }

      it('signs in through /authorize with PKCE and lists the identity', async () => {
        const c = client('pkce');
        const email = freshEmail('oauth');
        const { data, error } = await c.auth.signInWithOAuth({
          provider: 'test' as never,
          options: { redirectTo: 'http://127.0.0.1:4321/auth/callback', skipBrowserRedirect: true },
        });
        expect(error).toBeNull();
        const back = new URL(await throughProvider(data.url!, { email, name: 'Olive Auth' }));
        expect(back.origin + back.pathname).toBe('http://127.0.0.1:4321/auth/callback');
        const session = await c.auth.exchangeCodeForSession(back.searchParams.get('code')!);
        expect(session.error).toBeNull();
        expect(session.data.session?.provider_token).toMatch(/^test-provider-token-/);
        expect(session.data.user?.app_metadata.provider).toBe('test');
        expect(session.data.user?.identities?.[0]).toMatchObject({
          provider: 'test',
          identity_data: { email, name: 'Olive Auth' },
        });
        expect(
          (decodeJwt(session.data.session!.access_token).amr as { method: string }[])[0]!.method,
        ).toBe('oauth');
      });

      it('signs in with the implicit flow and refuses providers that are not enabled', async () => {
        const url = `${emulator.apiUrl}/auth/v1/authorize?provider=test&redirect_to=${encodeURIComponent('http://127.0.0.1:4321/x')}`;
        const back = fragment(await throughProvider(url, { email: freshEmail('implicit') }));
        expect(back.get('access_token')).toBeTruthy();
        expect(back.get('provider_token')).toMatch(/^test-provider-token-/);
        const off = await authFetch(emulator, '/authorize?provider=github');
        expect(off.status).toBe(400);
        expect(off.body.code).toBe('validation_failed');
        const forged = await authFetch(emulator, '/callback?state=forged&code=x');
        expect(forged.body.code).toBe('bad_oauth_state');
      });

      it("links and unlinks an identity with GoTrue's rules", async () => {
        const { email } = await signedIn();
        const c = client('pkce');
        await c.auth.signInWithPassword({ email, password: 'password-123' });
        const link = await c.auth.linkIdentity({
          provider: 'test' as never,
          options: { redirectTo: 'http://127.0.0.1:4321/linked', skipBrowserRedirect: true },
        });
        expect(link.error).toBeNull();
        const back = new URL(
          await throughProvider(link.data.url!, { email: freshEmail('linked') }),
        );
        expect(
          (await c.auth.exchangeCodeForSession(back.searchParams.get('code')!)).error,
        ).toBeNull();
        const identities = await c.auth.getUserIdentities();
        expect(identities.data?.identities.map((i) => i.provider).sort()).toEqual([
          'email',
          'test',
        ]);
        const testIdentity = identities.data!.identities.find((i) => i.provider === 'test')!;
        expect((await c.auth.unlinkIdentity(testIdentity)).error).toBeNull();
        const remaining = (await c.auth.getUserIdentities()).data!.identities;
        expect(remaining).toHaveLength(1);
        const last = await c.auth.unlinkIdentity(remaining[0]!);
        expect(last.error).toMatchObject({ code: 'single_identity_not_deletable', status: 422 });
      });
    });

    describe('admin API', () => {
      it('accepts the opaque keys: publishable for users, secret for the admin API', async () => {
        const { email, password } = await signedIn();
        const publishable = emulator.client(PUBLISHABLE_KEY);
        expect((await publishable.auth.signInWithPassword({ email, password })).error).toBeNull();
        expect((await publishable.auth.getUser()).data.user?.email).toBe(email);
        const secret = emulator.client(SECRET_KEY);
        const listed = await secret.auth.admin.listUsers({ page: 1, perPage: 1 });
        expect(listed.error).toBeNull();
        expect(listed.data.users).toHaveLength(1);
        const notAdmin = await publishable.auth.admin.listUsers();
        expect(notAdmin.error).toMatchObject({ code: 'not_admin', status: 403 });
      });

      it('refuses non-admin tokens with not_admin', async () => {
        const { error } = await anon.auth.admin.listUsers();
        expect(error).toMatchObject({ code: 'not_admin', status: 403 });
      });

      it('creates, lists with paging headers, reads, updates, bans and deletes users', async () => {
        const admin = emulator.admin();
        const email = freshEmail('admin-made');
        const created = await admin.auth.admin.createUser({
          email,
          password: 'password-123',
          email_confirm: true,
          user_metadata: { team: 'a' },
          app_metadata: { plan: 'pro' },
        });
        expect(created.error).toBeNull();
        const id = created.data.user!.id;
        expect(created.data.user?.app_metadata).toMatchObject({ provider: 'email', plan: 'pro' });
        const exists = await admin.auth.admin.createUser({ email, password: 'password-123' });
        expect(exists.error).toMatchObject({ code: 'email_exists', status: 422 });

        const page = await admin.auth.admin.listUsers({ page: 1, perPage: 1 });
        expect(page.error).toBeNull();
        expect(page.data.users).toHaveLength(1);
        expect((page.data as unknown as { total: number }).total).toBeGreaterThan(1);
        expect((page.data as unknown as { nextPage: number }).nextPage).toBe(2);
        const raw = await fetch(`${emulator.apiUrl}/auth/v1/admin/users?page=1&per_page=2`, {
          headers: {
            apikey: SERVICE_ROLE_KEY,
            Authorization: `Bearer ${SERVICE_ROLE_KEY}`,
            origin: 'http://127.0.0.1:3000',
          },
        });
        expect(Number(raw.headers.get('x-total-count'))).toBeGreaterThan(2);
        expect(raw.headers.get('link')).toMatch(/rel="next"/);
        expect(raw.headers.get('access-control-expose-headers')).toMatch(/X-Total-Count/);

        expect((await admin.auth.admin.getUserById(id)).data.user?.email).toBe(email);
        const updated = await admin.auth.admin.updateUserById(id, {
          user_metadata: { team: 'b' },
          ban_duration: '24h',
        });
        expect(updated.data.user?.user_metadata.team).toBe('b');
        expect(updated.data.user?.banned_until).toBeTruthy();
        const banned = await client().auth.signInWithPassword({ email, password: 'password-123' });
        expect(banned.error).toMatchObject({ code: 'user_banned', status: 400 });
        await admin.auth.admin.updateUserById(id, { ban_duration: 'none' });
        expect(
          (await client().auth.signInWithPassword({ email, password: 'password-123' })).error,
        ).toBeNull();

        expect((await admin.auth.admin.deleteUser(id)).error).toBeNull();
        const gone = await admin.auth.admin.getUserById(id);
        expect(gone.error).toMatchObject({ code: 'user_not_found', status: 404 });
      });

      it('generates links that verify, and invites by mail', async () => {
        const admin = emulator.admin();
        const { email } = await signedIn();
        const link = await admin.auth.admin.generateLink({
          type: 'magiclink',
          email,
          options: { redirectTo: 'http://127.0.0.1:4321/in' },
        });
        expect(link.error).toBeNull();
        expect(link.data.properties).toMatchObject({
          verification_type: 'magiclink',
          redirect_to: 'http://127.0.0.1:4321/in',
        });
        expect(link.data.properties?.email_otp).toMatch(/^\d{6}$/);
        expect(link.data.user?.email).toBe(email);
        expect(
          fragment(await location(link.data.properties!.action_link)).get('access_token'),
        ).toBeTruthy();
        const missing = await admin.auth.admin.generateLink({
          type: 'recovery',
          email: freshEmail('ghost'),
        });
        expect(missing.error).toMatchObject({ code: 'user_not_found', status: 404 });

        const invitee = freshEmail('invited');
        const invited = await admin.auth.admin.inviteUserByEmail(invitee, {
          data: { invited_by: 'test' },
        });
        expect(invited.error).toBeNull();
        expect(invited.data.user?.invited_at).toBeTruthy();
        const mail = await mailFor(emulator, invitee);
        expect(mail.subject).toBe('You have been invited');
        expect(fragment(await location(mail.link!)).get('type')).toBe('invite');
      });
    });

    describe('bad input', () => {
      it('answers malformed JSON, wrong types, unknown grants and big bodies with GoTrue codes', async () => {
        const malformed = await authFetch(emulator, '/signup', {
          method: 'POST',
          body: '{"email": ',
        });
        expect(malformed.status).toBe(400);
        expect(malformed.body.code).toBe('bad_json');
        expect(malformed.headers.get('x-supabase-api-version')).toBe('2024-01-01');
        const wrongType = await authFetch(emulator, '/token?grant_type=password', {
          method: 'POST',
          body: JSON.stringify({ email: 42, password: 'x' }),
        });
        expect(wrongType.body).toEqual({
          code: 'bad_json',
          message: 'Could not parse request body as JSON: field "email" must be a string.',
        });
        const array = await authFetch(emulator, '/signup', { method: 'POST', body: '[1,2]' });
        expect(array.body.code).toBe('bad_json');
        const grant = await authFetch(emulator, '/token?grant_type=magic', {
          method: 'POST',
          body: '{}',
        });
        expect(grant.status).toBe(400);
        expect(grant.body).toEqual({
          code: 'invalid_credentials',
          message: 'unsupported_grant_type',
        });
        const huge = await authFetch(emulator, '/signup', {
          method: 'POST',
          body: JSON.stringify({ email: 'a@example.com', password: 'x'.repeat(2 * 1024 * 1024) }),
        });
        expect(huge.status).toBe(413);
        expect(huge.body.code).toBe('request_too_large');
      });

      it('answers forged, expired and subject-less JWTs as GoTrue does', async () => {
        const { session, user } = await signedIn();
        const forged = signJwt(
          { ...decodeJwt(session.access_token) },
          'another-secret-that-is-long-enough-1234',
        );
        const forgedAnswer = await authFetch(emulator, '/user', { token: forged });
        expect(forgedAnswer.status).toBe(403);
        expect(forgedAnswer.body.code).toBe('bad_jwt');
        expect(forgedAnswer.body.message).toMatch(
          /^invalid JWT: unable to parse or verify signature, /,
        );
        const expired = signJwt({
          ...decodeJwt(session.access_token),
          exp: Math.floor(Date.now() / 1000) - 60,
        });
        const expiredAnswer = await authFetch(emulator, '/user', { token: expired });
        expect(expiredAnswer.body).toMatchObject({ code: 'bad_jwt' });
        expect(expiredAnswer.body.message).toMatch(/expired/);
        const garbage = await authFetch(emulator, '/user', { token: 'not.a.jwt' });
        expect(garbage.body.code).toBe('bad_jwt');
        const anonKey = await authFetch(emulator, '/user', { token: ANON_KEY });
        expect(anonKey.body).toEqual({
          code: 'bad_jwt',
          message: 'invalid claim: missing sub claim',
        });
        const noBearer = await fetch(`${emulator.apiUrl}/auth/v1/user`);
        expect(noBearer.status).toBe(401);
        expect(((await noBearer.json()) as { error_code: string }).error_code).toBe(
          'no_authorization',
        );
        expect(user.id).toBeTruthy();
      });

      it('never answers a 500 to garbage on any endpoint, and keeps serving', async () => {
        const { session, user } = await signedIn();
        const endpoints: [string, string][] = [
          ['POST', '/signup'],
          ['POST', '/token?grant_type=password'],
          ['POST', '/token?grant_type=refresh_token'],
          ['POST', '/token?grant_type=pkce'],
          ['POST', '/token?grant_type=id_token'],
          ['POST', '/otp'],
          ['POST', '/magiclink'],
          ['POST', '/verify'],
          ['GET', '/verify?type=signup&token=nope'],
          ['POST', '/resend'],
          ['POST', '/recover'],
          ['PUT', '/user'],
          ['POST', '/factors'],
          ['POST', '/factors/not-a-uuid/challenge'],
          ['POST', `/factors/${user.id}/verify`],
          ['DELETE', '/factors/not-a-uuid'],
          ['DELETE', '/user/identities/not-a-uuid'],
          ['GET', '/authorize?provider=test&code_challenge=short&code_challenge_method=s256'],
          ['GET', '/callback?state=x'],
          ['GET', '/test-provider/authorize?state=x'],
          ['GET', '/test-provider/approve?state=x'],
          ['POST', '/test-provider/id-token'],
          ['POST', '/admin/users'],
          ['PUT', `/admin/users/${user.id}`],
          ['DELETE', '/admin/users/not-a-uuid'],
          ['POST', '/admin/generate_link'],
          ['POST', '/invite'],
        ];
        const bodies = [
          '',
          'null',
          '[]',
          '"text"',
          '{"email":{},"password":[1]}',
          '{"data":"x","type":7}',
          '{',
        ];
        const failures: string[] = [];
        for (const [method, path] of endpoints) {
          for (const body of method === 'GET' ? [undefined] : bodies) {
            const token =
              path.startsWith('/admin') || path === '/invite'
                ? SERVICE_ROLE_KEY
                : session.access_token;
            const response = await authFetch(emulator, path, {
              method,
              token,
              ...(body === undefined ? {} : { body }),
            }).catch((error: Error) => ({
              status: 0,
              body: { message: error.message } as Record<string, unknown>,
            }));
            const location = 'headers' in response ? response.headers.get('location') : null;
            if (
              response.status >= 500 ||
              response.status === 0 ||
              (!location &&
                typeof response.body.code !== 'string' &&
                typeof response.body.error !== 'string')
            ) {
              failures.push(
                `${method} ${path} ${JSON.stringify(body)} → ${response.status} ${JSON.stringify(response.body)}`,
              );
            }
          }
        }
        expect(failures).toEqual([]);
        expect((await authFetch(emulator, '/health')).status).toBe(200);
      });

      it('answers in the legacy shape without the API version header', async () => {
        const legacy = await authFetch(emulator, '/token?grant_type=password', {
          method: 'POST',
          version: null,
          body: JSON.stringify({ email: 'seed@example.com', password: 'wrong-one-1' }),
        });
        expect(legacy.status).toBe(400);
        expect(legacy.body).toEqual({
          code: 400,
          error_code: 'invalid_credentials',
          msg: 'Invalid login credentials',
        });
        expect(legacy.headers.get('x-supabase-api-version')).toBeNull();
      });

      it('answers a CORS preflight for the browser', async () => {
        const response = await fetch(`${emulator.apiUrl}/auth/v1/token?grant_type=password`, {
          method: 'OPTIONS',
          headers: {
            origin: 'http://127.0.0.1:3000',
            'access-control-request-method': 'POST',
            'access-control-request-headers':
              'apikey,authorization,content-type,x-client-info,x-supabase-api-version',
          },
        });
        expect(response.status).toBeLessThan(300);
        expect(response.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:3000');
      });
    });

    describe('restart', () => {
      it('keeps users and sessions across a restart', async () => {
        const { email, password, session } = await signedIn();
        await emulator.restart();
        const c = client();
        const refreshed = await c.auth.refreshSession({ refresh_token: session.refresh_token });
        expect(refreshed.error).toBeNull();
        expect(refreshed.data.user?.email).toBe(email);
        expect((await client().auth.signInWithPassword({ email, password })).error).toBeNull();
      }, 120_000);
    });
  });
}
