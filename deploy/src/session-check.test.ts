import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createChunks, stringToBase64URL } from '@supabase/ssr';
import { sessionCheck } from './session-check.js';

// The emulator's well-known anon key (any well-formed key will do: no request reaches an auth server here).
const ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';

let server: Server;
let closedPort: number;

/** Serves the session check on a free port; `supabaseUrl` points at a port nothing listens on. */
beforeAll(async () => {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  closedPort = (probe.address() as AddressInfo).port;
  await new Promise((resolve) => probe.close(resolve));
  const handler = sessionCheck({ supabaseUrl: `http://127.0.0.1:${closedPort}`, supabaseAnonKey: ANON_KEY });
  server = createServer((req, res) => void handler(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
});

afterAll(() => new Promise((resolve) => server.close(resolve)));

const ask = (cookie?: string) => fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/session`, { headers: cookie ? { cookie } : {} });

/** The session cookie as the portal's browser client writes it, for a session that is still valid. */
function sessionCookie(): string {
  const session = { access_token: 'header.payload.signature', refresh_token: 'r-1', token_type: 'bearer', expires_in: 3600, expires_at: Math.floor(Date.now() / 1000) + 3600, user: { id: 'u-1' } };
  const name = `sb-127-auth-token`;
  return createChunks(name, `base64-${stringToBase64URL(JSON.stringify(session))}`)
    .map((chunk) => `${chunk.name}=${chunk.value}`)
    .join('; ');
}

describe('the session check', () => {
  it('answers 401 when the request carries no session', async () => {
    const response = await ask();
    expect(response.status).toBe(401);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    await expect(response.json()).resolves.toMatchObject({ code: 'no_session' });
  });

  it('answers 503 auth_unavailable, not "nobody signed in", when the auth server cannot be reached', async () => {
    const response = await ask(sessionCookie());
    expect(response.status).toBe(503);
    await expect(response.json()).resolves.toMatchObject({ code: 'auth_unavailable', message: expect.stringContaining('could not tell who is signed in') });
  });
});
