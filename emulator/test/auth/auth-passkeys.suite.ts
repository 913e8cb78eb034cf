// Passkeys through supabase-js (docs/compatibility.md#auth-passkeys): auth.passkey's two-step
// registration and sign-in with a software authenticator made in the test, the list, rename and
// delete, the admin API, and GoTrue's refusals (one-time and expiring challenges, a cloned key's
// signature counter, aal2 to manage passkeys once MFA is on). Run on PGlite
// (emulator/src/auth/auth-passkeys.spec.ts) and on real PostgreSQL (auth-passkeys.postgres.spec.ts).
// The browser ceremony, with Chromium's virtual authenticator, is tests/account-passkeys.spec.ts.
import type { SupabaseClient } from '@supabase/supabase-js';
import { decodeJwt } from 'jose';
import * as OTPAuth from 'otpauth';
import { ANON_KEY, startTestEmulator, type TestEmulator } from '../harness.js';
import { SoftwareAuthenticator } from './software-authenticator.js';

const ORIGIN = 'http://localhost:3000';

function config(passkey: string): string {
  return `
[auth]
site_url = "http://127.0.0.1:3000"

[auth.rate_limit]
sign_in_sign_ups = 1000

[auth.webauthn]
rp_id = "localhost"
rp_display_name = "Portal"
rp_origins = ["${ORIGIN}"]

[auth.passkey]
${passkey}
`;
}

/** How many challenges the project holds (auth is not exposed to REST): for the service role only. */
const CHALLENGE_COUNT = `
create function public.webauthn_challenge_count() returns bigint
  language sql security definer set search_path = ''
  as $$ select count(*) from auth.webauthn_challenges $$;
revoke execute on function public.webauthn_challenge_count() from public, anon, authenticated;
grant execute on function public.webauthn_challenge_count() to service_role;
`;

let counter = 0;

export function describePasskeys(name: string, options: { postgres?: boolean } = {}): void {
  describe(name, () => {
    jest.setTimeout(60_000);
    let emulator: TestEmulator;
    let shortLived: TestEmulator;

    // With the CLI's default ([auth.passkey] off) every route answers 404 passkey_disabled: that
    // project is auth-webauthn.spec.ts's, which already runs one.
    beforeAll(async () => {
      [emulator, shortLived] = await Promise.all([
        startTestEmulator({ configToml: config('enabled = true\nmax_passkeys_per_user = 2'), ...options }),
        startTestEmulator({
          configToml: config('enabled = true\nchallenge_expiry = "1s"'),
          files: { 'migrations/20250101000000_challenge_count.sql': CHALLENGE_COUNT },
          ...options,
        }),
      ]);
    }, 120_000);

    afterAll(async () => {
      await Promise.all([emulator?.stop(), shortLived?.stop()]);
    }, 60_000);

    async function signedIn(on: TestEmulator) {
      const c = on.client(ANON_KEY);
      counter++;
      const email = `passkey-${Date.now()}-${counter}@example.com`;
      const { data, error } = await c.auth.signUp({ email, password: 'passkey-pass-1' });
      expect(error).toBeNull();
      return { c, email, userId: data.user!.id };
    }

    async function register(c: SupabaseClient, authenticator: SoftwareAuthenticator) {
      const started = await c.auth.passkey.startRegistration();
      expect(started.error).toBeNull();
      const credential = authenticator.createCredential(started.data!.options as never);
      return c.auth.passkey.verifyRegistration({
        challengeId: started.data!.challenge_id,
        credential: credential as never,
      });
    }

    it('registers a discoverable passkey and signs in with it, the user found by the key’s user handle', async () => {
      const { c, email, userId } = await signedIn(emulator);
      const authenticator = new SoftwareAuthenticator(ORIGIN);

      const started = await c.auth.passkey.startRegistration();
      expect(started.error).toBeNull();
      const options = started.data!.options as unknown as Record<string, any>;
      expect(options.rp).toEqual({ id: 'localhost', name: 'Portal' });
      expect(options.user.name).toBe(email);
      expect(Buffer.from(options.user.id, 'base64url').toString()).toBe(userId);
      expect(options.authenticatorSelection).toMatchObject({ residentKey: 'required', userVerification: 'preferred' });
      expect(started.data!.expires_at).toBeGreaterThan(Date.now() / 1000);

      const credential = authenticator.createCredential(options as never);
      const verified = await c.auth.passkey.verifyRegistration({
        challengeId: started.data!.challenge_id,
        credential: credential as never,
      });
      expect(verified.error).toBeNull();
      expect(verified.data).toEqual({ id: expect.any(String), friendly_name: 'Passkey', created_at: expect.any(String) });
      const passkeyId = verified.data!.id;

      // Someone else, signed out, on the same device: the authenticator offers the passkey.
      const visitor = emulator.client(ANON_KEY);
      const begun = await visitor.auth.passkey.startAuthentication();
      expect(begun.error).toBeNull();
      const request = begun.data!.options as unknown as Record<string, any>;
      expect(request.allowCredentials ?? []).toEqual([]);
      expect(request.rpId).toBe('localhost');
      const signedInWithKey = await visitor.auth.passkey.verifyAuthentication({
        challengeId: begun.data!.challenge_id,
        credential: authenticator.getAssertion(request as never) as never,
      });
      expect(signedInWithKey.error).toBeNull();
      expect(signedInWithKey.data!.user!.id).toBe(userId);
      const claims = decodeJwt(signedInWithKey.data!.session!.access_token);
      expect(claims.sub).toBe(userId);
      expect(claims.aal).toBe('aal1');
      expect(claims.amr).toEqual([{ method: 'passkey', timestamp: expect.any(Number) }]);
      const { data: session } = await visitor.auth.getSession();
      expect(session.session?.user.email).toBe(email);

      const listed = await visitor.auth.passkey.list();
      expect(listed.error).toBeNull();
      expect(listed.data).toEqual([
        { id: passkeyId, friendly_name: 'Passkey', created_at: expect.any(String), last_used_at: expect.any(String) },
      ]);
    });

    it('answers a challenge once, refuses a cloned key whose counter did not advance, and a key of no account', async () => {
      const { c } = await signedIn(emulator);
      const authenticator = new SoftwareAuthenticator(ORIGIN);
      expect((await register(c, authenticator)).error).toBeNull();
      const visitor = emulator.client(ANON_KEY);

      const first = await visitor.auth.passkey.startAuthentication();
      const assertion = authenticator.getAssertion(first.data!.options as never);
      const ok = await visitor.auth.passkey.verifyAuthentication({ challengeId: first.data!.challenge_id, credential: assertion as never });
      expect(ok.error).toBeNull();
      const again = await visitor.auth.passkey.verifyAuthentication({ challengeId: first.data!.challenge_id, credential: assertion as never });
      expect(again.error).toMatchObject({ status: 400, code: 'webauthn_challenge_not_found' });
      expect(again.error?.message).toBe('Challenge not found or already used');

      // A copy of the key made before the last sign-in: its counter is behind the stored one.
      authenticator.credentials[0]!.signCount = 0;
      const second = await visitor.auth.passkey.startAuthentication();
      const cloned = await visitor.auth.passkey.verifyAuthentication({
        challengeId: second.data!.challenge_id,
        credential: authenticator.getAssertion(second.data!.options as never) as never,
      });
      expect(cloned.error).toMatchObject({ status: 400, code: 'webauthn_verification_failed' });
      expect(cloned.data).toBeNull();

      // A key the project never registered.
      const stranger = new SoftwareAuthenticator(ORIGIN);
      stranger.createCredential({ challenge: 'x', rp: { id: 'localhost' }, user: { id: Buffer.from(crypto.randomUUID()).toString('base64url') } });
      const third = await visitor.auth.passkey.startAuthentication();
      const unknown = await visitor.auth.passkey.verifyAuthentication({
        challengeId: third.data!.challenge_id,
        credential: stranger.getAssertion(third.data!.options as never) as never,
      });
      expect(unknown.error).toMatchObject({ status: 400, code: 'webauthn_verification_failed' });

      // The wrong origin (a phishing page asking the same authenticator).
      const phishing = new SoftwareAuthenticator('http://localhost:4000');
      phishing.credentials.push(...authenticator.credentials);
      const fourth = await visitor.auth.passkey.startAuthentication();
      const phished = await visitor.auth.passkey.verifyAuthentication({
        challengeId: fourth.data!.challenge_id,
        credential: phishing.getAssertion(fourth.data!.options as never) as never,
      });
      expect(phished.error).toMatchObject({ status: 400, code: 'webauthn_verification_failed' });
    });

    it('refuses an expired challenge and removes it', async () => {
      const { c } = await signedIn(shortLived);
      const authenticator = new SoftwareAuthenticator(ORIGIN);
      const started = await c.auth.passkey.startRegistration();
      expect(started.error).toBeNull();
      const credential = authenticator.createCredential(started.data!.options as never);
      // The challenge lives one second. expires_at is in whole seconds, rounded down (as GoTrue's
      // Unix()), so the challenge itself expires up to a second after it.
      while (Date.now() / 1000 <= started.data!.expires_at + 1) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const late = await c.auth.passkey.verifyRegistration({ challengeId: started.data!.challenge_id, credential: credential as never });
      expect(late.error).toMatchObject({ status: 400, code: 'webauthn_challenge_expired' });
      expect(late.error?.message).toBe('Challenge has expired');
      const retried = await c.auth.passkey.verifyRegistration({ challengeId: started.data!.challenge_id, credential: credential as never });
      expect(retried.error).toMatchObject({ code: 'webauthn_challenge_not_found' });
    });

    it("limits anonymous sign-in options as GoTrue does (30 per 5 minutes per IP) and deletes challenges nobody came back for", async () => {
      const challenges = async () => {
        const { data, error } = await shortLived.admin().rpc('webauthn_challenge_count');
        expect(error).toBeNull();
        return Number(data);
      };
      const before = await challenges();
      // Nobody is signed in: every visitor may ask, and each answer is a row until used or expired.
      const asked = [];
      for (let i = 0; i < 31; i++) asked.push(await shortLived.client(ANON_KEY).auth.passkey.startAuthentication());
      expect(asked.slice(0, 30).map((answer) => answer.error)).toEqual(Array(30).fill(null));
      expect(asked[30]!.error).toMatchObject({ status: 429, code: 'over_request_rate_limit' });
      expect(asked[30]!.error?.message).toBe('Request rate limit reached');
      const newest = Math.max(...asked.slice(0, 30).map((answer) => answer.data!.expires_at));
      expect(await challenges()).toBeLessThanOrEqual(before + 30);

      // Once they have expired (a second here; expires_at is rounded down), the next challenge
      // anyone asks for deletes them: only it is left.
      while (Date.now() / 1000 <= newest + 1) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const { c } = await signedIn(shortLived);
      expect((await c.auth.passkey.startRegistration()).error).toBeNull();
      expect(await challenges()).toBe(1);
    });

    it('renames and deletes passkeys, keeps to max_passkeys_per_user, and asks for aal2 once MFA is on', async () => {
      const { c, userId } = await signedIn(emulator);
      const authenticator = new SoftwareAuthenticator(ORIGIN);
      const one = await register(c, authenticator);
      const two = await register(c, new SoftwareAuthenticator(ORIGIN));
      expect([one.error, two.error]).toEqual([null, null]);
      const third = await c.auth.passkey.startRegistration();
      expect(third.error).toMatchObject({ status: 422, code: 'too_many_passkeys' });

      const renamed = await c.auth.passkey.update({ passkeyId: one.data!.id, friendlyName: 'Laptop' });
      expect(renamed.error).toBeNull();
      expect(renamed.data).toMatchObject({ id: one.data!.id, friendly_name: 'Laptop' });
      const tooLong = await c.auth.passkey.update({ passkeyId: one.data!.id, friendlyName: 'x'.repeat(121) });
      expect(tooLong.error).toMatchObject({ status: 400, code: 'validation_failed' });
      expect(tooLong.error?.message).toBe('friendly_name must be 120 characters or less');

      const admin = emulator.admin();
      const adminList = await admin.auth.admin.passkey.listPasskeys({ userId });
      expect(adminList.data?.map((p) => p.friendly_name).sort()).toEqual(['Laptop', 'Passkey']);

      // With a verified TOTP factor, a passkey is removed only from an aal2 session.
      const enrolled = await c.auth.mfa.enroll({ factorType: 'totp' });
      const secret = enrolled.data!.totp.secret;
      expect((await c.auth.mfa.challengeAndVerify({ factorId: enrolled.data!.id, code: new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret) }).generate() })).error).toBeNull();
      const aal1 = emulator.client(ANON_KEY);
      const visitorStart = await aal1.auth.passkey.startAuthentication();
      await aal1.auth.passkey.verifyAuthentication({
        challengeId: visitorStart.data!.challenge_id,
        credential: authenticator.getAssertion(visitorStart.data!.options as never) as never,
      });
      const refused = await aal1.auth.passkey.delete({ passkeyId: one.data!.id });
      expect(refused.error).toMatchObject({ status: 403, code: 'insufficient_aal' });
      expect(refused.error?.message).toBe('AAL2 session is required to manage passkeys when MFA is enabled');

      const removed = await c.auth.passkey.delete({ passkeyId: one.data!.id });
      expect(removed.error).toBeNull();
      const missing = await c.auth.passkey.delete({ passkeyId: one.data!.id });
      expect(missing.error).toMatchObject({ status: 404, code: 'validation_failed' });
      expect(missing.error?.message).toBe('Passkey not found');
      expect((await admin.auth.admin.passkey.deletePasskey({ userId, passkeyId: two.data!.id })).error).toBeNull();
      expect((await c.auth.passkey.list()).data).toEqual([]);
    });

    it('refuses anonymous users and verify bodies without their fields', async () => {
      const anonymous = emulator.client(ANON_KEY);
      // Anonymous sign-ins are off here; a plain visitor has no session at all.
      expect((await anonymous.auth.passkey.startRegistration()).error).toMatchObject({ name: 'AuthSessionMissingError' });
      const { c } = await signedIn(emulator);
      const noChallenge = await c.auth.passkey.verifyRegistration({ challengeId: '', credential: {} as never });
      expect(noChallenge.error).toMatchObject({ status: 400, code: 'validation_failed' });
      expect(noChallenge.error?.message).toBe('challenge_id is required');
      const badId = await c.auth.passkey.verifyRegistration({ challengeId: 'not-a-uuid', credential: {} as never });
      expect(badId.error?.message).toBe('challenge_id must be a valid UUID');
      const started = await emulator.client(ANON_KEY).auth.passkey.startAuthentication();
      const garbage = await emulator.client(ANON_KEY).auth.passkey.verifyAuthentication({
        challengeId: started.data!.challenge_id,
        credential: { garbage: true } as never,
      });
      expect(garbage.error).toMatchObject({ status: 400, code: 'webauthn_verification_failed' });
      expect(garbage.error?.message).toBe('Invalid credential response');
    });
  });
}
