// WebAuthn factors through supabase-js (docs/compatibility.md#auth-webauthn-factors): settings,
// the options the browser is handed, and the refusals. The ceremonies themselves, with a real
// authenticator, run in Chromium's virtual authenticator (tests/account-webauthn.spec.ts).
import { ANON_KEY, startTestEmulator, type TestEmulator } from '../../test/harness.js';

const CONFIG = `
[auth]
site_url = "http://127.0.0.1:3000"

[auth.rate_limit]
sign_in_sign_ups = 1000

[auth.mfa.web_authn]
enroll_enabled = true
verify_enabled = true

[auth.webauthn]
rp_id = "localhost"
rp_display_name = "Portal"
rp_origins = ["http://localhost:3000"]
`;

let counter = 0;

describe('WebAuthn factors (PGlite)', () => {
  jest.setTimeout(60_000);
  let emulator: TestEmulator;
  let disabled: TestEmulator;

  beforeAll(async () => {
    [emulator, disabled] = await Promise.all([
      startTestEmulator({ configToml: CONFIG }),
      // The CLI's defaults: [auth.mfa.web_authn] off.
      startTestEmulator({ configToml: '[auth]\nsite_url = "http://127.0.0.1:3000"\n' }),
    ]);
  }, 120_000);

  afterAll(async () => {
    await Promise.all([emulator?.stop(), disabled?.stop()]);
  }, 60_000);

  async function signedIn(on: TestEmulator) {
    const c = on.client(ANON_KEY);
    counter++;
    const email = `webauthn-${Date.now()}-${counter}@example.com`;
    const { error } = await c.auth.signUp({ email, password: 'webauthn-pass-1' });
    expect(error).toBeNull();
    return { c, email };
  }

  it('refuses to enrol a key when [auth.mfa.web_authn] is off, as the CLI leaves it', async () => {
    const { c } = await signedIn(disabled);
    const { data, error } = await c.auth.mfa.enroll({ factorType: 'webauthn', friendlyName: 'Key' });
    expect(data).toBeNull();
    expect(error).toMatchObject({ status: 422, code: 'mfa_webauthn_enroll_not_enabled' });
    expect(error?.message).toBe('MFA enroll is disabled for WebAuthn');
  });

  it('answers 404 passkey_disabled on every passkey route while [auth.passkey] is off, as the CLI leaves it', async () => {
    const { c } = await signedIn(disabled);
    const started = await c.auth.passkey.startRegistration();
    expect(started.error).toMatchObject({ status: 404, code: 'passkey_disabled' });
    expect(started.error?.message).toBe('Passkeys are disabled');
    const signIn = await disabled.client(ANON_KEY).auth.passkey.startAuthentication();
    expect(signIn.error).toMatchObject({ status: 404, code: 'passkey_disabled' });
    expect((await c.auth.passkey.list()).error).toMatchObject({ code: 'passkey_disabled' });
  });

  it('enrols an unverified factor and hands registration options for the configured relying party', async () => {
    const { c, email } = await signedIn(emulator);
    const enrolled = await c.auth.mfa.enroll({ factorType: 'webauthn', friendlyName: 'Desk key' });
    expect(enrolled.error).toBeNull();
    expect(enrolled.data).toEqual({ id: expect.any(String), type: 'webauthn', friendly_name: 'Desk key' });
    const factorId = enrolled.data!.id;

    // auth-js sends the page's rpId/rpOrigins; like GoTrue, the project's settings win.
    const challenge = await c.auth.mfa.challenge({ factorId, webauthn: { rpId: 'evil.example', rpOrigins: ['https://evil.example'] } });
    expect(challenge.error).toBeNull();
    const data = challenge.data!;
    expect(data.type).toBe('webauthn');
    expect(data.expires_at).toBeGreaterThan(Date.now() / 1000);
    if (data.webauthn.type !== 'create') throw new Error(`expected a create ceremony, got ${data.webauthn.type}`);
    const options = data.webauthn.credential_options.publicKey;
    expect(options.rp).toEqual({ id: 'localhost', name: 'Portal' });
    expect(options.user.name).toBe(email);
    // auth-js turned the base64url challenge and user id into bytes for navigator.credentials.
    expect(new Uint8Array(options.challenge as ArrayBuffer).length).toBeGreaterThanOrEqual(16);
    expect(options.attestation).toBe('none');

    const { data: factors } = await c.auth.mfa.listFactors();
    expect(factors?.all).toEqual([expect.objectContaining({ id: factorId, factor_type: 'webauthn', status: 'unverified' })]);
  });

  it("refuses a verify without the authenticator's answer, with the wrong ceremony, or with a forged one", async () => {
    const { c } = await signedIn(emulator);
    const { data: factor } = await c.auth.mfa.enroll({ factorType: 'webauthn', friendlyName: 'Key' });
    const { data: challenge } = await c.auth.mfa.challenge({ factorId: factor!.id, webauthn: { rpId: 'localhost' } });
    let challengeId = challenge!.id;

    const noAnswer = await c.auth.mfa.verify({ factorId: factor!.id, challengeId, code: '123456' });
    expect({ ...noAnswer.error, message: noAnswer.error?.message }).toMatchObject({ status: 400, code: 'validation_failed', message: 'WebAuthn config required' });

    const verify = (body: Record<string, unknown>) =>
      fetch(`${emulator.apiUrl}/auth/v1/factors/${factor!.id}/verify`, {
        method: 'POST',
        headers: { apikey: ANON_KEY, authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({ challenge_id: challengeId, ...body }),
      }).then(async (response) => ({ status: response.status, body: (await response.json()) as Record<string, unknown> }));
    const accessToken = (await c.auth.getSession()).data.session!.access_token;

    expect(await verify({ webauthn: { type: 'sign', credential_response: {} } })).toEqual({
      status: 400,
      body: expect.objectContaining({ error_code: 'validation_failed', msg: 'WebAuthn type must be create or request' }),
    });
    expect(await verify({ webauthn: { type: 'create' } })).toEqual({
      status: 400,
      body: expect.objectContaining({ error_code: 'validation_failed', msg: 'credential_response required' }),
    });
    expect(await verify({ webauthn: { type: 'request', credential_response: { id: 'x' } } })).toEqual({
      status: 400,
      body: expect.objectContaining({ error_code: 'validation_failed', msg: 'WebAuthn type must be create for this challenge' }),
    });

    // That wrong ceremony used the challenge up: a fresh one for the forged answer.
    challengeId = (await c.auth.mfa.challenge({ factorId: factor!.id, webauthn: { rpId: 'localhost' } })).data!.id;
    const forged = await verify({
      webauthn: {
        type: 'create',
        credential_response: {
          id: 'AAAA',
          rawId: 'AAAA',
          type: 'public-key',
          response: { clientDataJSON: Buffer.from('{}').toString('base64url'), attestationObject: 'AAAA' },
          clientExtensionResults: {},
        },
      },
    });
    expect(forged.status).toBe(422);
    expect(forged.body).toMatchObject({ error_code: 'mfa_verification_failed' });
    expect(String(forged.body.msg)).toMatch(/^WebAuthn verification failed: /);

    // The challenge was used up by that attempt; the factor stays unverified, the session aal1.
    const again = await verify({ webauthn: { type: 'create', credential_response: { id: 'AAAA' } } });
    expect(again.body).toMatchObject({ error_code: 'mfa_factor_not_found' });
    const { data: level } = await c.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(level?.currentLevel).toBe('aal1');
  });
});
