// The portal's own functions (supabase/functions) on a real emulator, called as the remotes
// will call them: through supabase-js, signed in or not.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { FunctionsHttpError } from '@supabase/supabase-js';
import { ANON_KEY, startTestEmulator, type TestEmulator } from '../../test/harness.js';

const PROJECT_SUPABASE = path.resolve(__dirname, '../../../supabase');

/** supabase/functions and config.toml as the harness' `files` (no migrations or seed needed). */
function projectFunctionFiles(): Record<string, string> {
  const files: Record<string, string> = {};
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else files[path.relative(PROJECT_SUPABASE, full)] = readFileSync(full, 'utf8');
    }
  };
  walk(path.join(PROJECT_SUPABASE, 'functions'));
  files['config.toml'] = readFileSync(path.join(PROJECT_SUPABASE, 'config.toml'), 'utf8');
  return files;
}

async function errorBody(error: unknown): Promise<{ code: string; message: string }> {
  expect(error).toBeInstanceOf(FunctionsHttpError);
  return (await (error as FunctionsHttpError).context.json()) as { code: string; message: string };
}

async function readEvents(
  response: Response,
): Promise<{ event: string; data: Record<string, unknown> }[]> {
  const text = await response.text();
  return text
    .split('\n\n')
    .filter(Boolean)
    .map((block) => {
      const event = /^event: (.*)$/m.exec(block)?.[1] ?? '';
      const data = JSON.parse(/^data: (.*)$/m.exec(block)?.[1] ?? 'null') as Record<
        string,
        unknown
      >;
      return { event, data };
    });
}

const dot = (a: number[], b: number[]) => a.reduce((sum, value, i) => sum + value * b[i]!, 0);

describe("the project's functions", () => {
  let emulator: TestEmulator;

  // Kept so that afterAll stops the emulator even when starting it outlived beforeAll's timeout.
  let starting: Promise<TestEmulator> | undefined;

  beforeAll(async () => {
    starting = startTestEmulator({ files: projectFunctionFiles() });
    emulator = await starting;
  }, 180_000);

  afterAll(async () => {
    await (await starting?.catch(() => undefined))?.stop();
  }, 180_000);

  describe('hello', () => {
    it('greets anyone, without a JWT (verify_jwt = false)', async () => {
      const response = await fetch(`${emulator.apiUrl}/functions/v1/hello?name=Ada`);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ message: 'Hello, Ada!', at: expect.any(String) });
    });

    it('takes the name from a JSON body, and the world by default', async () => {
      const named = await emulator.client().functions.invoke('hello', { body: { name: 'Grace' } });
      expect(named.data.message).toBe('Hello, Grace!');
      const plain = await emulator.client().functions.invoke('hello');
      expect(plain.data.message).toBe('Hello, world!');
    });

    it('explains a bad name and an unsupported method', async () => {
      const bad = await emulator.client().functions.invoke('hello', { body: { name: 42 } });
      expect(bad.response?.status).toBe(400);
      expect(await errorBody(bad.error)).toEqual({
        code: 'invalid_name',
        message: 'name must be text of 1 to 100 characters.',
      });
      const put = await emulator.client().functions.invoke('hello', { method: 'PUT' });
      expect(put.response?.status).toBe(405);
      expect(put.response?.headers.get('allow')).toBe('GET, POST, OPTIONS');
    });
  });

  describe('echo', () => {
    it('reflects method, path, query, headers and a JSON body', async () => {
      const { data, error } = await emulator.client().functions.invoke('echo/items/7?sort=asc', {
        method: 'PATCH',
        body: { done: true },
        headers: { 'x-trace': 'abc' },
      });
      expect(error).toBeNull();
      expect(data).toMatchObject({
        method: 'PATCH',
        path: '/echo/items/7',
        query: { sort: 'asc' },
        body: { done: true },
      });
      expect(data.headers).toMatchObject({
        'x-trace': 'abc',
        authorization: `Bearer ${ANON_KEY}`,
        apikey: ANON_KEY,
      });
    });

    it('reflects text, form and binary bodies', async () => {
      const text = await emulator.client().functions.invoke('echo', { body: 'hello there' });
      expect(text.data.body).toBe('hello there');
      const form = new FormData();
      form.append('title', 'Report');
      form.append('file', new Blob(['12345'], { type: 'text/csv' }), 'data.csv');
      const formed = await emulator.client().functions.invoke('echo', { body: form });
      expect(formed.data.body).toEqual({
        title: 'Report',
        file: { name: 'data.csv', type: 'text/csv', size: 5 },
      });
      const binary = await emulator
        .client()
        .functions.invoke('echo', { body: new Uint8Array([0, 255, 16]).buffer });
      expect(binary.data.body).toEqual({ base64: 'AP8Q', size: 3 });
      const none = await emulator.client().functions.invoke('echo', { method: 'GET' });
      expect(none.data.body).toBeNull();
    });

    it('needs a JWT', async () => {
      const response = await fetch(`${emulator.apiUrl}/functions/v1/echo`);
      expect(response.status).toBe(401);
    });
  });

  describe('slow', () => {
    it('streams tick events and a closing done event', async () => {
      const { data, error } = await emulator
        .client()
        .functions.invoke('slow?count=3&interval=20', { method: 'GET' });
      expect(error).toBeNull();
      expect(data).toBeInstanceOf(Response);
      expect((data as Response).headers.get('content-type')).toBe('text/event-stream');
      const events = await readEvents(data as Response);
      expect(events.map((e) => e.event)).toEqual(['tick', 'tick', 'tick', 'done']);
      expect(events.slice(0, 3).map((e) => e.data.n)).toEqual([1, 2, 3]);
      expect(events[3]!.data).toEqual({ count: 3 });
    });

    it('accepts its pace as JSON and refuses out-of-range values', async () => {
      const { data } = await emulator
        .client()
        .functions.invoke('slow', { body: { count: 1, interval: 0 } });
      expect((await readEvents(data as Response)).map((e) => e.event)).toEqual(['tick', 'done']);
      const bad = await emulator.client().functions.invoke('slow?count=1000', { method: 'GET' });
      expect(bad.response?.status).toBe(400);
      expect((await errorBody(bad.error)).code).toBe('invalid_count');
    });
  });

  describe('embed', () => {
    it('describes its model', async () => {
      const { data } = await emulator.client().functions.invoke('embed', { method: 'GET' });
      expect(data).toEqual({ model: 'gte-small', dimension: 384 });
    });

    it('gives the same unit-length vector for the same text', async () => {
      const first = await emulator
        .client()
        .functions.invoke('embed', { body: { input: 'Refunds take five days.' } });
      const second = await emulator
        .client()
        .functions.invoke('embed', { body: { input: 'Refunds take five days.' } });
      const [vector] = first.data.embeddings as number[][];
      expect(first.data.model).toBe('gte-small');
      expect(vector).toHaveLength(384);
      expect(dot(vector!, vector!)).toBeCloseTo(1, 6);
      expect(second.data.embeddings[0]).toEqual(vector);
    });

    it('puts texts that share words closer than texts that do not', async () => {
      const { data } = await emulator.client().functions.invoke('embed', {
        body: {
          input: [
            'How do I get a refund for my order?',
            'refund my order please',
            'The weather in Lisbon is sunny',
          ],
        },
      });
      const [question, close, far] = data.embeddings as number[][];
      expect(dot(question!, close!)).toBeGreaterThan(dot(question!, far!));
    });

    it.each([
      ['no input', {}, /input/],
      ['an empty text', { input: '' }, /at least one letter or digit/],
      ['an empty list', { input: [] }, /at least one text/],
      ['a text over 20 000 characters', { input: 'x'.repeat(20_001) }, /at most 20000 characters/],
    ])('refuses %s with a 400 naming the problem', async (_label, body, message) => {
      const { error, response } = await emulator.client().functions.invoke('embed', { body });
      expect(response?.status).toBe(400);
      const problem = await errorBody(error);
      expect(problem.code).toBe('invalid_request');
      expect(problem.message).toMatch(message);
    });

    it('refuses a body that is not JSON', async () => {
      const { error, response } = await emulator
        .client()
        .functions.invoke('embed', { body: 'plain text' });
      expect(response?.status).toBe(415);
      expect((await errorBody(error)).code).toBe('unsupported_media_type');
    });
  });
});
