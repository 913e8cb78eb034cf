// One joined channel of one socket: its token and claims, its config (broadcast self/ack, presence
// key, private), its policies for private topics and its postgres_changes subscriptions. Message
// shapes follow Supabase Realtime's RealtimeChannel (docs/compatibility.md#realtime-messages).
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { JwtClaims, Keys } from '../../keys.js';
import { isApiKey, verifyAccessToken, type VerifiedToken } from '../access-token.js';
import type { RealtimeAuthorizer } from '../authorization.js';
import { isRealtimeError, MESSAGES, RealtimeError } from '../errors.js';
import { broadcastSize, topicKey, type Broadcast, type MemberDescription, type TopicHub, type TopicMember } from '../hub.js';
import type { ChangeFeed } from '../postgres-changes/feed.js';
import {
  validateBindings,
  type BindingReply,
  type ChangeData,
  type Subscription,
  type SubscriptionRegistry,
} from '../postgres-changes/subscriptions.js';
import type { PhoenixMessage, UserBroadcastPush, Vsn } from './protocol.js';
import type { Database } from '../../db/database.js';

/** Realtime's default tenant limit (`max_payload_size_in_kb` 3000). */
export const MAX_PAYLOAD_BYTES = 3000 * 1024;
/** The longest wait before a token is checked again (Realtime's confirm_token cap). */
const TOKEN_RECHECK_MAX_MS = 60 * 60 * 1000;

/** Everything channels share, built once by the service. */
export interface ChannelDeps {
  db: Database;
  keys: Keys;
  hub: TopicHub;
  authorizer: RealtimeAuthorizer;
  registry: SubscriptionRegistry;
  feed: ChangeFeed;
  warn: (line: string) => void;
  /** Tells the console's request log of each join and its answer. */
  recordJoin?: (join: JoinRecord) => void;
}

export interface JoinRecord {
  topic: string;
  payload: unknown;
  claims: JwtClaims;
  /** Null when the join was accepted; the reason sent to the client otherwise. */
  refusal: string | null;
  durationMs: number;
}

/** The socket a channel lives on. */
export interface ChannelHost {
  readonly vsn: Vsn;
  /** The JWT the socket connected with (its `apikey`, after the CLI's sb_ mapping). */
  readonly connectToken: string;
  send(frame: string | Buffer): void;
  push(message: PhoenixMessage): void;
  channelClosed(channel: ChannelSession): void;
}

const flag = z.boolean().nullish().catch(null);
const joinPayloadSchema = z
  .object({
    config: z
      .object({
        broadcast: z
          .object({
            self: flag,
            ack: flag,
            replay: z.unknown().optional(),
            replication_ready: flag,
          })
          .nullish()
          .catch(null),
        presence: z
          .object({ key: z.string().nullish().catch(null), enabled: flag })
          .nullish()
          .catch(null),
        postgres_changes: z.array(z.unknown()).nullish().catch(null),
        private: flag,
      })
      .nullish()
      .catch(null),
    access_token: z.string().nullish().catch(null),
    user_token: z.string().nullish().catch(null),
  })
  .catch({});

interface Policies {
  broadcastRead: boolean;
  presenceRead: boolean;
  /** Evaluated on the first send, then kept until the token changes. */
  broadcastWrite: boolean | null;
  presenceWrite: boolean | null;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export class ChannelSession implements TopicMember {
  readonly id = randomUUID();
  readonly subTopic: string;
  private key = '';
  private token: VerifiedToken | null = null;
  private isPrivate = false;
  private selfBroadcast = false;
  private ackBroadcast = false;
  private presenceKey = '';
  private presenceEnabled = false;
  private policies: Policies | null = null;
  private subscriptions: Subscription[] = [];
  private tokenTimer: NodeJS.Timeout | null = null;
  /** No more frames go out (refused, left, shut down or the socket closed). */
  private closed = false;
  private tornDown = false;

  constructor(
    private readonly host: ChannelHost,
    private readonly deps: ChannelDeps,
    readonly topic: string,
    readonly joinRef: string | null,
  ) {
    this.subTopic = topic.slice('realtime:'.length);
  }

  get vsn(): Vsn {
    return this.host.vsn;
  }

  /** Why the join was refused (as told to the client), once it was. */
  refusal: string | null = null;

  claims(): JwtClaims {
    return this.token?.claims ?? { role: 'anon' };
  }

  receivesBroadcasts(): boolean {
    return !this.closed && (this.policies ? this.policies.broadcastRead : true);
  }

  receivesPresence(): boolean {
    return (
      !this.closed && this.presenceEnabled && (this.policies ? this.policies.presenceRead : true)
    );
  }

  send(frame: string | Buffer): void {
    if (!this.closed) this.host.send(frame);
  }

  describe(): MemberDescription {
    return {
      claims: this.claims(),
      isPrivate: this.isPrivate,
      presenceKey: this.presenceKey,
      postgresChanges: this.subscriptions.map(({ subscriber: _subscriber, ...spec }) => spec),
    };
  }

  private push(event: string, payload: unknown, withJoinRef = true): void {
    if (this.closed) return;
    this.host.push({
      joinRef: withJoinRef ? this.joinRef : null,
      ref: null,
      topic: this.topic,
      event,
      payload,
    });
  }

  private reply(ref: string | null, status: 'ok' | 'error', response: unknown): void {
    this.host.push({
      joinRef: this.joinRef,
      ref,
      topic: this.topic,
      event: 'phx_reply',
      payload: { status, response },
    });
  }

  private system(
    extension: 'system' | 'postgres_changes',
    status: 'ok' | 'error',
    message: string,
  ): void {
    this.push('system', { extension, status, message, channel: this.subTopic });
  }

  /**
   * Runs the join; replies ok (and returns true) or replies the error (and returns false).
   * Order of frames after an ok: the reply, presence_state, the postgres_changes `system`.
   */
  async join(ref: string | null, rawPayload: unknown): Promise<boolean> {
    const payload = joinPayloadSchema.parse(rawPayload ?? {});
    const config = payload.config ?? {};
    try {
      if (this.subTopic === '')
        throw new RealtimeError('TopicNameRequired', MESSAGES.topicRequired);
      this.isPrivate = config.private === true;
      this.selfBroadcast = config.broadcast?.self === true;
      this.ackBroadcast = config.broadcast?.ack === true;
      this.presenceKey = config.presence?.key || randomUUID();
      this.presenceEnabled = config.presence?.enabled === true;
      this.key = topicKey(this.subTopic, this.isPrivate);

      const offered = payload.access_token ?? payload.user_token ?? null;
      const rawToken = offered && !isApiKey(offered) ? offered : this.host.connectToken;
      this.token = await verifyAccessToken(this.deps.keys, rawToken);

      if (this.isPrivate) {
        const read = await this.deps.authorizer.readPolicies({
          claims: this.token.claims,
          topic: this.subTopic,
        });
        if (!read.broadcast && !read.presence) {
          throw new RealtimeError('Unauthorized', MESSAGES.cannotRead(this.subTopic));
        }
        this.policies = {
          broadcastRead: read.broadcast,
          presenceRead: read.presence,
          broadcastWrite: null,
          presenceWrite: null,
        };
      } else if (config.broadcast?.replay !== undefined && config.broadcast.replay !== null) {
        throw new RealtimeError('UnableToReplayMessages', MESSAGES.replayOnPublic);
      }

      const bindings = config.postgres_changes ?? [];
      let reply: BindingReply[] = [];
      let subscriptionError: string | null = null;
      if (bindings.length > 0) {
        await this.deps.feed.syncTriggers();
        const validation = await validateBindings(this.deps.db, bindings);
        reply = validation.reply;
        subscriptionError = validation.error;
        this.subscriptions = validation.specs.map((spec) => ({
          ...spec,
          subscriber: this.changeSubscriber,
        }));
      }
      if (this.closed) return false;

      this.deps.hub.subscribe(this.key, this);
      this.deps.registry.add(this.subscriptions);
      this.scheduleTokenCheck();
      this.reply(ref, 'ok', { postgres_changes: reply });
      if (this.receivesPresence())
        this.push('presence_state', this.deps.hub.presence(this.key).state());
      if (bindings.length > 0) {
        if (subscriptionError) this.system('postgres_changes', 'error', subscriptionError);
        else this.system('postgres_changes', 'ok', MESSAGES.subscribed);
      }
      // Capture is in-process and always ready, so the opt-in readiness signal comes at once.
      if (config.broadcast?.replication_ready === true)
        this.system('system', 'ok', MESSAGES.replicationReady);
      return true;
    } catch (error) {
      this.closed = true;
      if (isRealtimeError(error)) {
        this.refusal = error.reason;
        this.reply(ref, 'error', { reason: error.reason });
      } else {
        this.deps.warn(
          `realtime: joining ${this.topic} failed: ${(error as Error).stack ?? String(error)}`,
        );
        this.refusal = 'UnknownErrorOnChannel: Unknown Error on Channel';
        this.reply(ref, 'error', { reason: this.refusal });
      }
      return false;
    }
  }

  /** A message for this channel from its client. */
  async handle(message: PhoenixMessage): Promise<void> {
    switch (message.event) {
      case 'broadcast':
        return this.handleJsonBroadcast(message);
      case 'presence':
        return this.handlePresence(message);
      case 'access_token':
        return this.handleAccessToken(message.payload);
      case 'phx_leave':
        this.reply(message.ref, 'ok', {});
        this.push('phx_close', {});
        this.teardown();
        return;
      default:
        // Realtime ignores events it does not know (it only logs them).
        return;
    }
  }

  private async handleJsonBroadcast(message: PhoenixMessage): Promise<void> {
    const payload = message.payload;
    if (!isPlainObject(payload) || typeof payload.event !== 'string') {
      if (this.ackBroadcast) {
        this.reply(message.ref, 'error', {
          reason: 'a broadcast payload is {type: "broadcast", event, payload}',
        });
      }
      return;
    }
    await this.sendBroadcast(message.ref, {
      event: payload.event,
      body: { kind: 'value', value: payload.payload },
    });
  }

  /** A kind-3 binary broadcast push for this channel. */
  async handleBinaryBroadcast(push: UserBroadcastPush): Promise<void> {
    await this.sendBroadcast(push.ref, {
      event: push.event,
      body:
        push.encoding === 'json'
          ? { kind: 'json-bytes', bytes: push.payload }
          : { kind: 'binary', bytes: push.payload },
    });
  }

  private async sendBroadcast(ref: string | null, broadcast: Broadcast): Promise<void> {
    if (this.policies) {
      this.policies.broadcastWrite ??= await this.deps.authorizer.canWrite(
        { claims: this.claims(), topic: this.subTopic },
        'broadcast',
      );
      if (!this.policies.broadcastWrite) {
        // Supabase drops it silently (an ack never comes); a clear error is kinder.
        if (this.ackBroadcast)
          this.reply(ref, 'error', {
            reason: `Unauthorized: ${MESSAGES.cannotWrite(this.subTopic)}`,
          });
        return;
      }
    }
    if (broadcastSize(broadcast) > MAX_PAYLOAD_BYTES) {
      if (this.ackBroadcast)
        this.reply(ref, 'error', { reason: `PayloadTooLarge: ${MESSAGES.payloadTooLarge}` });
      return;
    }
    if (this.closed) return;
    this.deps.hub.broadcast(this.key, broadcast, this.selfBroadcast ? undefined : this);
    if (this.ackBroadcast) this.reply(ref, 'ok', {});
  }

  private async handlePresence(message: PhoenixMessage): Promise<void> {
    const payload = isPlainObject(message.payload) ? message.payload : {};
    const event = typeof payload.event === 'string' ? payload.event.toLowerCase() : '';
    const room = this.deps.hub.presence(this.key);
    if (event === 'track') {
      const meta = payload.payload === undefined ? {} : payload.payload;
      if (!isPlainObject(meta)) {
        this.reply(message.ref, 'error', { reason: MESSAGES.presencePayload });
        return;
      }
      if (this.policies) {
        this.policies.presenceWrite ??= await this.deps.authorizer.canWrite(
          { claims: this.claims(), topic: this.subTopic },
          'presence',
        );
        if (!this.policies.presenceWrite) {
          this.reply(message.ref, 'error', {
            reason: `Unauthorized: ${MESSAGES.cannotWrite(this.subTopic)}`,
          });
          return;
        }
      }
      if (this.closed) return;
      const wasEnabled = this.presenceEnabled;
      this.presenceEnabled = true;
      const diff = room.track(this.id, this.presenceKey, meta);
      if (diff) this.deps.hub.sendPresenceDiff(this.key, diff);
      this.reply(message.ref, 'ok', {});
      // Tracking is what turned presence on: this client never got the state (as Realtime does).
      if (!wasEnabled && this.receivesPresence()) this.push('presence_state', room.state());
      return;
    }
    if (event === 'untrack') {
      const diff = room.untrack(this.id);
      if (diff) this.deps.hub.sendPresenceDiff(this.key, diff);
      this.reply(message.ref, 'ok', {});
      return;
    }
    this.reply(message.ref, 'error', {
      reason: `unknown presence event "${event}" (use track or untrack)`,
    });
  }

  private async handleAccessToken(payload: unknown): Promise<void> {
    const next = isPlainObject(payload) ? payload.access_token : null;
    if (typeof next !== 'string' || isApiKey(next) || next === this.token?.token) return;
    let verified: VerifiedToken;
    try {
      verified = await verifyAccessToken(this.deps.keys, next);
    } catch (error) {
      if (!isRealtimeError(error)) throw error;
      return this.shutdown(error.message);
    }
    const previous = this.policies;
    this.token = verified;
    if (previous) {
      const read = await this.deps.authorizer.readPolicies({
        claims: verified.claims,
        topic: this.subTopic,
      });
      if (
        (previous.broadcastRead && !read.broadcast) ||
        (previous.presenceRead && !read.presence)
      ) {
        return this.shutdown(MESSAGES.readRevoked(this.subTopic));
      }
      this.policies = {
        broadcastRead: read.broadcast,
        presenceRead: read.presence,
        broadcastWrite: null,
        presenceWrite: null,
      };
    }
    this.scheduleTokenCheck();
  }

  /** Realtime re-checks the token when it expires (capped at an hour) and closes the channel then. */
  private scheduleTokenCheck(): void {
    if (this.tokenTimer) clearTimeout(this.tokenTimer);
    if (!this.token) return;
    const due = Math.min(this.token.exp * 1000 - Date.now(), TOKEN_RECHECK_MAX_MS);
    this.tokenTimer = setTimeout(() => void this.recheckToken(), Math.max(0, due) + 1);
    this.tokenTimer.unref();
  }

  private async recheckToken(): Promise<void> {
    if (this.closed || !this.token) return;
    try {
      await verifyAccessToken(this.deps.keys, this.token.token);
      this.scheduleTokenCheck();
    } catch (error) {
      if (!isRealtimeError(error)) throw error;
      this.shutdown(error.message);
    }
  }

  /** Closes a live channel the way Realtime does: a `system` error, then `phx_close`. */
  shutdown(message: string): void {
    if (this.closed) return;
    this.system('system', 'error', message);
    this.host.push({
      joinRef: this.joinRef,
      ref: this.joinRef,
      topic: this.topic,
      event: 'phx_close',
      payload: {},
    });
    this.teardown();
  }

  /** Frees everything; presences tracked here leave (others get the diff). */
  teardown(): void {
    if (this.tornDown) return;
    this.tornDown = true;
    this.closed = true;
    if (this.tokenTimer) clearTimeout(this.tokenTimer);
    this.tokenTimer = null;
    this.deps.registry.remove(this.subscriptions);
    this.subscriptions = [];
    this.deps.hub.unsubscribe(this.key, this);
    this.host.channelClosed(this);
  }

  private readonly changeSubscriber = {
    id: this.id,
    claims: () => this.claims(),
    deliverChange: (ids: number[], data: ChangeData) => {
      this.push('postgres_changes', { ids, data }, false);
    },
  };
}
