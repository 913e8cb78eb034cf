// Smaller answers that must be GoTrue's own, through supabase-js against a real emulator:
// a session endpoint reached with only an API key, admin list paging parameters, and the
// OAuth server's admin API while `[auth.oauth_server]` is off (the default).
import {
  ANON_KEY,
  PUBLISHABLE_KEY,
  SECRET_KEY,
  SERVICE_ROLE_KEY,
  startTestEmulator,
  type TestEmulator,
} from '../../test/harness.js';

jest.setTimeout(60_000);

let emulator: TestEmulator;

beforeAll(async () => {
  emulator = await startTestEmulator({ configToml: '[auth]\nenable_signup = true\n' });
}, 120_000);

afterAll(() => emulator?.stop(), 60_000);

/** A fetch that drops the Authorization header supabase-js adds, keeping `apikey`. */
const withoutAuthorization: typeof fetch = (input, init) => {
  const headers = new Headers(init?.headers);
  headers.delete('authorization');
  return fetch(input, { ...init, headers });
};

const clientWithoutAuthorization = (key: string) =>
  emulator.client(key, { global: { fetch: withoutAuthorization } });

describe('a session endpoint called with only the apikey header', () => {
  const noBearer = {
    status: 401,
    code: 'no_authorization',
    message: 'This endpoint requires a valid Bearer token',
  };

  it('GET /user answers 401 no_authorization "This endpoint requires a valid Bearer token", as GoTrue behind the CLI gateway', async () => {
    const client = clientWithoutAuthorization(ANON_KEY);
    const email = `bearer-${Date.now()}@example.com`;
    const signUp = await client.auth.signUp({ email, password: 'password-123' });
    expect(signUp.error).toBeNull();
    // The session's access token would go in Authorization; only the anon key reaches the server.
    const { data, error } = await client.auth.getUser();
    expect(data.user).toBeNull();
    expect(error).toMatchObject(noBearer);
  });

  it('admin calls with the legacy service_role key only as apikey answer 401 no_authorization', async () => {
    const { error } = await clientWithoutAuthorization(SERVICE_ROLE_KEY).auth.admin.listUsers();
    expect(error).toMatchObject(noBearer);
  });

  it('GET /user with an Authorization header that is not "Bearer <token>" answers 401 no_authorization', async () => {
    const response = await fetch(`${emulator.apiUrl}/auth/v1/user`, {
      headers: { apikey: ANON_KEY, authorization: ANON_KEY, 'x-supabase-api-version': '2024-01-01' },
    });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({
      code: 'no_authorization',
      message: 'This endpoint requires a valid Bearer token',
    });
  });

  it('an sb_secret_ key alone still reaches the admin API (the gateway maps it to the service_role JWT)', async () => {
    const { error } = await clientWithoutAuthorization(SECRET_KEY).auth.admin.listUsers();
    expect(error).toBeNull();
  });

  it('an sb_publishable_ key alone is the anon JWT: GET /user answers 403 bad_jwt "invalid claim: missing sub claim"', async () => {
    const response = await withoutAuthorization(`${emulator.apiUrl}/auth/v1/user`, {
      headers: { apikey: PUBLISHABLE_KEY, 'x-supabase-api-version': '2024-01-01' },
    });
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({
      code: 'bad_jwt',
      message: 'invalid claim: missing sub claim',
    });
  });
});

describe('admin.listUsers with invalid page parameters', () => {
  const cases: Array<[string, { page?: number; perPage?: number }, string]> = [
    ['page 0', { page: 0 }, 'page must be greater than 0'],
    ['per_page 0', { perPage: 0 }, 'per_page must be greater than 0'],
    ['a negative page', { page: -1 }, 'strconv.ParseUint: parsing "-1": invalid syntax'],
    ['a negative per_page', { perPage: -5 }, 'strconv.ParseUint: parsing "-5": invalid syntax'],
    ['a page that is not a number', { page: Number.NaN }, 'strconv.ParseUint: parsing "NaN": invalid syntax'],
    ['a fractional per_page', { perPage: 2.5 }, 'strconv.ParseUint: parsing "2.5": invalid syntax'],
    ['per_page over 1000', { perPage: 1001 }, 'per_page must not exceed 1000'],
  ];

  it.each(cases)(
    'answers 400 validation_failed "Bad Pagination Parameters: …" for %s, as GoTrue (not an empty page)',
    async (_name, params, reason) => {
      const { data, error } = await emulator.admin().auth.admin.listUsers(params);
      expect(data.users).toEqual([]);
      expect(error).toMatchObject({
        status: 400,
        code: 'validation_failed',
        message: `Bad Pagination Parameters: ${reason}`,
      });
    },
  );

  it('still lists with the defaults when no page is given', async () => {
    const { data, error } = await emulator.admin().auth.admin.listUsers();
    expect(error).toBeNull();
    expect(data.users.length).toBeGreaterThan(0);
  });
});

describe('the OAuth 2.1 server while [auth.oauth_server] is off', () => {
  const disabled = { status: 404, code: 'feature_disabled', message: 'OAuth server is disabled' };

  it('every auth.admin.oauth call answers 404 feature_disabled "OAuth server is disabled", as GoTrue', async () => {
    const oauth = emulator.admin().auth.admin.oauth;
    const id = '11111111-1111-4111-8111-111111111111';
    const answers = {
      listClients: (await oauth.listClients()).error,
      createClient: (await oauth.createClient({ client_name: 'x', redirect_uris: ['https://x.example.com/cb'] })).error,
      getClient: (await oauth.getClient(id)).error,
      updateClient: (await oauth.updateClient(id, { client_name: 'y' })).error,
      deleteClient: (await oauth.deleteClient(id)).error,
      regenerateClientSecret: (await oauth.regenerateClientSecret(id)).error,
    };
    for (const [call, error] of Object.entries(answers)) {
      expect({ call, error }).toEqual({ call, error: expect.objectContaining(disabled) });
    }
  });

  it('checks the admin token first: a user token answers 403 not_admin', async () => {
    const { error } = await emulator.client().auth.admin.oauth.listClients();
    expect(error).toMatchObject({ status: 403, code: 'not_admin' });
  });

  it('its discovery document and /oauth endpoints answer 404 feature_disabled instead of "No auth endpoint"', async () => {
    const paths = [
      '/.well-known/oauth-authorization-server',
      '/.well-known/openid-configuration',
      '/oauth/authorize?client_id=x',
      '/oauth/userinfo',
      '/user/oauth/grants',
    ];
    for (const path of paths) {
      const response = await fetch(`${emulator.apiUrl}/auth/v1${path}`, {
        headers: { apikey: ANON_KEY, 'x-supabase-api-version': '2024-01-01' },
      });
      expect({ path, status: response.status, body: await response.json() }).toEqual({
        path,
        status: 404,
        body: { code: 'feature_disabled', message: 'OAuth server is disabled' },
      });
    }
  });
});
