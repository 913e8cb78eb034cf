// The API listens before its services are mounted (they need its port), and for those seconds a
// server without listeners answers nothing: Node hands an upgrade with no 'upgrade' listener to
// 'request' (`shouldUpgradeCallback`), and with no 'request' listener either the connection stays
// open, unanswered. A page reconnecting to a restarting emulator opened its realtime socket in
// that window and waited on it for good (the browser has no handshake timeout, nor does
// realtime-js), so it never came back. Until the services are in, this answers at once: 503 for a
// request, a refused upgrade, and the client tries again as it would against a stopped server.
import type { IncomingMessage, RequestListener, Server } from 'node:http';
import type { Duplex } from 'node:stream';

export type UpgradeListener = (request: IncomingMessage, socket: Duplex, head: Buffer) => void;

const STARTING = JSON.stringify({ message: 'The emulator is starting; try again in a moment.' });

/** Listens on `server` now; `ready` hands the requests and upgrades to the real handlers. */
export function answerWhileStarting(server: Server): { ready(onRequest: RequestListener, onUpgrade: UpgradeListener): void } {
  let onRequest: RequestListener | null = null;
  let onUpgrade: UpgradeListener | null = null;
  server.on('request', (request, response) => {
    if (onRequest) return onRequest(request, response);
    response.writeHead(503, { 'content-type': 'application/json', 'retry-after': '1', connection: 'close' }).end(STARTING);
  });
  server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    if (onUpgrade) return onUpgrade(request, socket, head);
    socket.end('HTTP/1.1 503 Service Unavailable\r\nRetry-After: 1\r\nContent-Length: 0\r\nConnection: close\r\n\r\n');
  });
  return {
    ready(request, upgrade) {
      onRequest = request;
      onUpgrade = upgrade;
    },
  };
}
