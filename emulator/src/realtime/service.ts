// The Realtime service (`/realtime/v1`): the Phoenix websocket at
// `/realtime/v1/websocket?apikey=…&vsn=2.0.0` (docs/compatibility.md#realtime-framing) on the `ws`
// library, the REST broadcast endpoints, and the postgres_changes feed.
import { STATUS_CODES, type IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { Hono } from 'hono';
import { WebSocketServer } from 'ws';
import { maskBody } from '../observability/masking.js';
import type { RequestLog } from '../observability/request-log.js';
import { describeLimit } from '../http/body-limit.js';
import type { GatewayEnv } from '../http/gateway-env.js';
import type { ServiceFactory } from '../http/service.js';
import { effectiveBearer } from '../keys.js';
import { verifyAccessToken } from './access-token.js';
import { RealtimeAuthorizer } from './authorization.js';
import { MAX_PAYLOAD_BYTES, type ChannelDeps, type JoinRecord } from './socket/channel.js';
import { CLOSE_CODES, isRealtimeError, MESSAGES } from './errors.js';
import { TopicHub } from './hub.js';
import { livenessPeriodMs, livenessVerdict } from './socket/liveness.js';
import { changeVerdict, channelViews } from './monitoring.js';
import { ChangeFeed } from './postgres-changes/feed.js';
import { SubscriptionRegistry } from './postgres-changes/subscriptions.js';
import { SUPPORTED_VSN, type Vsn } from './socket/protocol.js';
import { broadcastRoutes } from './routes/broadcast.js';
import { RealtimeSocket } from './socket/socket.js';

export const REALTIME_MOUNT = '/realtime/v1';
const WEBSOCKET_PATH = /^\/realtime\/v1\/websocket\/?$/;
/** What may wait in one socket's send buffer before the client counts as a slow consumer. */
const MAX_BUFFERED_BYTES = 8 * 1024 * 1024;

function refuseUpgrade(socket: Duplex, status: number, message: string): void {
  const body = JSON.stringify({ message });
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\n` +
      'Content-Type: application/json\r\n' +
      `Content-Length: ${Buffer.byteLength(body)}\r\n` +
      'Connection: close\r\n\r\n' +
      body,
  );
}

/** A channel join, as the console's request log shows it beside HTTP requests. */
function recordJoin(requests: RequestLog, join: JoinRecord): void {
  const payload = JSON.stringify(join.payload ?? {});
  requests.record({
    time: new Date(Date.now() - join.durationMs).toISOString(),
    service: 'realtime',
    method: 'JOIN',
    path: join.topic,
    query: '',
    role: typeof join.claims.role === 'string' ? join.claims.role : 'anon',
    user: typeof join.claims.sub === 'string' ? join.claims.sub : null,
    email: typeof join.claims.email === 'string' ? join.claims.email : null,
    status: join.refusal === null ? 200 : 403,
    durationMs: Math.round(join.durationMs * 10) / 10,
    rows: null,
    requestHeaders: {},
    requestBody: { text: maskBody(payload, 'application/json'), note: null },
    responseHeaders: {},
    responseBody: { text: JSON.stringify({ status: join.refusal === null ? 'ok' : 'error', reason: join.refusal ?? undefined }, null, 2), note: null },
    claims: join.claims,
    rawQuery: '',
  });
}

export const realtimeService: ServiceFactory = async (context) => {
  const { config, db, keys } = context;
  const warn = (line: string) => console.warn(line);
  const hub = new TopicHub();
  const registry = new SubscriptionRegistry();
  const feed = new ChangeFeed(db, registry, warn, (change, outcomes) =>
    context.realtimeMonitor.recordChange(changeVerdict(hub, change, outcomes)),
  );
  context.realtimeMonitor.attach(() => channelViews(hub));
  await feed.start();
  const authorizer = new RealtimeAuthorizer(db);
  const deps: ChannelDeps = { db, keys, hub, authorizer, registry, feed, warn, recordJoin: (join) => recordJoin(context.requests, join) };
  const sockets = new Set<RealtimeSocket>();
  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: MAX_PAYLOAD_BYTES + 64 * 1024,
    perMessageDeflate: false,
  });

  // A client gone without a word (its network dropped) is noticed within heartbeat_timeout.
  const heartbeatTimeoutMs = config.realtime.heartbeat_timeout * 1000;
  const livenessPeriod = livenessPeriodMs(heartbeatTimeoutMs);
  let lastCheck = Date.now();
  const livenessCheck = setInterval(() => {
    const now = Date.now();
    const lateBy = now - lastCheck - livenessPeriod;
    lastCheck = now;
    for (const socket of sockets) {
      const verdict = livenessVerdict(socket, now, heartbeatTimeoutMs, lateBy);
      if (verdict === 'ping') socket.ping();
      else if (verdict === 'close') {
        socket.close(CLOSE_CODES.idle, `no heartbeat for ${config.realtime.heartbeat_timeout} s`);
      }
    }
  }, livenessPeriod);
  livenessCheck.unref();

  const app = new Hono<GatewayEnv>();
  if (!config.realtime.enabled) {
    app.all('*', (c) => c.json({ message: MESSAGES.disabled }, 503));
  } else {
    app.route('/', broadcastRoutes({ keys, hub, authorizer }));
    app.get('/websocket', (c) =>
      c.json(
        {
          message: `This endpoint speaks websocket: connect to ws://…${REALTIME_MOUNT}/websocket?apikey=<key>&vsn=2.0.0`,
        },
        400,
      ),
    );
  }

  async function accept(
    request: IncomingMessage,
    socket: Duplex,
    head: Buffer,
    url: URL,
  ): Promise<void> {
    const vsn = (url.searchParams.get('vsn') ?? '1.0.0') as Vsn;
    if (!SUPPORTED_VSN.includes(vsn)) {
      return refuseUpgrade(socket, 400, `vsn ${vsn} is not supported (use 1.0.0 or 2.0.0)`);
    }
    const header = request.headers.apikey;
    const apikey = url.searchParams.get('apikey') ?? (typeof header === 'string' ? header : null);
    const token = effectiveBearer(null, apikey, keys.apiKeys);
    if (!token)
      return refuseUpgrade(socket, 403, 'Add the project key as ?apikey=… to the websocket URL');
    try {
      await verifyAccessToken(keys, token);
    } catch (error) {
      if (isRealtimeError(error))
        return refuseUpgrade(socket, 403, `The apikey was refused: ${error.reason}`);
      throw error;
    }
    if (socket.destroyed) return;
    wss.handleUpgrade(request, socket, head, (ws) => {
      const realtimeSocket = new RealtimeSocket(
        ws,
        vsn,
        token,
        deps,
        { maxBufferedBytes: MAX_BUFFERED_BYTES },
        (gone) => sockets.delete(gone),
      );
      sockets.add(realtimeSocket);
    });
  }

  return {
    mount: REALTIME_MOUNT,
    app,
    // REST broadcast bodies; errors there are `{message}` as Realtime's JSON API answers.
    bodyLimit: {
      bytesFor: () => config.api.max_request_body_size,
      tooLarge: (c, limit) =>
        c.json({ message: `Request body is larger than ${describeLimit(limit)}` }, 413),
    },
    upgrade(request, socket, head) {
      const url = new URL(request.url ?? '/', 'http://emulator');
      if (!WEBSOCKET_PATH.test(url.pathname)) return false;
      socket.on('error', () => undefined);
      if (!config.realtime.enabled) {
        refuseUpgrade(socket, 503, MESSAGES.disabled);
        return true;
      }
      accept(request, socket, head, url).catch((error: unknown) => {
        warn(`realtime: websocket upgrade failed: ${(error as Error).stack ?? String(error)}`);
        if (!socket.destroyed)
          refuseUpgrade(socket, 500, 'The realtime service could not accept the connection');
      });
      return true;
    },
    async close() {
      clearInterval(livenessCheck);
      for (const socket of [...sockets])
        socket.close(CLOSE_CODES.goingAway, 'the emulator is shutting down');
      await new Promise<void>((resolve) => wss.close(() => resolve()));
      await feed.stop();
    },
  };
};
