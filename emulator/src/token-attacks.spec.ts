// Tokens an attacker can make without the project's secret — `alg: none`, signed with another
// secret, a forged service_role — and tokens past their use — expired, or minted for another
// audience — sent to every service. Each refuses in its own error shape (docs/errors.md),
// never with a 500 or a stack trace. (jwt-roles.spec.ts covers well-signed tokens naming a
// role the API may not run as.)
import { SignJWT } from 'jose';
import { ANON_KEY, JWT_SECRET, startTestEmulator, type TestEmulator } from '../test/harness.js';
import { subscribeOutcome } from '../test/realtime/spec-support.js';

const OTHER_SECRET = 'another-projects-secret-with-at-least-32-characters';
const FUNCTION = `Deno.serve(() => new Response('hello'));`;

const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
const now = () => Math.floor(Date.now() / 1000);

function unsigned(claims: Record<string, unknown>): string {
  return `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url({ exp: now() + 3600, ...claims })}.`;
}

function signed(claims: Record<string, unknown>, secret = JWT_SECRET): Promise<string> {
  return new SignJWT({ exp: now() + 3600, ...claims })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .sign(new TextEncoder().encode(secret));
}

interface Answer {
  status: number;
  text: string;
  body: unknown;
}

describe('token attacks on every service', () => {
  let emulator: TestEmulator;
  let userId: string;
  /** Each attack: a token as the attacker sends it. */
  let attacks: Record<string, string>;

  beforeAll(async () => {
    emulator = await startTestEmulator({
      files: { 'functions/hello/index.ts': FUNCTION },
    });
    const signUp = await emulator.client().auth.signUp({
      email: `token-attacks-${Date.now()}@example.com`,
      password: 'password-1',
    });
    if (signUp.error) throw signUp.error;
    userId = signUp.data.user!.id;
    const user = { sub: userId, role: 'authenticated', aud: 'authenticated' };
    attacks = {
      'alg none (service_role)': unsigned({ role: 'service_role' }),
      'alg none (the user)': unsigned(user),
      'wrong secret': await signed(user, OTHER_SECRET),
      expired: await signed({ ...user, iat: now() - 7200, exp: now() - 3600 }),
      'forged service_role': await signed({ role: 'service_role' }, OTHER_SECRET),
    };
  }, 150_000);

  afterAll(() => emulator?.stop(), 60_000);

  async function send(path: string, token: string, init: RequestInit = {}): Promise<Answer> {
    const response = await fetch(`${emulator.apiUrl}${path}`, {
      ...init,
      headers: {
        apikey: ANON_KEY,
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
      },
    });
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // not JSON: kept as text
    }
    return { status: response.status, text, body };
  }

  /** Nothing in a refusal that looks like a stack trace or an internal error. */
  function expectNoInternals(answer: Answer): void {
    expect(answer.status).toBeLessThan(500);
    expect(answer.text).not.toMatch(/\n\s+at |node_modules|\.ts:\d+|Internal Server Error/);
  }

  const post = (body: unknown): RequestInit => ({ method: 'POST', body: JSON.stringify(body) });

  it('auth refuses each with 403 bad_jwt', async () => {
    for (const [attack, token] of Object.entries(attacks)) {
      for (const path of ['/auth/v1/user', '/auth/v1/admin/users', '/auth/v1/logout']) {
        const answer = await send(path, token, path.endsWith('logout') ? post({}) : {});
        expectNoInternals(answer);
        expect({ attack, path, status: answer.status, body: answer.body }).toEqual({
          attack,
          path,
          status: 403,
          body: expect.objectContaining({
            code: 403,
            error_code: 'bad_jwt',
            msg: expect.stringMatching(/^invalid JWT: unable to parse or verify signature, /),
          }),
        });
      }
    }
  });

  it('REST refuses each with 401 PGRST301/PGRST303, as PostgREST', async () => {
    const expected: Record<string, { code: string; message: string }> = {
      'alg none (service_role)': {
        code: 'PGRST301',
        message: 'Wrong or unsupported encoding algorithm',
      },
      'alg none (the user)': {
        code: 'PGRST301',
        message: 'Wrong or unsupported encoding algorithm',
      },
      'wrong secret': { code: 'PGRST301', message: 'JWT cryptographic operation failed' },
      expired: { code: 'PGRST303', message: 'JWT expired' },
      'forged service_role': { code: 'PGRST301', message: 'JWT cryptographic operation failed' },
    };
    for (const [attack, token] of Object.entries(attacks)) {
      for (const [path, init] of [
        ['/rest/v1/anything?select=*', {}],
        ['/rest/v1/rpc/anything', post({})],
      ] as const) {
        const answer = await send(path, token, init);
        expectNoInternals(answer);
        expect({ attack, path, status: answer.status, body: answer.body }).toEqual({
          attack,
          path,
          status: 401,
          body: { ...expected[attack], details: null, hint: null },
        });
      }
    }
  });

  it('storage refuses each with AccessDenied (HTTP 400, statusCode 403); vector buckets with 403', async () => {
    for (const [attack, token] of Object.entries(attacks)) {
      for (const [path, init, status] of [
        ['/storage/v1/bucket', {}, 400],
        ['/storage/v1/object/list/anything', post({ prefix: '' }), 400],
        ['/storage/v1/object/authenticated/anything/file.txt', {}, 400],
        ['/storage/v1/object/sign/anything/file.txt', post({ expiresIn: 60 }), 400],
        ['/storage/v1/vector/ListVectorBuckets', post({}), 403],
        ['/storage/v1/vector/QueryVectors', post({}), 403],
      ] as const) {
        const answer = await send(path, token, init);
        expectNoInternals(answer);
        expect({ attack, path, status: answer.status, body: answer.body }).toEqual({
          attack,
          path,
          status,
          body: expect.objectContaining({
            statusCode: '403',
            code: 'AccessDenied',
            error: 'Unauthorized',
          }),
        });
      }
    }
  });

  it('functions with verify_jwt refuse each with 401 Invalid JWT', async () => {
    for (const [attack, token] of Object.entries(attacks)) {
      const answer = await send('/functions/v1/hello', token, post({}));
      expectNoInternals(answer);
      expect({ attack, status: answer.status, body: answer.body }).toEqual({
        attack,
        status: 401,
        body: { msg: 'Invalid JWT' },
      });
    }
  });

  // Supabase Realtime's words for each.
  const REALTIME_REFUSALS: Record<string, RegExp> = {
    'alg none (service_role)': /^JwtSignerError: Failed to generate JWT signer/,
    'alg none (the user)': /^JwtSignerError: Failed to generate JWT signer/,
    'wrong secret': /^JwtSignatureError: Failed to validate JWT signature$/,
    expired: /^InvalidJWTToken: Token has expired \d+ seconds ago$/,
    'forged service_role': /^JwtSignatureError: Failed to validate JWT signature$/,
  };

  it('realtime refuses to join with each', async () => {
    for (const [attack, token] of Object.entries(attacks)) {
      const client = emulator.client(ANON_KEY);
      await client.realtime.setAuth(token);
      const outcome = await subscribeOutcome(
        client.channel(`attack-${attack.replace(/\W+/g, '-')}`, { config: { private: true } }),
      );
      expect({ attack, status: outcome.status }).toEqual({ attack, status: 'CHANNEL_ERROR' });
      expect(outcome.error?.message).toMatch(REALTIME_REFUSALS[attack]!);
      expect(outcome.error?.message).not.toMatch(/\n\s+at /);
      await client.removeAllChannels();
      client.realtime.disconnect();
    }
  });

  describe('a token minted for another audience', () => {
    it('does not read the user from auth: 400 validation_failed, as GoTrue', async () => {
      const foreign = await signed({ sub: userId, role: 'authenticated', aud: 'another-app' });
      const answer = await send('/auth/v1/user', foreign);
      expectNoInternals(answer);
      expect(answer).toMatchObject({
        status: 400,
        body: {
          code: 400,
          error_code: 'validation_failed',
          msg: "Token audience doesn't match request audience",
        },
      });
      // No audience at all is refused the same way; the user's own audience is served.
      const none = await send(
        '/auth/v1/user',
        await signed({ sub: userId, role: 'authenticated' }),
      );
      expect(none).toMatchObject({ status: 400, body: { error_code: 'validation_failed' } });
      const own = await send(
        '/auth/v1/user',
        await signed({ sub: userId, role: 'authenticated', aud: 'authenticated' }),
      );
      expect(own).toMatchObject({ status: 200, body: { id: userId, aud: 'authenticated' } });
    });
  });
});
