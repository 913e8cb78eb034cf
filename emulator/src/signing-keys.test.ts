import { SignJWT, decodeProtectedHeader } from 'jose';
import { cliSigningKey, type CliSigningKey } from '../test/signing-key-files.js';
import { Keys, effectiveBearer, ANON_KEY, PUBLISHABLE_KEY, SECRET_KEY } from './keys.js';
import type { Config } from './config.js';
import { SigningKeySet, loadSigningKeys } from './signing-keys.js';

const SECRET = 'a-test-secret-with-at-least-32-characters';

async function keysWith(jwks: CliSigningKey[]): Promise<Keys> {
  return Keys.load(SECRET, { check: () => Promise.resolve('granted') }, await SigningKeySet.fromJwks(jwks, 'keys.json'));
}

describe('signing keys from signing_keys_path', () => {
  let rsa: CliSigningKey;
  let ec: CliSigningKey;
  let stranger: CliSigningKey;

  beforeAll(async () => {
    [rsa, ec, stranger] = await Promise.all([cliSigningKey('RS256'), cliSigningKey('ES256'), cliSigningKey('ES256')]);
  });

  it('signs with the first key, with its kid, and verifies with every key of the file', async () => {
    for (const [first, second] of [
      [rsa, ec],
      [ec, rsa],
    ] as const) {
      const keys = await keysWith([first, second]);
      const token = await keys.sign({ role: 'authenticated', sub: 'x' });
      expect(decodeProtectedHeader(token)).toEqual({ alg: first.alg, kid: first.kid, typ: 'JWT' });
      expect(await keys.verify(token)).toMatchObject({ ok: true, claims: { sub: 'x' } });
      // The other key of the file (standby, or used before) still verifies what it signed.
      const older = await (await keysWith([second])).sign({ role: 'anon' });
      expect((await keys.verify(older)).ok).toBe(true);
    }
  });

  it('skips a key that cannot sign: verify-only key_ops or no private part', async () => {
    const retired = { ...rsa, key_ops: ['verify'] };
    const { d: _d, p: _p, q: _q, dp: _dp, dq: _dq, qi: _qi, ...publicOnly } = stranger;
    const keys = await keysWith([retired, publicOnly as CliSigningKey, ec]);
    expect(decodeProtectedHeader(await keys.sign({}))).toMatchObject({ kid: ec.kid });
  });

  it('publishes only public halves, each marked for verification', async () => {
    const keys = await keysWith([rsa, ec]);
    expect(keys.publicJwks).toEqual([
      { kty: 'RSA', kid: rsa.kid, alg: 'RS256', use: 'sig', key_ops: ['verify'], n: rsa.n, e: rsa.e },
      { kty: 'EC', kid: ec.kid, alg: 'ES256', use: 'sig', key_ops: ['verify'], crv: 'P-256', x: ec.x, y: ec.y },
    ]);
    expect(JSON.stringify(keys.publicJwks)).not.toMatch(/"(d|p|q|dp|dq|qi)"/);
    expect(new Keys(SECRET).publicJwks).toEqual([]);
  });

  it('keeps legacy HS256 tokens valid and refuses keys not in the set, unknown algorithms and alg none', async () => {
    const keys = await keysWith([ec]);
    const legacy = await new Keys(SECRET).sign({ role: 'anon' });
    expect((await keys.verify(legacy)).ok).toBe(true);
    expect((await keys.verify(ANON_KEY)).ok).toBe(false); // another secret than this test's
    const foreign = await (await keysWith([stranger])).sign({ role: 'service_role' });
    expect(await keys.verify(foreign)).toMatchObject({ ok: false, reason: 'invalid', kind: 'unknown_key' });
    // The stranger's signature under this project's kid.
    const forged = await new SignJWT({ role: 'service_role' })
      .setProtectedHeader({ alg: 'ES256', kid: ec.kid })
      .sign((await SigningKeySet.fromJwks([stranger], 'x')).signer.key);
    expect(await keys.verify(forged)).toMatchObject({ ok: false, kind: 'signature' });
    const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    expect(await keys.verify(`${b64({ alg: 'none' })}.${b64({ role: 'service_role' })}.`)).toMatchObject({
      ok: false,
      kind: 'algorithm',
      message: 'signing method none is invalid',
    });
    const rs = await (await keysWith([rsa])).sign({ role: 'anon' });
    expect(await keys.verify(rs)).toMatchObject({ ok: false, kind: 'algorithm', message: 'signing method RS256 is invalid' });
    expect(await new Keys(SECRET).verify(rs)).toMatchObject({ ok: false, kind: 'algorithm' });
  });

  it('verifies a token without kid with each key of its algorithm', async () => {
    const keys = await keysWith([ec, stranger]);
    const signer = (await SigningKeySet.fromJwks([stranger], 'x')).signer;
    const token = await new SignJWT({ role: 'anon' }).setProtectedHeader({ alg: 'ES256' }).sign(signer.key);
    expect((await keys.verify(token)).ok).toBe(true);
  });

  it('signs the anon and service_role API keys with the current key, as the CLI does, and maps sb_ keys to them', async () => {
    const keys = await keysWith([rsa]);
    for (const [apiKey, role] of [
      [keys.apiKeys.anon, 'anon'],
      [keys.apiKeys.serviceRole, 'service_role'],
    ] as const) {
      expect(decodeProtectedHeader(apiKey)).toEqual({ alg: 'RS256', kid: rsa.kid, typ: 'JWT' });
      const verified = await keys.verify(apiKey);
      expect(verified).toMatchObject({ ok: true, claims: { iss: 'supabase-demo', role } });
      const { exp } = (verified as { claims: { exp: number } }).claims;
      expect(exp - Date.now() / 1000).toBeGreaterThan(9 * 365 * 24 * 3600);
    }
    expect(effectiveBearer(null, PUBLISHABLE_KEY, keys.apiKeys)).toBe(keys.apiKeys.anon);
    expect(effectiveBearer(`Bearer ${SECRET_KEY}`, SECRET_KEY, keys.apiKeys)).toBe(keys.apiKeys.serviceRole);
    expect(new Keys(SECRET).apiKeys.anon).toBe(ANON_KEY);
  });

  it('refuses a file it cannot use, naming the key and the reason', async () => {
    await expect(SigningKeySet.fromJwks({ keys: [] }, 'keys.json')).rejects.toThrow(/keys\.json: not a JSON array/);
    await expect(SigningKeySet.fromJwks([], 'keys.json')).rejects.toThrow(/the file holds no key/);
    await expect(SigningKeySet.fromJwks([{ ...ec, kid: undefined }], 'keys.json')).rejects.toThrow(/\[0\.kid\]/);
    await expect(SigningKeySet.fromJwks([{ ...ec, alg: 'RS256' }], 'keys.json')).rejects.toThrow(/\[0\.alg\]/);
    await expect(SigningKeySet.fromJwks([{ kty: 'oct', k: 'c2VjcmV0', kid: 'a', alg: 'HS256' }], 'k')).rejects.toThrow(
      /RS256\/ES256/,
    );
    await expect(SigningKeySet.fromJwks([ec, { ...ec }], 'keys.json')).rejects.toThrow(`two keys have the kid ${ec.kid}`);
    await expect(SigningKeySet.fromJwks([{ ...ec, key_ops: ['verify'] }], 'keys.json')).rejects.toThrow(/no key can sign/);
    await expect(SigningKeySet.fromJwks([{ ...ec, x: rsa.e }], 'keys.json')).rejects.toThrow(`the key ${ec.kid} cannot be used`);
  });

  it('refuses HS256 tokens of the JWT secret once the project revokes it, and refuses to revoke it without signing keys', async () => {
    const revoked = await Keys.load(SECRET, { check: () => Promise.resolve('granted') }, await SigningKeySet.fromJwks([ec], 'keys.json', 'revoked'));
    const legacy = await new Keys(SECRET).sign({ role: 'service_role' });
    expect(await revoked.verify(legacy)).toMatchObject({
      ok: false,
      reason: 'invalid',
      kind: 'algorithm',
      message: 'signing method HS256 is invalid',
    });
    expect((await revoked.verify(await revoked.sign({ role: 'anon' }))).ok).toBe(true);
    expect(decodeProtectedHeader(revoked.apiKeys.serviceRole)).toMatchObject({ alg: 'ES256', kid: ec.kid });
    const config = (auth: Partial<Config['auth']>) => ({ supabaseDir: '/nowhere', auth }) as Config;
    await expect(loadSigningKeys(config({ legacy_jwt_secret: 'revoked' }))).rejects.toThrow(
      'auth.legacy_jwt_secret = "revoked" needs auth.signing_keys_path: without signing keys the JWT secret signs every token and cannot be revoked',
    );
    await expect(loadSigningKeys(config({ legacy_jwt_secret: 'previously_used' }))).resolves.toBeNull();
  });
});
