// Phone auth through supabase-js: sign-up and password sign-in by phone, SMS OTP, resend and phone
// change (docs/compatibility.md#auth-phone-and-sms). Every SMS lands in the emulator's mailbox
// addressed to the number, so the codes are read the way mails are; test_otp numbers get a fixed
// code.
import { ANON_KEY, latestMail, startTestEmulator, type TestEmulator } from '../harness.js';
import { decodeJwt } from './auth-flows.suite.js';

const CONFIG = `
[auth]
site_url = "http://127.0.0.1:3000"
enable_anonymous_sign_ins = true

[auth.rate_limit]
sign_in_sign_ups = 1000
token_verifications = 1000
sms_sent = 1000

[auth.sms]
enable_signup = true
enable_confirmations = true
max_frequency = "0s"
template = "Your Portal code is {{ .Code }}"

[auth.sms.test_otp]
15550001111 = "424242"

[auth.mfa.phone]
enroll_enabled = true
verify_enabled = true
max_frequency = "0s"
template = "Your Portal MFA code is {{ .Code }}"
`;

let counter = 0;
/** A fresh US number per test: +1555 then 7 digits. */
function freshPhone(): string {
  counter++;
  return `+1555${String((Date.now() % 100_000) * 100 + counter).padStart(7, '0')}`;
}

async function smsCode(
  emulator: TestEmulator,
  phone: string,
): Promise<{ code: string; subject: string }> {
  const mail = await latestMail(emulator.mailUrl, phone);
  if (!mail) throw new Error(`no SMS for ${phone}`);
  const code = /(\d{6})/.exec(mail.Text)?.[1];
  if (!code) throw new Error(`no code in "${mail.Text}"`);
  return { code, subject: mail.Subject };
}

export function describePhoneAuth(name: string, options: { postgres?: boolean } = {}): void {
  describe(name, () => {
    jest.setTimeout(60_000);
    let emulator: TestEmulator;
    let disabled: TestEmulator;
    let cannotSend: TestEmulator;
    const client = () => emulator.client(ANON_KEY);

    beforeAll(async () => {
      [emulator, disabled, cannotSend] = await Promise.all([
        startTestEmulator({ configToml: CONFIG, ...options }),
        // The CLI's defaults: [auth.sms] enable_signup = false.
        startTestEmulator({
          configToml: '[auth]\nsite_url = "http://127.0.0.1:3000"\n',
          ...options,
        }),
        // An SMS that cannot be made: GoTrue's template data has only .Code.
        startTestEmulator({
          configToml: CONFIG.replace(
            'template = "Your Portal code is {{ .Code }}"',
            'template = "Your {{ .SiteURL }} code is {{ .Code }}"',
          ),
          ...options,
        }),
      ]);
    }, 120_000);

    afterAll(async () => {
      await Promise.all([emulator?.stop(), disabled?.stop(), cannotSend?.stop()]);
    }, 60_000);

    it('answers a phone OTP whose SMS cannot be made with GoTrue\'s 500 "error generating sms template", PKCE client or not, and keeps no user', async () => {
      const phone = freshPhone();
      for (const flowType of ['pkce', 'implicit'] as const) {
        const c = cannotSend.client(ANON_KEY, { auth: { flowType, persistSession: false } });
        const otp = await c.auth.signInWithOtp({ phone });
        // auth-js reports any 500 as retryable, with the body's msg.
        expect([otp.data, otp.error && { ...otp.error, message: otp.error.message }]).toEqual([
          { user: null, session: null },
          expect.objectContaining({
            name: 'AuthRetryableFetchError',
            status: 500,
            message: 'error generating sms template',
          }),
        ]);
      }
      const raw = await fetch(`${cannotSend.apiUrl}/auth/v1/otp`, {
        method: 'POST',
        headers: { apikey: ANON_KEY, 'content-type': 'application/json' },
        body: JSON.stringify({ phone }),
      });
      expect([raw.status, await raw.json()]).toEqual([
        500,
        expect.objectContaining({
          code: 500,
          error_code: 'unexpected_failure',
          msg: 'error generating sms template',
        }),
      ]);
      // The failed sign-up rolled back: there is no unconfirmed number to resend to, and no SMS.
      expect(
        (await cannotSend.client(ANON_KEY).auth.resend({ phone, type: 'sms' })).error,
      ).toBeNull();
      expect(await latestMail(cannotSend.mailUrl, phone)).toBeNull();
    });

    it("checks a phone OTP's PKCE pair and channel as GoTrue's OtpParams.Validate does", async () => {
      const post = (body: object) =>
        fetch(`${emulator.apiUrl}/auth/v1/otp`, {
          method: 'POST',
          headers: { apikey: ANON_KEY, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
      const halfPkce = await post({ phone: freshPhone(), code_challenge: 'a'.repeat(43) });
      expect([halfPkce.status, await halfPkce.json()]).toEqual([
        400,
        expect.objectContaining({
          code: 400,
          error_code: 'validation_failed',
          msg: 'PKCE flow requires code_challenge_method and code_challenge',
        }),
      ]);
      const channel = await post({ email: `channel-${Date.now()}@example.com`, channel: 'sms' });
      expect([channel.status, await channel.json()]).toEqual([
        400,
        expect.objectContaining({
          error_code: 'validation_failed',
          msg: 'Channel should only be specified with Phone OTP',
        }),
      ]);
    });

    it('signs up with phone + password, confirms by SMS code, then signs in with the password', async () => {
      const c = client();
      const phone = freshPhone();
      const digits = phone.slice(1);
      const signup = await c.auth.signUp({
        phone,
        password: 'phone-pass-1',
        options: { channel: 'sms' },
      });
      expect(signup.error).toBeNull();
      expect(signup.data.session).toBeNull();
      expect(signup.data.user).toMatchObject({
        phone: digits,
        app_metadata: { provider: 'phone' },
      });
      expect(signup.data.user?.phone_confirmed_at).toBeUndefined();

      const early = await c.auth.signInWithPassword({ phone, password: 'phone-pass-1' });
      expect(early.error).toMatchObject({ code: 'phone_not_confirmed', status: 400 });

      const sms = await smsCode(emulator, phone);
      expect(sms.subject).toBe(`SMS to ${phone}`);
      const wrong = await c.auth.verifyOtp({
        phone,
        token: sms.code === '000000' ? '111111' : '000000',
        type: 'sms',
      });
      expect(wrong.error).toMatchObject({ code: 'otp_expired', status: 403 });
      const verified = await c.auth.verifyOtp({ phone, token: sms.code, type: 'sms' });
      expect(verified.error).toBeNull();
      expect(verified.data.user?.phone_confirmed_at).toBeTruthy();
      expect(
        verified.data.user?.identities?.map((i) => [i.provider, i.identity_data?.phone_verified]),
      ).toEqual([['phone', true]]);
      const claims = decodeJwt(verified.data.session!.access_token);
      expect(claims.phone).toBe(digits);
      expect((claims.amr as { method: string }[])[0]?.method).toBe('otp');

      // The code is spent.
      const again = await c.auth.verifyOtp({ phone, token: sms.code, type: 'sms' });
      expect(again.error).toMatchObject({ code: 'otp_expired' });

      const signedIn = await client().auth.signInWithPassword({ phone, password: 'phone-pass-1' });
      expect(signedIn.error).toBeNull();
      expect(signedIn.data.user?.phone).toBe(digits);
      const badPassword = await client().auth.signInWithPassword({
        phone,
        password: 'nope-nope-1',
      });
      expect(badPassword.error).toMatchObject({ code: 'invalid_credentials', status: 400 });

      const taken = await client().auth.signUp({ phone: digits, password: 'phone-pass-2' });
      // A confirmed number gets a look-alike user (confirmations on), and no SMS.
      expect(taken.error).toBeNull();
      expect(taken.data.user?.id).not.toBe(signedIn.data.user?.id);
    });

    it("signs in with an SMS code, creating the user (GoTrue's sign-up path answers no message_id), and names the message once the number is confirmed", async () => {
      const phone = freshPhone();
      const c = client();
      const sent = await c.auth.signInWithOtp({ phone });
      expect(sent.error).toBeNull();
      // GoTrue's SmsOtp signs a number without a confirmed user up and answers {}.
      expect(sent.data.messageId).toBeUndefined();
      const { code } = await smsCode(emulator, phone);
      const mail = await latestMail(emulator.mailUrl, phone);
      expect(mail!.Text).toBe(`Your Portal code is ${code}`);
      const verified = await c.auth.verifyOtp({ phone, token: code, type: 'sms' });
      expect(verified.error).toBeNull();
      expect(verified.data.user?.phone).toBe(phone.slice(1));
      const again = await client().auth.signInWithOtp({ phone });
      expect(again.error).toBeNull();
      expect(again.data.messageId).toBe((await latestMail(emulator.mailUrl, phone))!.ID);

      const unknown = await client().auth.signInWithOtp({
        phone: freshPhone(),
        options: { shouldCreateUser: false },
      });
      expect(unknown.error).toMatchObject({ code: 'otp_disabled', status: 422 });
    });

    it('resends the code: the first one stops working', async () => {
      const phone = freshPhone();
      const c = client();
      await c.auth.signUp({ phone, password: 'phone-pass-1' });
      const first = await smsCode(emulator, phone);
      const resent = await c.auth.resend({ phone, type: 'sms' });
      expect(resent.error).toBeNull();
      expect(resent.data.messageId).toBeTruthy();
      const second = await smsCode(emulator, phone);
      if (first.code !== second.code) {
        const stale = await c.auth.verifyOtp({ phone, token: first.code, type: 'sms' });
        expect(stale.error).toMatchObject({ code: 'otp_expired' });
      }
      expect((await c.auth.verifyOtp({ phone, token: second.code, type: 'sms' })).error).toBeNull();
    });

    it('signs in with an SMS code once when the verifies race', async () => {
      const phone = freshPhone();
      expect((await client().auth.signInWithOtp({ phone })).error).toBeNull();
      const { code } = await smsCode(emulator, phone);
      const verify = () => client().auth.verifyOtp({ phone, token: code, type: 'sms' });
      const answers = await Promise.all(Array.from({ length: 8 }, verify));
      // Exactly one session; the others find the code spent, as a replay does.
      expect(answers.map((answer) => answer.error?.code ?? 'session').sort()).toEqual([
        ...Array.from({ length: 7 }, () => 'otp_expired'),
        'session',
      ]);
      const won = answers.find((answer) => !answer.error)!;
      expect(won.data.session?.user.phone).toBe(phone.slice(1));
      expect((await verify()).error).toMatchObject({ code: 'otp_expired', status: 403 });
    });

    it('gives a test_otp number its fixed code and sends no message', async () => {
      const c = client();
      const sent = await c.auth.signInWithOtp({ phone: '+1 555 000 1111' });
      expect(sent.error).toBeNull();
      expect(await latestMail(emulator.mailUrl, '+15550001111')).toBeNull();
      const verified = await c.auth.verifyOtp({
        phone: '15550001111',
        token: '424242',
        type: 'sms',
      });
      expect(verified.error).toBeNull();
      expect(verified.data.user?.phone).toBe('15550001111');
      // Confirmed now: GoTrue names a test number's message 'test-otp'.
      const again = await client().auth.signInWithOtp({ phone: '+1 555 000 1111' });
      expect(again.data.messageId).toBe('test-otp');
      expect(await latestMail(emulator.mailUrl, '+15550001111')).toBeNull();
    });

    it('changes the phone number after the new number confirms its code', async () => {
      const phone = freshPhone();
      const c = client();
      await c.auth.signInWithOtp({ phone });
      await c.auth.verifyOtp({ phone, token: (await smsCode(emulator, phone)).code, type: 'sms' });

      const next = freshPhone();
      const update = await c.auth.updateUser({ phone: next });
      expect(update.error).toBeNull();
      expect(update.data.user).toMatchObject({ phone: phone.slice(1), new_phone: next.slice(1) });
      const sms = await smsCode(emulator, next);
      const resent = await c.auth.resend({ phone: next, type: 'phone_change' });
      expect(resent.error).toBeNull();
      const latest = await smsCode(emulator, next);
      if (latest.code !== sms.code) {
        expect(
          (await c.auth.verifyOtp({ phone: next, token: sms.code, type: 'phone_change' })).error,
        ).toMatchObject({ code: 'otp_expired' });
      }
      const verified = await c.auth.verifyOtp({
        phone: next,
        token: latest.code,
        type: 'phone_change',
      });
      expect(verified.error).toBeNull();
      expect(verified.data.user?.phone).toBe(next.slice(1));
      expect(verified.data.user?.new_phone).toBeUndefined();
      expect((await c.auth.getUser()).data.user?.phone).toBe(next.slice(1));
      expect((await client().auth.signInWithOtp({ phone: next })).error).toBeNull();

      // Another user may not take the number.
      const other = client();
      const otherPhone = freshPhone();
      await other.auth.signInWithOtp({ phone: otherPhone });
      await other.auth.verifyOtp({
        phone: otherPhone,
        token: (await smsCode(emulator, otherPhone)).code,
        type: 'sms',
      });
      const clash = await other.auth.updateUser({ phone: next });
      expect(clash.error).toMatchObject({ code: 'phone_exists', status: 422 });
    });

    it('makes an anonymous user permanent with a confirmed phone', async () => {
      const c = client();
      const anon = await c.auth.signInAnonymously();
      expect(anon.error).toBeNull();
      const phone = freshPhone();
      expect((await c.auth.updateUser({ phone })).error).toBeNull();
      const { code } = await smsCode(emulator, phone);
      const verified = await c.auth.verifyOtp({ phone, token: code, type: 'phone_change' });
      expect(verified.error).toBeNull();
      expect(verified.data.user).toMatchObject({
        is_anonymous: false,
        phone: phone.slice(1),
        app_metadata: { provider: 'phone', providers: ['phone'] },
      });
    });

    it('enrolls a phone factor, challenges it by SMS and verifies to aal2', async () => {
      const phone = freshPhone();
      const c = client();
      await c.auth.signInWithOtp({ phone });
      await c.auth.verifyOtp({ phone, token: (await smsCode(emulator, phone)).code, type: 'sms' });

      const missing = await c.auth.mfa.enroll({ factorType: 'phone', phone: '' });
      expect(missing.error).toMatchObject({ code: 'validation_failed' });
      const factorPhone = freshPhone();
      const enrolled = await c.auth.mfa.enroll({
        factorType: 'phone',
        phone: factorPhone,
        friendlyName: 'mobile',
      });
      expect(enrolled.error).toBeNull();
      expect(enrolled.data).toMatchObject({
        type: 'phone',
        friendly_name: 'mobile',
        phone: factorPhone.slice(1),
      });
      const factorId = enrolled.data!.id;

      const first = await c.auth.mfa.challenge({ factorId });
      expect(first.error).toBeNull();
      expect(first.data).toMatchObject({ type: 'phone' });
      const sms = await latestMail(emulator.mailUrl, factorPhone);
      expect(sms!.Text).toMatch(/^Your Portal MFA code is \d{6}$/);
      const code = /(\d{6})/.exec(sms!.Text)![1]!;
      const wrong = await c.auth.mfa.verify({
        factorId,
        challengeId: first.data!.id,
        code: code === '000000' ? '111111' : '000000',
      });
      expect(wrong.error).toMatchObject({
        code: 'mfa_verification_failed',
        status: 422,
        message: 'Invalid MFA Phone code entered',
      });
      const verified = await c.auth.mfa.verify({ factorId, challengeId: first.data!.id, code });
      expect(verified.error).toBeNull();
      const claims = decodeJwt(verified.data!.access_token);
      expect(claims.aal).toBe('aal2');
      expect((claims.amr as { method: string }[]).map((a) => a.method)).toContain('mfa/phone');
      const listed = await c.auth.mfa.listFactors();
      expect(listed.data?.phone.map((f) => [f.id, f.status])).toEqual([[factorId, 'verified']]);

      const again = await c.auth.mfa.enroll({
        factorType: 'phone',
        phone: factorPhone,
        friendlyName: 'again',
      });
      expect(again.error).toMatchObject({ code: 'mfa_verified_factor_exists', status: 422 });
      expect((await c.auth.mfa.unenroll({ factorId })).error).toBeNull();
    });

    it('keeps the unverified phone factor a refused enrollment for the same number would have replaced', async () => {
      const phone = freshPhone();
      const c = client();
      await c.auth.signInWithOtp({ phone });
      await c.auth.verifyOtp({ phone, token: (await smsCode(emulator, phone)).code, type: 'sms' });
      const factorPhone = freshPhone();
      const first = await c.auth.mfa.enroll({
        factorType: 'phone',
        phone: factorPhone,
        friendlyName: 'mobile',
      });
      expect(first.error).toBeNull();
      expect(
        (await c.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'taken' })).error,
      ).toBeNull();
      // Same number (which replaces the unverified factor), but a name another factor has.
      const refused = await c.auth.mfa.enroll({
        factorType: 'phone',
        phone: factorPhone,
        friendlyName: 'taken',
      });
      expect(refused.error).toMatchObject({ code: 'mfa_factor_name_conflict', status: 422 });
      const listed = await c.auth.mfa.listFactors();
      expect(listed.data?.all.map((f) => [f.factor_type, f.friendly_name]).sort()).toEqual([
        ['phone', 'mobile'],
        ['totp', 'taken'],
      ]);
      expect((await c.auth.mfa.challenge({ factorId: first.data!.id })).error).toBeNull();
    });

    it('creates phone users through the admin API as GoTrue stores them, and reauthenticates by SMS', async () => {
      const phone = freshPhone();
      const spaced = `${phone.slice(0, 2)} ${phone.slice(2, 5)} ${phone.slice(5)}`;
      const created = await emulator.admin().auth.admin.createUser({
        phone: spaced,
        password: 'phone-pass-1',
        phone_confirm: true,
      });
      expect(created.error).toBeNull();
      expect(created.data.user?.phone).toBe(phone.slice(1));
      const duplicate = await emulator
        .admin()
        .auth.admin.createUser({ phone, password: 'phone-pass-1' });
      expect(duplicate.error).toMatchObject({ code: 'phone_exists', status: 422 });
      const c = client();
      const signedIn = await c.auth.signInWithPassword({ phone, password: 'phone-pass-1' });
      expect(signedIn.error).toBeNull();
      const reauth = await c.auth.reauthenticate();
      expect(reauth.error).toBeNull();
      const mail = await latestMail(emulator.mailUrl, phone);
      expect(mail?.Text).toMatch(/^Your Portal code is \d{6}$/);
    });

    it('answers bad numbers, missing fields and wrong tokens with GoTrue codes', async () => {
      const c = client();
      const bad = await c.auth.signUp({ phone: '12ab', password: 'phone-pass-1' });
      expect(bad.error).toMatchObject({ code: 'validation_failed', status: 400 });
      expect(bad.error?.message).toMatch(/E\.164/);
      const zero = await c.auth.signInWithOtp({ phone: '+0123456' });
      expect(zero.error).toMatchObject({ code: 'validation_failed' });
      const noPassword = await c.auth.signUp({ phone: freshPhone(), password: '' });
      expect(noPassword.error).toMatchObject({ code: 'validation_failed', status: 422 });
      const weak = await c.auth.signUp({ phone: freshPhone(), password: 'abc' });
      expect(weak.error).toMatchObject({ code: 'weak_password', status: 422 });
      const channel = await fetch(`${emulator.apiUrl}/auth/v1/otp`, {
        method: 'POST',
        headers: {
          apikey: ANON_KEY,
          'content-type': 'application/json',
          'x-supabase-api-version': '2024-01-01',
        },
        body: JSON.stringify({ phone: freshPhone(), channel: 'pigeon' }),
      });
      expect(channel.status).toBe(400);
      expect(await channel.json()).toMatchObject({ code: 'validation_failed' });
      const nobody = await c.auth.verifyOtp({ phone: freshPhone(), token: '123456', type: 'sms' });
      expect(nobody.error).toMatchObject({ code: 'otp_expired', status: 403 });
      const noChange = await c.auth.verifyOtp({
        phone: freshPhone(),
        token: '123456',
        type: 'phone_change',
      });
      expect(noChange.error).toMatchObject({ code: 'otp_expired', status: 403 });
      const unknownLogin = await c.auth.signInWithPassword({
        phone: freshPhone(),
        password: 'x-pass-12',
      });
      expect(unknownLogin.error).toMatchObject({ code: 'invalid_credentials' });
    });

    it('refuses phone sign-ups, logins and OTPs when [auth.sms] enable_signup is off (the CLI default)', async () => {
      const c = disabled.client(ANON_KEY);
      const phone = freshPhone();
      const signup = await c.auth.signUp({ phone, password: 'phone-pass-1' });
      expect(signup.error).toMatchObject({ code: 'phone_provider_disabled', status: 422 });
      const login = await c.auth.signInWithPassword({ phone, password: 'phone-pass-1' });
      expect(login.error).toMatchObject({ code: 'phone_provider_disabled', status: 422 });
      const otp = await c.auth.signInWithOtp({ phone });
      // GoTrue's SmsOtp: 400, where /signup and the password grant answer 422.
      expect(otp.error).toMatchObject({
        code: 'phone_provider_disabled',
        status: 400,
        message: 'Unsupported phone provider',
      });
      const resend = await c.auth.resend({ phone, type: 'sms' });
      expect(resend.error).toMatchObject({ code: 'phone_provider_disabled' });
      const user = await disabled.client(ANON_KEY).auth.signUp({
        email: `mfa-${Date.now()}@example.com`,
        password: 'password-123',
      });
      const mfaClient = disabled.client(ANON_KEY);
      await mfaClient.auth.setSession(user.data.session!);
      const mfa = await mfaClient.auth.mfa.enroll({ factorType: 'phone', phone });
      expect(mfa.error).toMatchObject({ code: 'mfa_phone_enroll_not_enabled', status: 422 });
      const settings = await (
        await fetch(`${disabled.apiUrl}/auth/v1/settings`, { headers: { apikey: ANON_KEY } })
      ).json();
      expect(settings.external.phone).toBe(false);
      const enabled = await (
        await fetch(`${emulator.apiUrl}/auth/v1/settings`, { headers: { apikey: ANON_KEY } })
      ).json();
      expect(enabled.external.phone).toBe(true);
    });
  });
}
