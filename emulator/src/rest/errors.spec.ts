// Bad input against a real emulator: each mistake gets PostgREST's code and status with a
// message a person understands; then thousands of generated and mutated requests, none of
// which may get a 5xx or bring the emulator down.
import { SignJWT } from 'jose';
import {
  ANON_KEY,
  JWT_SECRET,
  SERVICE_ROLE_KEY,
  startTestEmulator,
  type TestEmulator,
} from '../../test/harness.js';
import { randomRequest, seededRandom, type FuzzRequest } from '../../test/rest/query-fuzzer.js';
import { FIXTURE_MIGRATION, FIXTURE_SEED, REST_CONFIG_TOML } from '../../test/rest/test-fixture.js';

const FUZZ_REQUESTS = 5000;

interface Answer {
  status: number;
  body: Record<string, unknown>;
  headers: Headers;
}

describe('REST errors', () => {
  let emulator: TestEmulator;
  let rest: string;

  beforeAll(async () => {
    emulator = await startTestEmulator({
      configToml: REST_CONFIG_TOML,
      files: {
        'migrations/20240101000000_fixture.sql': FIXTURE_MIGRATION,
        'seed.sql': FIXTURE_SEED,
      },
    });
    rest = `${emulator.apiUrl}/rest/v1`;
  }, 120_000);

  afterAll(() => emulator?.stop());

  async function call(
    path: string,
    init: RequestInit & { headers?: Record<string, string> } = {},
  ): Promise<Answer> {
    const response = await fetch(`${rest}${path}`, {
      ...init,
      headers: { apikey: SERVICE_ROLE_KEY, ...init.headers },
    });
    const text = await response.text();
    return {
      status: response.status,
      body: text ? (JSON.parse(text) as Record<string, unknown>) : {},
      headers: response.headers,
    };
  }

  const post = (path: string, body: string, headers: Record<string, string> = {}) =>
    call(path, {
      method: 'POST',
      body,
      headers: { 'Content-Type': 'application/json', ...headers },
    });

  it.each([
    [
      '/users?select=id,name(',
      400,
      'PGRST100',
      '"failed to parse select parameter (id,name()" (line 1, column 9)',
    ],
    [
      '/users?age=between.1',
      400,
      'PGRST100',
      '"failed to parse filter (between.1)" (line 1, column 1)',
    ],
    ['/users?age=1', 400, 'PGRST100', '"failed to parse filter (1)" (line 1, column 1)'],
    [
      '/users?or=(age.eq.1',
      400,
      'PGRST100',
      '"failed to parse logic tree ((age.eq.1)" (line 1, column 10)',
    ],
    [
      '/users?order=age.sideways',
      400,
      'PGRST100',
      '"failed to parse order (age.sideways)" (line 1, column 4)',
    ],
    [
      '/users?limit=many',
      400,
      'PGRST100',
      '"failed to parse limit parameter (many)" (line 1, column 1)',
    ],
    ['/users?select=nmae', 400, '42703', 'column users.nmae does not exist'],
    ['/users?nmae=eq.1', 400, '42703', 'column users.nmae does not exist'],
    ['/users?age=eq.old', 400, '22P02', 'invalid input syntax for type integer: "old"'],
    ['/users?select=age::nope', 400, '42704', 'type "nope" does not exist'],
    ['/userz', 404, 'PGRST205', "Could not find the table 'public.userz' in the schema cache"],
    [
      '/users?select=*,friends(*)',
      400,
      'PGRST200',
      "Could not find a relationship between 'users' and 'friends' in the schema cache",
    ],
    [
      '/messages?select=*,users(*)',
      300,
      'PGRST201',
      "Could not embed because more than one relationship was found for 'messages' and 'users'",
    ],
    [
      '/messages?channels.slug=eq.x',
      400,
      'PGRST108',
      "'channels' is not an embedded resource in this request",
    ],
    [
      '/channels?select=slug,messages(id)&order=messages(id)',
      400,
      'PGRST118',
      "A related order on 'messages' is not possible",
    ],
    [
      '/messages?select=id,channels(slug)&channels=eq.1',
      400,
      'PGRST120',
      "Bad operator on the 'channels' embedded resource",
    ],
    [
      '/rpc/nope',
      404,
      'PGRST202',
      'Could not find the function public.nope without parameters in the schema cache',
    ],
    ['/a/b/c', 404, 'PGRST125', 'Invalid path specified in request URL'],
    ['/users?limit=-1', 416, 'PGRST103', 'Requested range not satisfiable'],
    ['/users?id=eq.x&select=id', 400, '22P02', 'invalid input syntax for type uuid: "x"'],
    [
      '/messages?body=match.(',
      400,
      '2201B',
      'invalid regular expression: parentheses () not balanced',
    ],
    ['/messages?during=ov.[2024', 400, '22P02', 'malformed range literal: "[2024"'],
    [
      '/messages?search=fts(klingon).x',
      400,
      '42704',
      'text search configuration "klingon" does not exist',
    ],
    [
      '/messages?id=eq.99999999999999999999',
      400,
      '22003',
      'value "99999999999999999999" is out of range for type bigint',
    ],
  ])('GET %s → %d %s', async (path, status, code, message) => {
    const answer = await call(path);
    expect([answer.status, answer.body.code, answer.body.message]).toEqual([status, code, message]);
    expect(answer.body).toHaveProperty('details');
    expect(answer.body).toHaveProperty('hint');
    expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
  });

  it('lets a function decide the whole error with RAISE SQLSTATE PGRST', async () => {
    const answer = await call('/rpc/payment_required', {
      method: 'POST',
      body: '{}',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(answer.status).toBe(402);
    expect(answer.body).toEqual({
      code: '123',
      message: 'Payment required',
      details: 'Quota exceeded',
      hint: 'Upgrade your plan',
    });
    expect(answer.headers.get('x-powered-by')).toBe('Nerd Rage');
    const broken = await call('/rpc/broken_raise', {
      method: 'POST',
      body: '{}',
      headers: { 'Content-Type': 'application/json' },
    });
    expect([broken.status, broken.body.code]).toEqual([500, 'PGRST121']);
  });

  it('suggests the closest table and column', async () => {
    expect((await call('/userz')).body.hint).toBe("Perhaps you meant the table 'public.users'");
    expect((await call('/users?select=usernme')).body.hint).toBe(
      'Perhaps you meant to reference the column "users.username".',
    );
  });

  it('answers bad bodies with PGRST102, unknown columns with PGRST204', async () => {
    expect((await post('/todos', '{"title":')).body).toMatchObject({
      code: 'PGRST102',
      message: 'Empty or invalid json',
    });
    expect((await post('/todos', '42')).body.code).toBe('PGRST102');
    expect((await post('/todos', '[{"title":"a"},{"done":true}]')).body).toMatchObject({
      code: 'PGRST102',
      message: 'All object keys must match',
    });
    const unknown = await post('/todos', '{"titel":"x"}');
    expect([unknown.status, unknown.body.code, unknown.body.message]).toEqual([
      400,
      'PGRST204',
      "Could not find the 'titel' column of 'todos' in the schema cache",
    ]);
    const patch = await call('/todos?id=eq.1', {
      method: 'PATCH',
      body: '[]',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(patch.body.code).toBe('PGRST102');
  });

  it('answers constraint violations as Postgres words them', async () => {
    const fk = await post(
      '/messages',
      '{"channel_id":999,"author_id":"a1111111-1111-4111-8111-111111111111","body":"x"}',
    );
    expect([fk.status, fk.body.code]).toEqual([409, '23503']);
    expect(fk.body.details).toBe('Key (channel_id)=(999) is not present in table "channels".');
    const notNull = await post('/todos', '{"title":null}');
    expect([notNull.status, notNull.body.code]).toEqual([400, '23502']);
    const generated = await post(
      '/messages',
      '{"channel_id":1,"author_id":"a1111111-1111-4111-8111-111111111111","body":"x","search":"y"}',
    );
    expect([generated.status, generated.body.code]).toEqual([400, '428C9']);
    const wrongType = await post('/todos', '{"title":"x","priority":"high"}');
    expect([wrongType.status, wrongType.body.code]).toEqual([400, '22P02']);
  });

  it('refuses writes to views that cannot take them, and unsupported methods', async () => {
    const view = await post('/message_counts', '{"slug":"x"}');
    expect([view.status, view.body.code, view.body.message]).toEqual([
      405,
      '55000',
      'cannot insert into view "message_counts"',
    ]);
    const put = await call('/todos', { method: 'PUT', body: '{}' });
    expect([put.status, put.body.code]).toEqual([405, 'PGRST105']);
    const merge = await call('/todos', { method: 'MERGE' });
    expect([merge.status, merge.body.code, merge.body.message]).toEqual([
      405,
      'PGRST117',
      'Unsupported HTTP method: MERGE',
    ]);
  });

  it('answers content negotiation failures with 406/415', async () => {
    const accept = await call('/users', { headers: { Accept: 'application/xml' } });
    expect([accept.status, accept.body.code, accept.body.message]).toEqual([
      406,
      'PGRST107',
      'None of these media types are available: application/xml',
    ]);
    const contentType = await post('/todos', '<todo/>', { 'Content-Type': 'application/xml' });
    expect([contentType.status, contentType.body.code]).toEqual([415, 'PGRST107']);
    const profile = await call('/users', { headers: { 'Accept-Profile': 'private' } });
    expect([profile.status, profile.body.code]).toEqual([406, 'PGRST106']);
  });

  it('answers Range mistakes with 416 PGRST103', async () => {
    const range = await call('/users', { headers: { Range: '5-2' } });
    expect([range.status, range.body.code]).toEqual([416, 'PGRST103']);
  });

  it('answers strict preferences it does not know with PGRST122', async () => {
    const answer = await call('/users', { headers: { Prefer: 'handling=strict, count=maybe' } });
    expect([answer.status, answer.body.code, answer.body.details]).toEqual([
      400,
      'PGRST122',
      'Invalid preferences: count=maybe',
    ]);
    const lenient = await call('/users?select=id', { headers: { Prefer: 'count=maybe' } });
    expect(lenient.status).toBe(200);
  });

  describe('JWT', () => {
    const sign = (claims: Record<string, unknown>, secret = JWT_SECRET) =>
      new SignJWT(claims)
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .sign(new TextEncoder().encode(secret));

    it('answers an expired token with 401 PGRST303 and WWW-Authenticate', async () => {
      const token = await sign({
        role: 'authenticated',
        sub: 'x',
        exp: Math.floor(Date.now() / 1000) - 60,
      });
      const answer = await call('/users', {
        headers: { apikey: ANON_KEY, Authorization: `Bearer ${token}` },
      });
      expect([answer.status, answer.body.code, answer.body.message]).toEqual([
        401,
        'PGRST303',
        'JWT expired',
      ]);
      // PostgREST 14 writes the description unquoted.
      expect(answer.headers.get('www-authenticate')).toBe(
        'Bearer error="invalid_token", error_description=JWT expired',
      );
      expect(answer.headers.get('proxy-status')).toBe('PostgREST; error=PGRST303');
    });

    it('answers a bad signature or a malformed token with 401 PGRST301', async () => {
      const forged = await sign(
        { role: 'service_role' },
        'another-secret-that-is-at-least-32-characters',
      );
      const bad = await call('/users', {
        headers: { apikey: ANON_KEY, Authorization: `Bearer ${forged}` },
      });
      expect([bad.status, bad.body.code, bad.body.message]).toEqual([
        401,
        'PGRST301',
        'JWT cryptographic operation failed',
      ]);
      const malformed = await call('/users', {
        headers: { apikey: ANON_KEY, Authorization: 'Bearer not-a-jwt' },
      });
      expect([malformed.status, malformed.body.code, malformed.body.message]).toEqual([
        401,
        'PGRST301',
        'Expected 3 parts in JWT; got 1',
      ]);
    });

    it('answers a role that does not exist with 401, as PostgREST 14', async () => {
      const token = await sign({ role: 'superhero' });
      const answer = await call('/users', {
        headers: { apikey: ANON_KEY, Authorization: `Bearer ${token}` },
      });
      expect([answer.status, answer.body.code, answer.body.message]).toEqual([
        401,
        '22023',
        'role "superhero" does not exist',
      ]);
    });

    it('answers a token issued in the future with PGRST303', async () => {
      const token = await sign({
        role: 'authenticated',
        iat: Math.floor(Date.now() / 1000) + 3600,
      });
      const answer = await call('/users', {
        headers: { apikey: ANON_KEY, Authorization: `Bearer ${token}` },
      });
      expect([answer.status, answer.body.code, answer.body.message]).toEqual([
        401,
        'PGRST303',
        'JWT issued at future',
      ]);
    });
  });

  it(`answers ${FUZZ_REQUESTS} generated and mutated requests without a 5xx or a crash`, async () => {
    const random = seededRandom(4242);
    const requests: FuzzRequest[] = Array.from({ length: FUZZ_REQUESTS }, () =>
      randomRequest(random),
    );
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    let next = 0;
    const worker = async () => {
      while (next < requests.length) {
        const request = requests[next++]!;
        const url = `${rest}${request.path}${request.query ? `?${request.query}` : ''}`;
        let status: number;
        let text = '';
        const ask = () =>
          fetch(url, {
            method: request.method,
            headers: { apikey: SERVICE_ROLE_KEY, ...request.headers },
            ...(request.body !== undefined && { body: request.body }),
          });
        try {
          // A pooled keep-alive socket the server closed as idle (its keep-alive timeout passed
          // while a busy machine held this worker) fails the next request before it is sent:
          // that is the client's race, not an answer, so such a request is sent once more on a
          // fresh socket. A server that crashed fails the second time too.
          const response = await ask().catch((error: unknown) => {
            if (!closedBeforeSending(error)) throw error;
            return ask();
          });
          status = response.status;
          text = await response.text();
        } catch (error) {
          failures.push(`${request.method} ${url}: ${(error as Error).message}`);
          continue;
        }
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
        if (status >= 500)
          failures.push(
            `${request.method} ${url} ${JSON.stringify(request.headers)} ${request.body ?? ''} → ${status} ${text}`,
          );
        else if (status >= 400 && request.method !== 'HEAD' && request.method !== 'OPTIONS') {
          let body: { code?: unknown; message?: unknown } = {};
          try {
            body = JSON.parse(text) as typeof body;
          } catch {
            failures.push(
              `${request.method} ${url} → ${status} with a body that is not JSON: ${text.slice(0, 200)}`,
            );
          }
          if (typeof body.message !== 'string')
            failures.push(
              `${request.method} ${url} → ${status} without a message: ${text.slice(0, 200)}`,
            );
        }
      }
    };
    await Promise.all(Array.from({ length: 4 }, worker));
    expect(failures.slice(0, 10)).toEqual([]);
    // The generator reached both successes and each kind of refusal.
    const succeeded = [...statuses].filter(([s]) => s < 300).reduce((sum, [, n]) => sum + n, 0);
    expect(succeeded).toBeGreaterThan(FUZZ_REQUESTS / 20);
    expect([...statuses.keys()].filter((s) => s >= 400).length).toBeGreaterThan(5);
    // Still serving.
    const health = await call('/users?select=username&order=username&limit=1');
    expect(health.status).toBe(200);
  }, 600_000);
});

/** undici's failure for a kept-alive socket the other side had closed ("other side closed", a reset). */
function closedBeforeSending(error: unknown): boolean {
  const cause = (error as { cause?: { code?: unknown; message?: unknown } } | null)?.cause;
  return (
    cause?.code === 'UND_ERR_SOCKET' ||
    cause?.code === 'ECONNRESET' ||
    (typeof cause?.message === 'string' && /other side closed/.test(cause.message))
  );
}
