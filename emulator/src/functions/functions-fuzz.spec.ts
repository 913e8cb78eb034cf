// Hostile input over the functions relay through HTTP: function paths (traversal, bad
// percent-encoding, NUL, overlong names, sub-paths), headers (authorization, content type,
// region, content length) and bodies (JSON, raw bytes, multipart), against functions that
// answer whatever they get without failing themselves. So every 5xx would be the relay's:
// every answer must be the function's or a relay refusal — never a 5xx — and the relay keeps
// serving afterwards.
import { ANON_KEY, SERVICE_ROLE_KEY, startTestEmulator, type TestEmulator } from '../../test/harness.js';
import { fuzzRequests, send, type FuzzRequest } from '../../test/http-fuzz.js';

const CASES = 1500;
const F = '/functions/v1';

const ECHO = `
  Deno.serve(async (req: Request) => {
    const body = new Uint8Array(await req.arrayBuffer());
    const url = new URL(req.url);
    return Response.json({ method: req.method, path: url.pathname, query: url.search, bytes: body.length, type: req.headers.get('content-type') });
  });`;

const FIXTURES: Record<string, string> = {
  'functions/echo/index.ts': ECHO,
  'functions/open/index.ts': ECHO,
};

const CONFIG = `
[functions.open]
verify_jwt = false
`;

describe('functions relay on hostile input', () => {
  jest.setTimeout(300_000);
  let emulator: TestEmulator;
  let starting: Promise<TestEmulator> | undefined;
  let user: Record<string, string>;

  beforeAll(async () => {
    starting = startTestEmulator({ configToml: CONFIG, files: FIXTURES });
    emulator = await starting;
    const { data, error } = await emulator.client().auth.signUp({ email: 'functions-fuzz@example.com', password: 'fuzz-password-1' });
    if (error) throw error;
    user = { apikey: ANON_KEY, authorization: `Bearer ${data.session!.access_token}` };
  }, 180_000);

  afterAll(async () => {
    await (await starting?.catch(() => undefined))?.stop();
  }, 60_000);

  function templates(): FuzzRequest[] {
    const anon = { apikey: ANON_KEY, authorization: `Bearer ${ANON_KEY}` };
    const service = { apikey: SERVICE_ROLE_KEY, authorization: `Bearer ${SERVICE_ROLE_KEY}` };
    return [
      { method: 'POST', path: `${F}/echo`, headers: anon, body: { kind: 'json', value: { name: 'world', list: [1, 2] } } },
      { method: 'POST', path: `${F}/echo/sub/path`, query: { q: '1' }, headers: user, body: { kind: 'raw', bytes: Buffer.from('raw text') } },
      { method: 'PUT', path: `${F}/open`, headers: { 'content-type': 'application/octet-stream' }, body: { kind: 'raw', bytes: Buffer.alloc(64, 7) } },
      {
        method: 'POST',
        path: `${F}/open`,
        headers: { 'x-region': 'us-east-1' },
        body: { kind: 'multipart', parts: [{ name: 'file', value: 'contents', filename: 'a.txt', contentType: 'text/plain' }, { name: 'note', value: 'n' }] },
      },
      { method: 'GET', path: `${F}/echo`, query: { a: 'b' }, headers: { ...anon, 'x-client-info': 'supabase-js/2' } },
      { method: 'DELETE', path: `${F}/open/items/1`, headers: {} },
      { method: 'PATCH', path: `${F}/echo`, headers: service, body: { kind: 'json', value: [1, 'two', null] } },
      { method: 'OPTIONS', path: `${F}/echo`, headers: { origin: 'http://127.0.0.1:3000', 'access-control-request-method': 'POST' } },
      { method: 'GET', path: `${F}/`, headers: anon },
      { method: 'GET', path: `${F}/_logs/echo`, query: { limit: '5' }, headers: service },
      { method: 'POST', path: `${F}/missing-function`, headers: anon, body: { kind: 'json', value: {} } },
    ];
  }

  it(`answers ${CASES} mutated relay requests without a 5xx`, async () => {
    const failures = await fuzzRequests(emulator.apiUrl, {
      seed: 20261203,
      cases: CASES,
      templates: templates(),
      headerNames: ['authorization', 'apikey', 'content-type', 'x-region', 'accept', 'origin', 'x-client-info'],
      label: 'functions',
    });
    expect(failures).toEqual([]);
    const answer = await send(emulator.apiUrl, { method: 'POST', path: `${F}/open`, body: { kind: 'json', value: { still: 'here' } } });
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({ method: 'POST', bytes: 16 });
  });
});
