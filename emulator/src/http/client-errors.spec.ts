// Bytes Node's HTTP parser refuses: the request before them keeps its answer, a refused request
// gets Node's status, and neither connection is reset under the client.
import { request } from 'node:http';
import { startTestEmulator, type TestEmulator } from '../../test/harness.js';

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/**
 * One request on a connection of its own (`Connection: close`), with the body written as given;
 * `rawPath` is sent byte for byte (a URL would percent-encode it).
 */
function send(url: string, method: string, headers: Record<string, string>, body?: Buffer, rawPath?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, agent: false, headers, ...(rawPath ? { path: rawPath } : {}) }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe('requests the HTTP parser refuses part of', () => {
  jest.setTimeout(120_000);
  let emulator: TestEmulator;

  beforeAll(async () => {
    emulator = await startTestEmulator();
  }, 120_000);

  afterAll(async () => {
    await emulator?.stop();
  });

  it('answers a request followed by bytes it cannot parse (a body with no length after Connection: close) with the service\'s own answer', async () => {
    // Node's client sends an OPTIONS or GET body with neither a length nor chunks, so the body is
    // bytes after a complete request; Node's own handling answered an empty 400 and reset the rest.
    const body = Buffer.alloc(20_000, 1);
    const preflight = { origin: 'http://127.0.0.1:3000', 'access-control-request-method': 'POST' };
    for (let i = 0; i < 40; i++) {
      const answer = await send(`${emulator.apiUrl}/functions/v1/echo?${'q=1&'.repeat(2000)}`, 'OPTIONS', preflight, body);
      expect({ status: answer.status, allowOrigin: answer.headers['access-control-allow-origin'] }).toEqual({ status: 204, allowOrigin: 'http://127.0.0.1:3000' });
    }
    const health = await send(`${emulator.apiUrl}/auth/v1/health`, 'GET', {}, body);
    expect(health.status).toBe(200);
    expect(JSON.parse(health.body)).toMatchObject({ name: 'GoTrue' });
  });

  it('refuses headers over Node\'s limit with 431 as Node does (no body: the method may be HEAD), and keeps serving', async () => {
    const answer = await send(`${emulator.apiUrl}/auth/v1/health`, 'GET', { 'x-big': 'a'.repeat(20_000) });
    expect({ status: answer.status, body: answer.body }).toEqual({ status: 431, body: '' });
    // A HEAD the parser refuses (a byte no URL may hold) reads as one answer with no body.
    const refusedHead = await send(emulator.apiUrl, 'HEAD', {}, undefined, '/storage/v1/\u00ff/a');
    expect({ status: refusedHead.status, body: refusedHead.body }).toEqual({ status: 400, body: '' });
    await expect(send(`${emulator.apiUrl}/auth/v1/health`, 'GET', {}).then((a) => a.status)).resolves.toBe(200);
  });
});
