// The API and the mailbox answer only for the emulator's local names and configured ones, so a
// page on another name that resolves to 127.0.0.1 (DNS rebinding) cannot read them.
import { request } from 'node:http';
import { connect } from 'node:net';
import { ANON_KEY, startTestEmulator, type TestEmulator } from '../../test/harness.js';

/** A GET with a Host header of our choosing (fetch does not let a caller set it). */
function get(
  url: string,
  host: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { agent: false, headers: { ...headers, host } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('upgrade', (res, socket) => {
      socket.destroy();
      resolve({ status: res.statusCode ?? 0, body: '' });
    });
    req.on('error', reject);
    req.end();
  });
}

describe('Host header check (DNS rebinding)', () => {
  let emulator: TestEmulator;
  const port = (url: string) => new URL(url).port;

  beforeAll(async () => {
    emulator = await startTestEmulator({ env: { PORTAL_ALLOWED_HOSTS: 'dev.portal.test' } });
  }, 120_000);

  afterAll(() => emulator?.stop(), 60_000);

  it('refuses the API for another name with 403 and says how to allow it', async () => {
    const answer = await get(
      `${emulator.apiUrl}/auth/v1/health`,
      `rebind.example:${port(emulator.apiUrl)}`,
    );
    expect(answer.status).toBe(403);
    const { message } = JSON.parse(answer.body) as { message: string };
    expect(message).toContain('"rebind.example:');
    expect(message).toContain('PORTAL_ALLOWED_HOSTS');
  });

  it('refuses the mailbox for another name', async () => {
    const answer = await get(
      `${emulator.mailUrl}/api/v1/messages`,
      `rebind.example:${port(emulator.mailUrl)}`,
    );
    expect(answer.status).toBe(403);
    expect(answer.body).toContain('DNS rebinding');
    expect((await get(`${emulator.mailUrl}/`, 'rebind.example')).status).toBe(403);
  });

  it('refuses a websocket upgrade for another name', async () => {
    const answer = await get(
      `${emulator.apiUrl}/realtime/v1/websocket?apikey=${ANON_KEY}&vsn=1.0.0`,
      'rebind.example',
      {
        connection: 'Upgrade',
        upgrade: 'websocket',
        'sec-websocket-version': '13',
        'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==',
      },
    );
    expect(answer.status).toBe(403);
  });

  it('refuses a request without a Host header', async () => {
    for (const version of ['1.0', '1.1']) {
      const head = await new Promise<string>((resolve, reject) => {
        const socket = connect(Number(port(emulator.mailUrl)), '127.0.0.1', () =>
          socket.write(`GET /api/v1/messages HTTP/${version}\r\nConnection: close\r\n\r\n`),
        );
        let text = '';
        socket.setEncoding('utf8');
        socket.on('data', (chunk: string) => (text += chunk));
        socket.on('end', () => resolve(text));
        socket.on('error', reject);
      });
      expect(head).toMatch(/^HTTP\/1\.[01] (400|403) /);
    }
  });

  it('serves the local names it prints and the configured ones', async () => {
    for (const name of ['127.0.0.1', 'localhost', '[::1]', 'dev.portal.test']) {
      expect(
        (await get(`${emulator.apiUrl}/auth/v1/health`, `${name}:${port(emulator.apiUrl)}`)).status,
      ).toBe(200);
      expect(
        (await get(`${emulator.mailUrl}/api/v1/messages`, `${name}:${port(emulator.mailUrl)}`))
          .status,
      ).toBe(200);
    }
  });
});
