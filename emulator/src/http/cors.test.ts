import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import { Hono } from 'hono';
import { gatewayCors, withCorsHeaders } from './cors.js';

const EXPOSED = ['Content-Range', 'X-Total-Count'];

/** A gateway with CORS in front of answers that carry CORS-related headers of their own. */
function gateway(): Hono {
  const app = new Hono();
  app.use('*', gatewayCors(EXPOSED));
  app.get('/plain', () => new Response('{}', { headers: { 'Content-Type': 'application/json' } }));
  app.get('/varied', () => new Response('x', { headers: { Vary: 'Accept' } }));
  app.get(
    '/untyped',
    () => new Response(new Uint8Array([1, 2]), { headers: { 'X-Kind': 'bytes' } }),
  );
  app.get('/empty', () => new Response(null, { status: 201, headers: { 'X-Kind': 'none' } }));
  app.get('/own-origin', (c) => {
    c.header('Access-Control-Allow-Origin', 'https://elsewhere.test');
    c.header('access-control-expose-headers', 'X-Other');
    c.header('Content-Type', 'text/plain');
    return c.body('x');
  });
  app.get('/built', () => {
    const response = new Response(null, { status: 204 });
    response.headers.set('X-Total-Count', '3');
    return response;
  });
  app.get('/failing', () => {
    throw new Error('boom');
  });
  app.onError((_, c) => c.json({ message: 'failed' }, 500));
  return app;
}

/** The headers a response carries, without the ones Node adds to every answer. */
function headersOf(response: Response): Record<string, string> {
  const record: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    if (!['connection', 'content-length', 'date', 'keep-alive', 'transfer-encoding'].includes(name))
      record[name] = value;
  });
  return record;
}

describe('gateway CORS', () => {
  let server: Server;
  let url: string;
  const app = gateway();

  beforeAll(async () => {
    server = createServer(getRequestListener(app.fetch));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const cases: [path: string, origin: string | null][] = [
    ['/plain', 'http://127.0.0.1:3000'],
    ['/plain', null],
    ['/varied', 'http://localhost:5173'],
    ['/untyped', null],
    ['/empty', null],
    ['/own-origin', 'http://localhost:5173'],
    ['/built', null],
    ['/failing', 'http://localhost:5173'],
  ];

  it.each(cases)(
    'answers %s (Origin %s) with the same headers over HTTP as in process',
    async (path, origin) => {
      const init: RequestInit = { headers: origin ? { origin } : {} };
      const overHttp = await fetch(`${url}${path}`, init);
      const inProcess = await app.fetch(new Request(`http://127.0.0.1${path}`, init));
      const expected = headersOf(inProcess);
      // Over HTTP, @hono/node-server types an untyped body as text.
      if (inProcess.body !== null && !expected['content-type'])
        expected['content-type'] = 'text/plain; charset=UTF-8';
      expect(headersOf(overHttp)).toEqual(expected);
      expect(overHttp.status).toBe(inProcess.status);
      expect(overHttp.headers.get('access-control-allow-origin')).toBe(origin ?? '*');
      expect(overHttp.headers.get('access-control-allow-credentials')).toBe('true');
      expect(overHttp.headers.get('access-control-expose-headers')).toBe(
        'Content-Range,X-Total-Count',
      );
    },
  );

  it("joins Origin to an answer's Vary and replaces its own CORS headers", async () => {
    const varied = await fetch(`${url}/varied`, { headers: { origin: 'http://localhost:5173' } });
    expect(varied.headers.get('vary')).toBe('Accept, Origin');
    const own = await fetch(`${url}/own-origin`, { headers: { origin: 'http://localhost:5173' } });
    expect(own.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    expect(own.headers.get('access-control-expose-headers')).toBe('Content-Range,X-Total-Count');
  });

  it('answers a preflight with what it allows', async () => {
    const preflight = await fetch(`${url}/plain`, {
      method: 'OPTIONS',
      headers: { origin: 'http://localhost:5173', 'access-control-request-method': 'POST' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    expect(preflight.headers.get('access-control-max-age')).toBe('3600');
  });
});

describe('withCorsHeaders', () => {
  const cors = { origin: 'http://localhost:5173', exposed: 'Content-Range' };

  it('keeps the answer headers, replaces CORS headers of any case and joins Vary', () => {
    expect(
      withCorsHeaders(
        {
          'Content-Type': 'text/plain',
          'ACCESS-CONTROL-ALLOW-ORIGIN': '*',
          Vary: ['Accept', 'Prefer'],
        },
        cors,
      ),
    ).toEqual({
      'Content-Type': 'text/plain',
      'access-control-allow-origin': 'http://localhost:5173',
      'access-control-allow-credentials': 'true',
      'access-control-expose-headers': 'Content-Range',
      vary: 'Accept, Prefer, Origin',
    });
  });

  it('gives a head without headers only the CORS ones', () => {
    expect(withCorsHeaders(undefined, cors)).toEqual({
      'access-control-allow-origin': 'http://localhost:5173',
      'access-control-allow-credentials': 'true',
      'access-control-expose-headers': 'Content-Range',
      vary: 'Origin',
    });
  });
});
