// What a server does with bytes Node's HTTP parser refuses. Node's own answer writes a status
// line and destroys the connection at once; whatever the client is still sending then makes the
// kernel reset the connection, and a reset can throw the answer away before the client reads it.
// The common case is harmless bytes after a complete request: a body with no length after
// `Connection: close` (Node's own client sends an OPTIONS or GET body so). The request is being
// answered when the parser refuses what follows it, and Node's empty 400 overtook that answer.
// Here the answer stands and the bytes after it are read and dropped; a refused request gets
// Node's status line, and its connection closes once the client is done sending.
import type { Server } from 'node:http';
import type { Duplex } from 'node:stream';

/** How long a connection closed after a refusal keeps reading what the client still sends. */
const LINGER_MS = 2_000;

/** Node's own statuses for what its parser refuses (anything else is a 400). */
const STATUS: Readonly<Record<string, string>> = {
  HPE_HEADER_OVERFLOW: '431 Request Header Fields Too Large',
  HPE_CHUNK_EXTENSIONS_OVERFLOW: '413 Payload Too Large',
  ERR_HTTP_REQUEST_TIMEOUT: '408 Request Timeout',
};

/** The socket's response in progress, as Node's own handler checks it before writing a refusal. */
function answerStarted(socket: Duplex): boolean {
  const pending = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } | null })._httpMessage;
  return Boolean(pending?.headersSent);
}

export function answerClientErrors(server: Server): void {
  const handled = new WeakSet<Duplex>();
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    if (handled.has(socket)) return;
    handled.add(socket);
    // Whatever else arrives is read and dropped: closing with unread bytes would reset the connection.
    socket.on('data', () => undefined);
    // Bytes after a request that closes the connection: its answer is on the way, and the server
    // closes the connection after it.
    if (error.code === 'HPE_CLOSED_CONNECTION') return;
    if (!socket.writable || answerStarted(socket)) {
      socket.destroy();
      return;
    }
    // No body, as Node writes it: the parser may not have read the method, and an answer to a HEAD
    // carries none (a client reads a body there as garbage after the answer).
    socket.end(`HTTP/1.1 ${STATUS[error.code ?? ''] ?? '400 Bad Request'}\r\nConnection: close\r\n\r\n`);
    // Closed once the client has closed its side too, or after a while.
    socket.once('end', () => socket.destroy());
    setTimeout(() => socket.destroy(), LINGER_MS).unref();
  });
}
