// The functions relay against a real emulator process, through the official client: how
// functions are loaded, invoked, isolated, timed out, streamed and protected by verify_jwt.
import { writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import {
  FunctionRegion,
  FunctionsFetchError,
  FunctionsHttpError,
  FunctionsRelayError,
} from '@supabase/supabase-js';
import { SignJWT } from 'jose';
import {
  ANON_KEY,
  JWT_SECRET,
  PUBLISHABLE_KEY,
  startTestEmulator,
  type TestEmulator,
} from '../../test/harness.js';

const TIMEOUT_MS = 2000;

const FIXTURES: Record<string, string> = {
  'functions/probe/index.ts': `
    // Answers with what it received.
    //
    // Second paragraph, not part of the description.
    Deno.serve(async (req: Request) => {
      const url = new URL(req.url);
      const type = url.searchParams.get('type');
      if (type === 'blob') return new Response(new Uint8Array([1, 2, 3]), { headers: { 'content-type': 'application/octet-stream' } });
      if (type === 'text') return new Response('plain words');
      if (type === 'status') return Response.json({ teapot: true }, { status: 418 });
      const body = req.body ? new Uint8Array(await req.arrayBuffer()) : null;
      return Response.json({
        method: req.method,
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        headers: Object.fromEntries(req.headers),
        bodyText: body ? new TextDecoder().decode(body) : null,
        bodyBytes: body ? body.length : null,
        env: {
          SUPABASE_URL: Deno.env.get('SUPABASE_URL'),
          SUPABASE_ANON_KEY: Deno.env.get('SUPABASE_ANON_KEY'),
          SUPABASE_SERVICE_ROLE_KEY: Deno.env.get('SUPABASE_SERVICE_ROLE_KEY'),
          GREETING: Deno.env.get('GREETING'),
          processGreeting: process.env.GREETING,
          leaked: Deno.env.get('PORTAL_EMULATOR_QUIET') ?? null,
        },
      });
    });`,
  'functions/public/index.ts': `Deno.serve(() => new Response('public v1'));`,
  'functions/disabled/index.ts': `Deno.serve(() => new Response('should not run'));`,
  'functions/.env': 'GREETING=hej\nSUPABASE_URL=http://not-the-emulator\n',
  'functions/_shared/shout.ts': `export const shout = (text: string) => text.toUpperCase() + '!';`,
  'functions/_shared/greeting.ts': `export const greet = (name: string) => 'hello ' + name;`,
  'functions/imports/deno.json': JSON.stringify({
    imports: { greeting: '../_shared/greeting.ts', 'lib/': '../_shared/' },
  }),
  'functions/imports/index.ts': `
    import "jsr:@supabase/functions-js/edge-runtime.d.ts";
    import { serve } from "https://deno.land/std@0.168.0/http/server.ts";
    import { createClient as fromNpm } from "npm:@supabase/supabase-js@2";
    import { createClient as fromJsr } from "jsr:@supabase/supabase-js@2";
    import { z } from "zod";
    import { greet } from "greeting";
    import { shout } from "lib/shout.ts";
    import { Buffer } from "node:buffer";
    serve(async () => {
      const client = fromNpm(Deno.env.get("SUPABASE_URL")!, Deno.env.get("SUPABASE_ANON_KEY")!);
      const { data, error } = await client.functions.invoke("public", { method: "GET" });
      return Response.json({
        sameClient: fromNpm === fromJsr,
        zod: z.string().parse("ok"),
        greet: greet("map"),
        shout: shout("relative"),
        base64: Buffer.from("hi").toString("base64"),
        callback: error ? String(error) : data,
      });
    });`,
  'functions/throws/index.ts': `Deno.serve(() => { throw new Error('deliberate failure'); });`,
  'functions/hangs/index.ts': `Deno.serve(() => new Promise<Response>(() => {}));`,
  'functions/spins/index.ts': `Deno.serve(() => { for (;;) {} });`,
  'functions/crashes/index.ts': `Deno.serve(() => { setTimeout(() => { throw new Error('async crash'); }); return new Promise<Response>(() => {}); });`,
  'functions/remote/index.ts': `import lodash from "https://esm.sh/lodash@4";\nDeno.serve(() => new Response(String(lodash)));`,
  'functions/missing-package/index.ts': `import x from "npm:left-pad-that-is-not-installed@1";\nDeno.serve(() => new Response(String(x)));`,
  'functions/no-serve/index.ts': `console.log('loaded, but serving nothing');`,
  'functions/top-level-throw/index.ts': `throw new Error('cannot start');`,
  'functions/stream/index.ts': `
    const encode = (text: string) => new TextEncoder().encode(text);
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    let sawAbort!: () => void;
    const aborted = new Promise<void>((resolve) => (sawAbort = resolve));
    Deno.serve(async (req: Request) => {
      const route = new URL(req.url).pathname.split('/')[2] ?? '';
      if (route === 'open') { open(); return new Response('opened'); }
      if (route === 'aborted') { await aborted; return new Response('the function saw the abort'); }
      const headers = { 'content-type': 'text/event-stream' };
      if (route === 'endless') {
        req.signal.addEventListener('abort', () => sawAbort());
        return new Response(new ReadableStream({ start(c) { c.enqueue(encode('data: first\\n\\n')); } }), { headers });
      }
      return new Response(new ReadableStream({
        async start(c) {
          c.enqueue(encode('data: one\\n\\n'));
          await gate;
          c.enqueue(encode('data: two\\n\\n'));
          c.close();
        },
      }), { headers });
    });`,
};

const CONFIG = `
[functions.public]
verify_jwt = false

[functions.disabled]
enabled = false
`;

async function relayBody(error: unknown): Promise<Record<string, unknown>> {
  return (await (error as FunctionsHttpError).context.json()) as Record<string, unknown>;
}

async function readChunk(reader: ReadableStreamDefaultReader<Uint8Array>): Promise<string> {
  const { value } = await reader.read();
  return new TextDecoder().decode(value);
}

describe('functions relay', () => {
  let emulator: TestEmulator;
  const fn = (name: string) => `${emulator.apiUrl}/functions/v1/${name}`;

  // Kept so that afterAll stops the emulator even when starting it outlived beforeAll's timeout.
  let starting: Promise<TestEmulator> | undefined;

  beforeAll(async () => {
    starting = startTestEmulator({
      configToml: CONFIG,
      files: FIXTURES,
      env: { PORTAL_FUNCTION_TIMEOUT_MS: String(TIMEOUT_MS) },
    });
    emulator = await starting;
  }, 180_000);

  afterAll(async () => {
    await (await starting?.catch(() => undefined))?.stop();
  }, 180_000);

  describe('invocation', () => {
    it('passes method, path, query, body and the caller headers through, with the region', async () => {
      const { data, error } = await emulator.client().functions.invoke('probe/deeper/path?x=1', {
        method: 'PUT',
        body: { hello: 'world' },
        headers: { 'x-custom': 'yes' },
        region: FunctionRegion.EuWest1,
      });
      expect(error).toBeNull();
      expect(data.method).toBe('PUT');
      expect(data.path).toBe('/probe/deeper/path');
      expect(data.query).toEqual({ x: '1', forceFunctionRegion: 'eu-west-1' });
      expect(JSON.parse(data.bodyText)).toEqual({ hello: 'world' });
      expect(data.headers).toMatchObject({
        authorization: `Bearer ${ANON_KEY}`,
        apikey: ANON_KEY,
        'content-type': 'application/json',
        'x-custom': 'yes',
        'x-region': 'eu-west-1',
      });
      expect(data.headers['x-client-info']).toMatch(/^supabase-js/);
    });

    it.each(['GET', 'POST', 'PATCH', 'DELETE'] as const)('supports %s', async (method) => {
      const { data, error } = await emulator.client().functions.invoke('probe', { method });
      expect(error).toBeNull();
      expect(data.method).toBe(method);
    });

    it('answers HEAD without a body, and CORS preflights without a JWT', async () => {
      const head = await fetch(fn('probe'), {
        method: 'HEAD',
        headers: { authorization: `Bearer ${ANON_KEY}` },
      });
      expect(head.status).toBe(200);
      expect(await head.text()).toBe('');
      const preflight = await fetch(fn('probe'), {
        method: 'OPTIONS',
        headers: { origin: 'http://127.0.0.1:3000', 'access-control-request-method': 'POST' },
      });
      expect(preflight.status).toBe(204);
      expect(preflight.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:3000');
    });

    it('sends text and binary bodies as the client encodes them', async () => {
      const text = await emulator.client().functions.invoke('probe', { body: 'just text' });
      expect(text.data.headers['content-type']).toBe('text/plain');
      expect(text.data.bodyText).toBe('just text');
      const binary = await emulator
        .client()
        .functions.invoke('probe', { body: new Blob([new Uint8Array(300)]) });
      expect(binary.data.headers['content-type']).toBe('application/octet-stream');
      expect(binary.data.bodyBytes).toBe(300);
    });

    it('returns response bodies the client parses by content type', async () => {
      const blob = await emulator.client().functions.invoke('probe?type=blob', { method: 'GET' });
      expect(blob.data).toBeInstanceOf(Blob);
      expect([...new Uint8Array(await (blob.data as Blob).arrayBuffer())]).toEqual([1, 2, 3]);
      const text = await emulator.client().functions.invoke('probe?type=text', { method: 'GET' });
      expect(text.data).toBe('plain words');
    });

    it("reports a function's own non-2xx answer as FunctionsHttpError", async () => {
      const { data, error, response } = await emulator
        .client()
        .functions.invoke('probe?type=status', { method: 'GET' });
      expect(data).toBeNull();
      expect(error).toBeInstanceOf(FunctionsHttpError);
      expect(response?.status).toBe(418);
      expect(await relayBody(error)).toEqual({ teapot: true });
    });

    it('gives functions the Supabase environment and functions/.env, and nothing of the emulator', async () => {
      const { data } = await emulator.client().functions.invoke('probe', { method: 'GET' });
      expect(data.env).toEqual({
        SUPABASE_URL: emulator.apiUrl,
        SUPABASE_ANON_KEY: ANON_KEY,
        SUPABASE_SERVICE_ROLE_KEY: expect.stringMatching(/^eyJ/),
        GREETING: 'hej',
        processGreeting: 'hej',
        leaked: null,
      });
    });

    it('resolves npm:, jsr:, bare, import-mapped, relative, node: and deno.land std imports offline', async () => {
      const { data, error } = await emulator
        .client()
        .functions.invoke('imports', { method: 'GET' });
      expect(error).toBeNull();
      expect(data).toEqual({
        sameClient: true,
        zod: 'ok',
        greet: 'hello map',
        shout: 'RELATIVE!',
        base64: 'aGk=',
        // The function reached the emulator again through SUPABASE_URL.
        callback: 'public v1',
      });
    });
  });

  describe('catalogue', () => {
    it('lists the functions with their settings and descriptions (an emulator extra)', async () => {
      const response = await fetch(`${emulator.apiUrl}/functions/v1/`);
      expect(response.status).toBe(200);
      const { functions } = (await response.json()) as {
        functions: {
          name: string;
          verify_jwt: boolean;
          description: string | null;
          entrypoint: string;
        }[];
      };
      const names = functions.map((f) => f.name);
      expect(names).toEqual(expect.arrayContaining(['probe', 'public', 'stream', 'imports']));
      expect(names).not.toContain('_shared');
      expect(names).not.toContain('disabled');
      expect(functions.find((f) => f.name === 'probe')).toEqual({
        name: 'probe',
        entrypoint: 'supabase/functions/probe/index.ts',
        verify_jwt: true,
        description: 'Answers with what it received.',
        url: fn('probe'),
        examples: [],
      });
      expect(functions.find((f) => f.name === 'public')?.verify_jwt).toBe(false);
    });

    it('answers 404 NOT_FOUND for unknown, disabled and malformed names', async () => {
      for (const name of ['nope', 'disabled', '_shared', 'bad.name', 'with space']) {
        const { error, response } = await emulator.client().functions.invoke(name);
        expect(error).toBeInstanceOf(FunctionsHttpError);
        expect(response?.status).toBe(404);
        expect(await relayBody(error)).toMatchObject({ code: 'NOT_FOUND' });
      }
    });
  });

  describe('verify_jwt', () => {
    const signed = (claims: Record<string, unknown>, secret = JWT_SECRET) =>
      new SignJWT(claims)
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .sign(new TextEncoder().encode(secret));

    it('accepts a user JWT signed with the project secret', async () => {
      const token = await signed({
        sub: 'a0000000-0000-4000-8000-000000000001',
        role: 'authenticated',
        exp: Math.floor(Date.now() / 1000) + 60,
      });
      const { data, error } = await emulator
        .client()
        .functions.invoke('probe', { headers: { Authorization: `Bearer ${token}` } });
      expect(error).toBeNull();
      expect(data.headers.authorization).toBe(`Bearer ${token}`);
    });

    it('answers 401 "Missing authorization header" without one', async () => {
      const response = await fetch(fn('probe'), { method: 'POST', headers: { apikey: ANON_KEY } });
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ msg: 'Missing authorization header' });
    });

    it('answers 401 "Invalid JWT" for a bad signature, an expired token or a publishable key', async () => {
      const forged = await signed(
        { role: 'service_role' },
        'another-secret-that-is-at-least-32-characters',
      );
      const expired = await signed({ role: 'anon', exp: Math.floor(Date.now() / 1000) - 10 });
      for (const token of [forged, expired]) {
        const { error, response } = await emulator
          .client()
          .functions.invoke('probe', { headers: { Authorization: `Bearer ${token}` } });
        expect(error).toBeInstanceOf(FunctionsHttpError);
        expect(response?.status).toBe(401);
        expect(await relayBody(error)).toEqual({ msg: 'Invalid JWT' });
      }
      // Wire contract §4: a publishable key is no JWT; functions called with it need verify_jwt = false.
      const { error, response } = await emulator.client(PUBLISHABLE_KEY).functions.invoke('probe');
      expect(error).toBeInstanceOf(FunctionsHttpError);
      expect(response?.status).toBe(401);
    });

    it('rejects an Authorization header that is not a bearer token', async () => {
      const response = await fetch(fn('probe'), {
        method: 'POST',
        headers: { authorization: 'Basic dXNlcjpwYXNz' },
      });
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ msg: "Auth header is not 'Bearer {token}'" });
    });

    it('lets anyone call a function with verify_jwt = false, even with a publishable key', async () => {
      const response = await fetch(fn('public'));
      expect(response.status).toBe(200);
      expect(await response.text()).toBe('public v1');
      const { data } = await emulator.client(PUBLISHABLE_KEY).functions.invoke('public');
      expect(data).toBe('public v1');
    });
  });

  describe('streaming', () => {
    it('delivers each chunk of a text/event-stream as the function writes it', async () => {
      const { data, error } = await emulator.client().functions.invoke('stream', { method: 'GET' });
      expect(error).toBeNull();
      // The client hands event streams over as the raw Response.
      const reader = (data as Response).body!.getReader();
      expect(await readChunk(reader)).toBe('data: one\n\n');
      // The function holds its second chunk until another request opens the gate: the first
      // chunk has therefore arrived while the response was still open.
      const { data: opened } = await emulator
        .client()
        .functions.invoke('stream/open', { method: 'GET' });
      expect(opened).toBe('opened');
      expect(await readChunk(reader)).toBe('data: two\n\n');
      expect((await reader.read()).done).toBe(true);
    });

    it('aborts the request signal inside the function when the caller goes away', async () => {
      const controller = new AbortController();
      const { data } = await emulator
        .client()
        .functions.invoke('stream/endless', { method: 'GET', signal: controller.signal });
      const reader = (data as Response).body!.getReader();
      expect(await readChunk(reader)).toBe('data: first\n\n');
      controller.abort();
      const { data: seen } = await emulator
        .client()
        .functions.invoke('stream/aborted', { method: 'GET' });
      expect(seen).toBe('the function saw the abort');
    });
  });

  describe('failures', () => {
    it('answers 500 WORKER_ERROR (FunctionsHttpError) when the handler throws', async () => {
      const { error, response } = await emulator.client().functions.invoke('throws');
      expect(error).toBeInstanceOf(FunctionsHttpError);
      expect(response?.status).toBe(500);
      expect(response?.headers.get('x-relay-error')).toBeNull();
      expect(await relayBody(error)).toEqual({
        code: 'WORKER_ERROR',
        message: 'Function exited due to an error (please check logs)',
      });
      expect(emulator.output.join('\n')).toMatch(/\[functions\/throws\].*deliberate failure/);
    });

    it('answers 504 (FunctionsRelayError) when a function never answers', async () => {
      const { error, response } = await emulator.client().functions.invoke('hangs');
      expect(error).toBeInstanceOf(FunctionsRelayError);
      expect(response?.status).toBe(504);
      expect(await relayBody(error)).toEqual({
        code: 'WORKER_TIMEOUT',
        message: `Function hangs did not finish within the ${TIMEOUT_MS / 1000} s wall-clock limit`,
      });
    });

    it('stops a function stuck in a loop while the emulator keeps serving', async () => {
      const spinning = emulator.client().functions.invoke('spins');
      // Answered while the spinning function occupies its own thread.
      const { data } = await emulator.client().functions.invoke('public');
      expect(data).toBe('public v1');
      const { error, response } = await spinning;
      expect(error).toBeInstanceOf(FunctionsRelayError);
      expect(response?.status).toBe(504);
      // A fresh worker serves the next call (and is stopped in turn).
      const again = await emulator.client().functions.invoke('spins');
      expect(again.response?.status).toBe(504);
    });

    it('answers a relay 500 when the worker crashes, and starts a new one for the next call', async () => {
      const { error, response } = await emulator.client().functions.invoke('crashes');
      expect(error).toBeInstanceOf(FunctionsRelayError);
      expect(response?.status).toBe(500);
      expect(await relayBody(error)).toMatchObject({
        code: 'WORKER_ERROR',
        message: expect.stringMatching(/async crash/),
      });
      const { error: second } = await emulator.client().functions.invoke('crashes');
      expect(second).toBeInstanceOf(FunctionsRelayError);
    });

    it('cuts a response stream that outlives the wall clock', async () => {
      const { data } = await emulator
        .client()
        .functions.invoke('stream/endless', { method: 'GET' });
      const reader = (data as Response).body!.getReader();
      expect(await readChunk(reader)).toBe('data: first\n\n');
      await expect(reader.read()).rejects.toThrow();
    });

    it.each([
      ['remote', /Cannot import https:\/\/esm\.sh\/lodash@4: the emulator works offline/],
      ['missing-package', /Cannot find the package "left-pad-that-is-not-installed"/],
      ['no-serve', /never called Deno\.serve/],
      ['top-level-throw', /threw while loading: Error: cannot start/],
    ])('answers 503 BOOT_ERROR (FunctionsRelayError) for %s, saying why', async (name, reason) => {
      const { error, response } = await emulator.client().functions.invoke(name);
      expect(error).toBeInstanceOf(FunctionsRelayError);
      expect(response?.status).toBe(503);
      const body = await relayBody(error);
      expect(body.code).toBe('BOOT_ERROR');
      expect(body.message).toMatch(reason);
    });

    it('never shows a network failure to the client for any of the above', async () => {
      for (const name of ['throws', 'remote', 'no-serve']) {
        const { error } = await emulator.client().functions.invoke(name);
        expect(error).not.toBeInstanceOf(FunctionsFetchError);
      }
    });
  });

  describe('reloading', () => {
    const write = (file: string, contents: string) => {
      const target = path.join(emulator.workdir, 'supabase', file);
      mkdirSync(path.dirname(target), { recursive: true });
      writeFileSync(target, contents);
    };

    it('serves the new code on the next call after a file changes', async () => {
      write('functions/reloads/index.ts', `Deno.serve(() => new Response('first'));`);
      expect((await emulator.client().functions.invoke('reloads')).data).toBe('first');
      write('functions/reloads/index.ts', `Deno.serve(() => new Response('second, and longer'));`);
      expect((await emulator.client().functions.invoke('reloads')).data).toBe('second, and longer');
    });

    it('notices changes to shared modules a function imports', async () => {
      write('functions/_shared/word.ts', `export const word = 'before';`);
      write(
        'functions/uses-shared/index.ts',
        `import { word } from '../_shared/word.ts';\nDeno.serve(() => new Response(word));`,
      );
      expect((await emulator.client().functions.invoke('uses-shared')).data).toBe('before');
      write('functions/_shared/word.ts', `export const word = 'after!';`);
      expect((await emulator.client().functions.invoke('uses-shared')).data).toBe('after!');
    });

    it('recovers once a function that failed to boot is fixed', async () => {
      write(
        'functions/fixable/index.ts',
        `import x from "https://example.com/x.ts";\nDeno.serve(() => new Response(x));`,
      );
      expect((await emulator.client().functions.invoke('fixable')).response?.status).toBe(503);
      write('functions/fixable/index.ts', `Deno.serve(() => new Response('fixed'));`);
      expect((await emulator.client().functions.invoke('fixable')).data).toBe('fixed');
    });
  });
});
