import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import WebSocket from 'ws';
import { answerWhileStarting } from './answer-while-starting.js';

let server: Server;
let url: string;

beforeEach(async () => {
  server = createServer();
  const starting = answerWhileStarting(server);
  (server as Server & { starting?: typeof starting }).starting = starting;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterEach(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

/** How a websocket handshake ends: opened, refused with a status, or nothing within a second. */
function handshake(): Promise<string> {
  return new Promise((resolve) => {
    const socket = new WebSocket(`ws://${url}/realtime/v1/websocket`);
    const timer = setTimeout(() => {
      socket.terminate();
      resolve('no answer');
    }, 1000);
    socket.on('open', () => {
      clearTimeout(timer);
      socket.close();
      resolve('open');
    });
    socket.on('unexpected-response', (_request, response) => {
      clearTimeout(timer);
      socket.terminate();
      resolve(`refused ${response.statusCode}`);
    });
    socket.on('error', () => undefined);
  });
}

describe('the API while its services start', () => {
  it('answers a request 503 and refuses an upgrade at once, then hands both to the services', async () => {
    const early = await fetch(`http://${url}/rest/v1/`, { signal: AbortSignal.timeout(1000) });
    expect(early.status).toBe(503);
    expect(early.headers.get('retry-after')).toBe('1');
    await expect(handshake()).resolves.toBe('refused 503');

    const { WebSocketServer } = await import('ws');
    const sockets = new WebSocketServer({ noServer: true });
    (server as Server & { starting: ReturnType<typeof answerWhileStarting> }).starting.ready(
      (_request, response) => response.end('ready'),
      (request, socket, head) => sockets.handleUpgrade(request, socket, head, (ws) => ws.on('message', () => undefined)),
    );
    await expect((await fetch(`http://${url}/rest/v1/`)).text()).resolves.toBe('ready');
    await expect(handshake()).resolves.toBe('open');
    sockets.close();
  });
});
