import { SignJWT } from 'jose';
import { Keys } from '../keys.js';
import { isApiKey, verifyAccessToken } from './access-token.js';
import { isRealtimeError } from './errors.js';

const SECRET = 'super-secret-jwt-token-with-at-least-32-characters-long';
const keys = new Keys(SECRET);

async function sign(
  claims: Record<string, unknown>,
  secret = SECRET,
  alg = 'HS256',
): Promise<string> {
  return new SignJWT(claims)
    .setProtectedHeader({ alg, typ: 'JWT' })
    .sign(new TextEncoder().encode(secret));
}

async function reasonOf(token: string, now?: number): Promise<string> {
  try {
    await verifyAccessToken(keys, token, now);
  } catch (error) {
    if (isRealtimeError(error)) return error.reason;
    throw error;
  }
  return 'accepted';
}

describe('realtime access tokens', () => {
  const now = Date.UTC(2030, 0, 1);
  const nowSeconds = now / 1000;

  it('accepts a signed token with role and exp, and returns its claims', async () => {
    const token = await sign({ role: 'authenticated', sub: 'u1', exp: nowSeconds + 60 });
    await expect(verifyAccessToken(keys, token, now)).resolves.toMatchObject({
      claims: { role: 'authenticated', sub: 'u1' },
      exp: nowSeconds + 60,
    });
  });

  it('words refusals as Realtime does', async () => {
    expect(await reasonOf('garbage', now)).toBe(
      'MalformedJWT: The token provided is not a valid JWT',
    );
    expect(
      await reasonOf(
        await sign(
          { role: 'anon', exp: nowSeconds + 60 },
          'another-secret-of-at-least-32-characters!',
        ),
        now,
      ),
    ).toBe('JwtSignatureError: Failed to validate JWT signature');
    expect(await reasonOf(await sign({ sub: 'u1', exp: nowSeconds + 60 }), now)).toBe(
      'InvalidJWTToken: Fields `role` and `exp` are required in JWT',
    );
    expect(await reasonOf(await sign({ role: 'anon' }), now)).toBe(
      'InvalidJWTToken: Fields `role` and `exp` are required in JWT',
    );
    expect(await reasonOf(await sign({ role: 'anon', exp: nowSeconds - 42 }), now)).toMatch(
      /^InvalidJWTToken: Token has expired \d+ seconds ago$/,
    );
    expect(
      await reasonOf(await sign({ role: 'anon', exp: nowSeconds + 60 }, SECRET, 'HS512'), now),
    ).toMatch(/^JwtSignerError/);
  });

  it('counts the expiry from the given clock, refusing exp == now as Realtime does', async () => {
    const token = await sign({ role: 'anon', exp: Math.floor(Date.now() / 1000) + 30 });
    expect(await reasonOf(token)).toBe('accepted');
    expect(await reasonOf(token, (Math.floor(Date.now() / 1000) + 30) * 1000)).toBe(
      'InvalidJWTToken: Token has expired 0 seconds ago',
    );
  });

  it('recognises new-style API keys, which are never access tokens', () => {
    expect(isApiKey('sb_publishable_abc')).toBe(true);
    expect(isApiKey('eyJhbGciOi')).toBe(false);
  });
});
