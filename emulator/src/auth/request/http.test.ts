import { Hono } from 'hono';
import { z } from 'zod';
import type { GatewayEnv } from '../../http/gateway-env.js';
import { MAX_BODY_BYTES, parseBody, readJsonObject, route } from './http.js';

// GoTrue's answers to a bad JSON body, as supabase-js sees them (status and body, API version
// 2024-01-01), through the same route wrapper every auth route has.
const schema = z.object({
  email: z.string().nullish(),
  data: z.record(z.string(), z.unknown()).nullish(),
  code: z.string().length(6).nullish(),
});

const app = new Hono<GatewayEnv>();
app.post(
  '/parsed',
  route(() => undefined, async (c) => c.json(await parseBody(c, schema))),
);
app.post(
  '/object',
  route(() => undefined, async (c) => c.json(await readJsonObject(c))),
);

async function answer(path: string, body: string, headers: Record<string, string> = {}): Promise<{ status: number; body: unknown }> {
  const response = await app.request(path, { method: 'POST', body, headers: { 'content-type': 'application/json', 'x-supabase-api-version': '2024-01-01', ...headers } });
  return { status: response.status, body: await response.json() };
}

const badJson = (message: string) => ({ status: 400, body: { code: 'bad_json', message: `Could not parse request body as JSON: ${message}` } });

describe('auth request bodies', () => {
  it('returns the body as the schema reads it, and any JSON object when there is no schema', async () => {
    expect(await answer('/parsed', '{"email":"a@example.com","extra":1}')).toEqual({ status: 200, body: { email: 'a@example.com' } });
    expect(await answer('/object', '{"a":[1,{"b":null}]}')).toEqual({ status: 200, body: { a: [1, { b: null }] } });
  });

  it('answers an empty body, text that is not JSON and JSON that is not an object with bad_json', async () => {
    expect(await answer('/parsed', ' \n')).toEqual(badJson('the body is empty, send a JSON object.'));
    expect(await answer('/object', '')).toEqual(badJson('the body is empty, send a JSON object.'));
    let reason = '';
    try {
      JSON.parse('{"email": ');
    } catch (error) {
      reason = (error as Error).message;
    }
    expect(await answer('/parsed', '{"email": ')).toEqual(badJson(reason));
    for (const notAnObject of ['[1,2]', '"text"', '42', 'null']) {
      expect(await answer('/parsed', notAnObject)).toEqual(badJson('expected a JSON object.'));
      expect(await answer('/object', notAnObject)).toEqual(badJson('expected a JSON object.'));
    }
  });

  it('names the first field of a wrong type as GoTrue does (must be a string / an object)', async () => {
    expect(await answer('/parsed', '{"email":42,"data":1}')).toEqual(badJson('field "email" must be a string.'));
    expect(await answer('/parsed', '{"data":[1]}')).toEqual(badJson('field "data" must be an object.'));
    expect(await answer('/parsed', '{"code":"12"}')).toEqual(
      badJson(`field "code": ${schema.shape.code.safeParse('12').error!.issues[0]!.message}.`),
    );
  });

  it('refuses a NUL character in a value or a key, naming where, before the schema checks types', async () => {
    const nul = (where: string) => ({
      status: 400,
      body: { code: 'validation_failed', message: `${where} contains a NUL character (\\u0000), which cannot be stored.` },
    });
    expect(await answer('/parsed', JSON.stringify({ email: 'a\u0000b' }))).toEqual(nul('field "email"'));
    expect(await answer('/parsed', JSON.stringify({ data: { list: ['ok', 'x\u0000'] }, email: 1 }))).toEqual(nul('field "data.list.1"'));
    expect(await answer('/object', JSON.stringify({ data: { 'k\u0000': 1 } }))).toEqual(nul('a key in field "data"'));
  });

  it('turns a lone surrogate into U+FFFD and keeps a __proto__ key as an own key', async () => {
    expect(await answer('/parsed', '{"email":"a\\ud800b"}')).toEqual({ status: 200, body: { email: 'a\ufffdb' } });
    const kept = await answer('/object', '{"__proto__":{"polluted":true}}');
    expect(kept).toEqual({ status: 200, body: JSON.parse('{"__proto__":{"polluted":true}}') });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('refuses a body over the limit with 413 request_too_large, by its declared length or its size', async () => {
    const tooLarge = { status: 413, body: { code: 'request_too_large', message: `The request body is larger than ${MAX_BODY_BYTES} bytes.` } };
    expect(await answer('/parsed', '{}', { 'content-length': String(MAX_BODY_BYTES + 1) })).toEqual(tooLarge);
    // Too large even when it is not JSON: the size is checked first.
    expect(await answer('/parsed', `{"email":"${'x'.repeat(MAX_BODY_BYTES)}`)).toEqual(tooLarge);
  });
});
