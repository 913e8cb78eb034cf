// Realtime's REST broadcast endpoints (docs/compatibility.md#realtime-rest-broadcast): the batch
// `POST /api/broadcast` that `send()` falls back to before a channel is joined, and the
// single `POST /api/broadcast/{topic}/events/{event}` behind `httpSend()`. Both answer 202.
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { GatewayEnv } from '../../http/gateway-env.js';
import { readJsonBody } from '../../http/json-body.js';
import type { Keys } from '../../keys.js';
import { verifyAccessToken, type VerifiedToken } from '../access-token.js';
import type { RealtimeAuthorizer } from '../authorization.js';
import { MAX_PAYLOAD_BYTES } from '../socket/channel.js';
import { isRealtimeApiError, isRealtimeError, MESSAGES, realtimeBodyErrors } from '../errors.js';
import { broadcastSize, topicKey, type Broadcast, type TopicHub } from '../hub.js';

export interface BroadcastRouteDeps {
  keys: Keys;
  hub: TopicHub;
  authorizer: RealtimeAuthorizer;
}

const batchSchema = z.object({
  messages: z
    .array(
      z.object({
        topic: z.string().min(1, 'topic can not be blank'),
        event: z.string().min(1, 'event can not be blank'),
        payload: z.unknown(),
        private: z.boolean().optional(),
      }),
    )
    .min(1, 'messages can not be empty'),
});

type RealtimeContext = Context<GatewayEnv>;

/** The caller's verified token, or the 401 Realtime answers. */
async function authenticate(c: RealtimeContext, keys: Keys): Promise<VerifiedToken | Response> {
  const bearer = c.get('bearer');
  if (!bearer)
    return c.json(
      { message: 'Unauthorized: send the project key as `apikey` (or a user JWT as Bearer)' },
      401,
    );
  try {
    return await verifyAccessToken(keys, bearer);
  } catch (error) {
    if (isRealtimeError(error)) return c.json({ message: error.reason }, 401);
    throw error;
  }
}

export function broadcastRoutes({ keys, hub, authorizer }: BroadcastRouteDeps): Hono<GatewayEnv> {
  const app = new Hono<GatewayEnv>();

  app.post('/api/broadcast', async (c) => {
    const token = await authenticate(c, keys);
    if (token instanceof Response) return token;
    const { messages } = await readJsonBody(c, batchSchema, realtimeBodyErrors);
    const outgoing: { key: string; broadcast: Broadcast }[] = [];
    for (const [i, message] of messages.entries()) {
      const broadcast: Broadcast = {
        event: message.event,
        body: { kind: 'value', value: message.payload },
      };
      if (broadcastSize(broadcast) > MAX_PAYLOAD_BYTES) {
        return c.json({ message: `messages.${i}.payload: ${MESSAGES.payloadTooLarge}` }, 422);
      }
      outgoing.push({ key: topicKey(message.topic, message.private === true), broadcast });
    }
    // Private messages go out only where the caller's policies allow writing; like Realtime,
    // the others are dropped without failing the batch.
    const allowed = new Map<string, boolean>();
    for (const [i, { key, broadcast }] of outgoing.entries()) {
      const message = messages[i]!;
      if (message.private) {
        let may = allowed.get(message.topic);
        if (may === undefined) {
          may = await authorizer.canWrite(
            { claims: token.claims, topic: message.topic },
            'broadcast',
          );
          allowed.set(message.topic, may);
        }
        if (!may) continue;
      }
      hub.broadcast(key, broadcast);
    }
    return c.body(null, 202);
  });

  app.post('/api/broadcast/:topic/events/:event', async (c) => {
    const token = await authenticate(c, keys);
    if (token instanceof Response) return token;
    const topic = c.req.param('topic');
    const event = c.req.param('event');
    const isPrivate = c.req.query('private') === 'true';
    const contentType = (c.req.header('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
    if (contentType !== 'application/json' && contentType !== 'application/octet-stream') {
      return c.json(
        { message: 'Content-Type must be application/json or application/octet-stream' },
        415,
      );
    }
    const bytes = new Uint8Array(await c.req.arrayBuffer());
    if (bytes.byteLength > MAX_PAYLOAD_BYTES)
      return c.json({ message: MESSAGES.payloadTooLarge }, 422);
    if (contentType === 'application/json') {
      try {
        JSON.parse(Buffer.from(bytes).toString('utf8'));
      } catch {
        return c.json({ message: 'The request body is not valid JSON' }, 400);
      }
    }
    if (isPrivate && !(await authorizer.canWrite({ claims: token.claims, topic }, 'broadcast'))) {
      return c.json({ message: `Unauthorized: ${MESSAGES.cannotWrite(topic)}` }, 401);
    }
    hub.broadcast(topicKey(topic, isPrivate), {
      event,
      body:
        contentType === 'application/json'
          ? { kind: 'json-bytes', bytes }
          : { kind: 'binary', bytes },
    });
    return c.body(null, 202);
  });

  app.onError((error, c) => {
    if (isRealtimeApiError(error)) return c.json(error.body(), error.status as 400);
    throw error;
  });

  return app;
}
