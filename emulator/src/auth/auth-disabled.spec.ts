// What auth answers when the project's config.toml has turned a provider or feature off: GoTrue's
// own "disabled" errors through supabase-js (docs/compatibility.md#auth-disabled-features), never
// unsupported_grant_type or "No auth endpoint". One test per switch.
import {
  ANON_KEY,
  SERVICE_ROLE_KEY,
  startTestEmulator,
  type TestEmulator,
} from '../../test/harness.js';
import { freshEmail } from '../../test/auth/auth-flows.suite.js';

const COMMON = `
[auth]
site_url = "http://127.0.0.1:3000"
enable_anonymous_sign_ins = false
enable_manual_linking = false

[auth.rate_limit]
sign_in_sign_ups = 1000
token_refresh = 1000
`;

/** Email and phone providers off (signups on overall), so their own refusals show. */
const PROVIDERS_OFF = `${COMMON}
[auth.email]
enable_signup = false

[auth.sms]
enable_signup = false
`;

/** Email on, every sign-up and MFA factor type off. */
const FEATURES_OFF =
  COMMON.replace('[auth]\n', '[auth]\nenable_signup = false\n') +
  `
[auth.mfa.totp]
enroll_enabled = false
verify_enabled = false

[auth.mfa.phone]
enroll_enabled = false
verify_enabled = false

[auth.mfa.web_authn]
enroll_enabled = false
verify_enabled = false
`;

describe('auth with providers and features turned off (PGlite)', () => {
  jest.setTimeout(60_000);
  let providersOff: TestEmulator;
  let featuresOff: TestEmulator;

  beforeAll(async () => {
    [providersOff, featuresOff] = await Promise.all([
      startTestEmulator({ configToml: PROVIDERS_OFF }),
      startTestEmulator({ configToml: FEATURES_OFF }),
    ]);
  }, 120_000);

  afterAll(async () => {
    await Promise.all([providersOff?.stop(), featuresOff?.stop()]);
  }, 60_000);

  const anon = (emulator: TestEmulator) => emulator.client(ANON_KEY);

  /** A confirmed user made with the admin API, signed in with its password. */
  async function signedIn(emulator: TestEmulator) {
    const email = freshEmail('disabled');
    const admin = emulator.client(SERVICE_ROLE_KEY);
    const created = await admin.auth.admin.createUser({
      email,
      password: 'pw-123456',
      email_confirm: true,
    });
    expect(created.error).toBeNull();
    const client = anon(emulator);
    const { error } = await client.auth.signInWithPassword({ email, password: 'pw-123456' });
    expect(error).toBeNull();
    return client;
  }

  it('[auth.email] enable_signup = false: email sign-up, password, OTP and recovery answer email_provider_disabled', async () => {
    const client = anon(providersOff);
    const email = freshEmail('disabled');
    const signUp = await client.auth.signUp({ email, password: 'pw-123456' });
    expect(signUp.error).toMatchObject({
      code: 'email_provider_disabled',
      status: 422,
      message: 'Email signups are disabled',
    });
    const logins = [
      await client.auth.signInWithPassword({ email, password: 'pw-123456' }),
      await client.auth.signInWithOtp({ email }),
      await client.auth.resetPasswordForEmail(email),
    ];
    for (const { error } of logins) {
      expect(error).toMatchObject({
        code: 'email_provider_disabled',
        status: 422,
        message: 'Email logins are disabled',
      });
    }
  });

  it('[auth.sms] enable_signup = false: phone sign-up, password and OTP answer phone_provider_disabled', async () => {
    const client = anon(providersOff);
    const phone = '+15550001234';
    const signUp = await client.auth.signUp({ phone, password: 'pw-123456' });
    expect(signUp.error).toMatchObject({
      code: 'phone_provider_disabled',
      status: 422,
      message: 'Phone signups are disabled',
    });
    const login = await client.auth.signInWithPassword({ phone, password: 'pw-123456' });
    expect(login.error).toMatchObject({
      code: 'phone_provider_disabled',
      message: 'Phone logins are disabled',
    });
    const otp = await client.auth.signInWithOtp({ phone });
    expect(otp.error).toMatchObject({
      code: 'phone_provider_disabled',
      message: 'Unsupported phone provider',
    });
  });

  it('enable_anonymous_sign_ins = false: signInAnonymously answers anonymous_provider_disabled', async () => {
    const { error } = await anon(providersOff).auth.signInAnonymously();
    expect(error).toMatchObject({
      code: 'anonymous_provider_disabled',
      status: 422,
      message: 'Anonymous sign-ins are disabled',
    });
  });

  it('an external provider not enabled: /authorize answers 400 "Unsupported provider: provider is not enabled"', async () => {
    const { data, error } = await anon(providersOff).auth.signInWithOAuth({
      provider: 'github',
      options: { skipBrowserRedirect: true },
    });
    expect(error).toBeNull();
    const response = await fetch(data.url!, { redirect: 'manual' });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      error_code: 'validation_failed',
      msg: 'Unsupported provider: provider is not enabled',
    });
  });

  it('[auth] enable_signup = false: sign-up answers signup_disabled', async () => {
    const { error } = await anon(featuresOff).auth.signUp({
      email: freshEmail('disabled'),
      password: 'pw-123456',
    });
    expect(error).toMatchObject({
      code: 'signup_disabled',
      status: 422,
      message: 'Signups not allowed for this instance',
    });
  });

  it('enable_manual_linking = false: linkIdentity answers manual_linking_disabled', async () => {
    const client = await signedIn(featuresOff);
    const { error } = await client.auth.linkIdentity({
      provider: 'github',
      options: { skipBrowserRedirect: true },
    });
    expect(error).toMatchObject({
      code: 'manual_linking_disabled',
      status: 404,
      message: 'Manual linking is disabled',
    });
  });

  it('[auth.mfa.*] enroll_enabled = false: enrolling TOTP, phone or WebAuthn answers its *_enroll_not_enabled', async () => {
    const client = await signedIn(featuresOff);
    const totp = await client.auth.mfa.enroll({ factorType: 'totp' });
    expect(totp.error).toMatchObject({
      code: 'mfa_totp_enroll_not_enabled',
      status: 422,
      message: 'MFA enrollment is disabled for "totp"',
    });
    const phone = await client.auth.mfa.enroll({ factorType: 'phone', phone: '+15550004321' });
    expect(phone.error).toMatchObject({
      code: 'mfa_phone_enroll_not_enabled',
      status: 422,
      message: 'MFA enrollment is disabled for "phone"',
    });
    const webauthn = await client.auth.mfa.enroll({ factorType: 'webauthn' } as never);
    expect(webauthn.error).toMatchObject({
      code: 'mfa_webauthn_enroll_not_enabled',
      status: 422,
      message: 'MFA enroll is disabled for WebAuthn',
    });
  });

  it('[auth.oauth_server] off (the default): the OAuth server admin API answers 404 feature_disabled', async () => {
    const { error } = await featuresOff.client(SERVICE_ROLE_KEY).auth.admin.oauth.listClients();
    expect(error).toMatchObject({
      code: 'feature_disabled',
      status: 404,
      message: 'OAuth server is disabled',
    });
  });
});
