// Hostile input over the auth endpoints through HTTP, as any client could send it: control
// characters (NUL above all, which Postgres cannot store), lone surrogates, SQL, huge and
// wrongly typed values, in every field of every body and in query parameters. Every answer
// must be a GoTrue-shaped refusal or a success — never a 5xx.
import {
  ANON_KEY,
  SERVICE_ROLE_KEY,
  startTestEmulator,
  type TestEmulator,
} from '../../test/harness.js';
import { seededRandom } from '../../test/rest/query-fuzzer.js';
import { freshEmail } from '../../test/auth/auth-flows.suite.js';

const CONFIG = `
[auth]
site_url = "http://127.0.0.1:3000"
enable_anonymous_sign_ins = true
enable_manual_linking = true

[auth.rate_limit]
email_sent = 100000
sign_in_sign_ups = 100000
token_refresh = 100000
token_verifications = 100000
anonymous_users = 100000

[auth.email]
enable_confirmations = false
max_frequency = "0s"
`;

const CASES = 1200;
/** FUZZ_SEED explores other cases; a failure found so is replayed with the same seed. */
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : 20261124;

const NASTY_STRINGS = [
  '\u0000',
  'a\u0000b@example.com',
  'user\u0000@example.com',
  '\u0001\u0002\u0003',
  'tab\tnew\nline\rreturn',
  '\u001b[31m',
  '\u007f',
  '\ud800',
  '\udfff\ud800',
  '\u2028\u2029',
  '\ufeff',
  '%00',
  "'; drop table auth.users; --",
  '"\\',
  '',
  ' ',
  'x'.repeat(5000),
];
const NASTY_VALUES: unknown[] = [0, -1, 1e308, true, null, [], {}, ['\u0000'], { '\u0000': 1 }];
const NASTY_OBJECTS: unknown[] = [
  { name: '\u0000' },
  { '\u0000': 'key' },
  { nested: { list: ['ok', 'x\u0000y'] } },
  { ctrl: '\u0001\u001f\u007f', surrogate: '\ud800' },
  'not an object',
  ['\u0000'],
];

type Auth = 'anon' | 'user' | 'service';

interface Endpoint {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  auth: Auth;
  body?: Record<string, unknown>;
  query?: Record<string, string>;
}

const PASSWORD = 'fuzz-password-1';

function endpoints(email: string, userId: string): Endpoint[] {
  return [
    {
      method: 'POST',
      path: '/signup',
      auth: 'anon',
      body: { email: 'new@example.com', password: PASSWORD, data: { name: 'n' } },
    },
    {
      method: 'POST',
      path: '/token',
      query: { grant_type: 'password' },
      auth: 'anon',
      body: { email, password: PASSWORD },
    },
    {
      method: 'POST',
      path: '/token',
      query: { grant_type: 'refresh_token' },
      auth: 'anon',
      body: { refresh_token: 'abc' },
    },
    {
      method: 'POST',
      path: '/token',
      query: { grant_type: 'pkce' },
      auth: 'anon',
      body: { auth_code: 'code', code_verifier: 'v'.repeat(43) },
    },
    {
      method: 'POST',
      path: '/token',
      query: { grant_type: 'id_token' },
      auth: 'anon',
      body: { provider: 'test', id_token: 'a.b.c', nonce: 'n' },
    },
    {
      method: 'POST',
      path: '/otp',
      auth: 'anon',
      body: { email, create_user: false, data: { a: 1 } },
    },
    { method: 'POST', path: '/magiclink', auth: 'anon', body: { email } },
    { method: 'POST', path: '/recover', auth: 'anon', body: { email } },
    {
      method: 'POST',
      path: '/verify',
      auth: 'anon',
      body: { type: 'email', email, token: '123456' },
    },
    {
      method: 'GET',
      path: '/verify',
      auth: 'anon',
      query: { type: 'signup', token: 'abc', redirect_to: 'http://127.0.0.1:3000' },
    },
    { method: 'POST', path: '/resend', auth: 'anon', body: { type: 'signup', email } },
    { method: 'GET', path: '/user', auth: 'user' },
    { method: 'PUT', path: '/user', auth: 'user', body: { data: { nickname: 'n' } } },
    { method: 'PUT', path: '/user', auth: 'user', body: { email: 'changed@example.com' } },
    {
      method: 'POST',
      path: '/factors',
      auth: 'user',
      body: { factor_type: 'totp', friendly_name: 'f' },
    },
    {
      method: 'GET',
      path: '/authorize',
      auth: 'anon',
      query: { provider: 'test', redirect_to: 'http://127.0.0.1:3000' },
    },
    {
      method: 'POST',
      path: '/admin/users',
      auth: 'service',
      body: {
        email: 'admin-made@example.com',
        password: PASSWORD,
        user_metadata: { a: 1 },
        app_metadata: { b: 2 },
      },
    },
    {
      method: 'PUT',
      path: `/admin/users/${userId}`,
      auth: 'service',
      body: { user_metadata: { a: 2 } },
    },
    { method: 'GET', path: '/admin/users', auth: 'service', query: { page: '1', per_page: '5' } },
    {
      method: 'POST',
      path: '/admin/generate_link',
      auth: 'service',
      body: { type: 'magiclink', email },
    },
    {
      method: 'POST',
      path: '/invite',
      auth: 'service',
      body: { email: 'invited@example.com', data: { a: 1 } },
    },
    {
      method: 'POST',
      path: '/test-provider/id-token',
      auth: 'anon',
      body: { email, name: 'n', nonce: 'n' },
    },
  ];
}

describe('auth endpoints on hostile input', () => {
  jest.setTimeout(240_000);
  let emulator: TestEmulator;
  let email: string;
  let userId: string;
  let userToken: string;

  beforeAll(async () => {
    emulator = await startTestEmulator({ configToml: CONFIG });
    email = freshEmail('fuzz');
    const { data, error } = await emulator.client().auth.signUp({ email, password: PASSWORD });
    if (error) throw error;
    userId = data.user!.id;
    userToken = data.session!.access_token;
  }, 120_000);

  afterAll(() => emulator?.stop(), 60_000);

  async function send(
    endpoint: Endpoint,
    body: unknown,
    query: Record<string, string> = endpoint.query ?? {},
  ) {
    const bearer = { anon: ANON_KEY, user: userToken, service: SERVICE_ROLE_KEY }[endpoint.auth];
    const url = new URL(`${emulator.apiUrl}/auth/v1${endpoint.path}`);
    for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
    const response = await fetch(url, {
      method: endpoint.method,
      redirect: 'manual',
      headers: {
        apikey: ANON_KEY,
        authorization: `Bearer ${bearer}`,
        'content-type': 'application/json',
        'x-supabase-api-version': '2024-01-01',
      },
      ...(endpoint.method === 'GET' ? {} : { body: JSON.stringify(body ?? {}) }),
    });
    return { status: response.status, body: await response.text() };
  }

  it('refuses a NUL character in an email or in metadata with 400 validation_failed', async () => {
    const all = endpoints(email, userId);
    const find = (method: string, path: string, grant?: string) =>
      all.find(
        (e) => e.method === method && e.path === path && (!grant || e.query?.grant_type === grant),
      )!;
    const cases: [Endpoint, Record<string, unknown>][] = [
      [find('POST', '/token', 'password'), { email: 'a\u0000b@example.com', password: PASSWORD }],
      [
        find('POST', '/signup'),
        { email: freshEmail('nul'), password: PASSWORD, data: { name: 'x\u0000' } },
      ],
      [find('PUT', '/user'), { data: { nickname: '\u0000' } }],
      [find('POST', '/admin/users'), { email: freshEmail('nul'), user_metadata: { '\u0000': 1 } }],
      [find('PUT', `/admin/users/${userId}`), { app_metadata: { roles: ['x\u0000'] } }],
    ];
    for (const [endpoint, body] of cases) {
      const answer = await send(endpoint, body);
      expect({ path: endpoint.path, status: answer.status }).toEqual({
        path: endpoint.path,
        status: 400,
      });
      expect(JSON.parse(answer.body)).toMatchObject({ code: 'validation_failed' });
      expect(JSON.parse(answer.body).message).toMatch(/NUL character/);
    }
    const verify = await send(find('GET', '/verify'), undefined, {
      type: 'signup',
      token: 'a\u0000b',
      redirect_to: 'http://127.0.0.1:3000',
    });
    expect(verify.status).toBe(400);
    expect(JSON.parse(verify.body)).toMatchObject({ code: 'validation_failed' });
  });

  it(`answers ${CASES} mutated requests without a 5xx`, async () => {
    const random = seededRandom(SEED);
    const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
    const all = endpoints(email, userId);
    const failures: string[] = [];
    for (let i = 0; i < CASES; i++) {
      const endpoint = all[i % all.length]!;
      const body: Record<string, unknown> = { ...endpoint.body };
      const query = { ...endpoint.query };
      const fields = Object.keys(body);
      const queryNames = Object.keys(query);
      // One to three fields of the body or the query get something hostile.
      for (let n = 1 + Math.floor(random() * 3); n > 0; n--) {
        if (queryNames.length && (fields.length === 0 || random() < 0.25)) {
          const name = pick(queryNames);
          query[name] =
            random() < 0.5 ? pick(NASTY_STRINGS) : `${query[name]}${pick(NASTY_STRINGS)}`;
          continue;
        }
        if (!fields.length) break;
        const field = pick(fields);
        const current = body[field];
        if (typeof current === 'object' && current !== null) body[field] = pick(NASTY_OBJECTS);
        else if (random() < 0.7)
          body[field] =
            random() < 0.5 ? pick(NASTY_STRINGS) : `${String(current)}${pick(NASTY_STRINGS)}`;
        else body[field] = pick(NASTY_VALUES);
      }
      const answer = await send(endpoint, body, query);
      if (answer.status >= 500) {
        failures.push(
          `${endpoint.method} ${endpoint.path}?${new URLSearchParams(query)} ${JSON.stringify(body).slice(0, 200)} → ${answer.status} ${answer.body.slice(0, 200)}`,
        );
      }
    }
    console.log(`auth fuzz: ${CASES} cases tried (seed ${SEED}, ${all.length} request shapes), ${failures.length} 5xx`);
    expect(failures).toEqual([]);
    expect((await fetch(`${emulator.apiUrl}/auth/v1/health`)).status).toBe(200);
  });
});
