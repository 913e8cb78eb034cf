// One client websocket (a Phoenix socket): decodes frames, answers heartbeats, routes
// messages to its channels in arrival order, and bounds what waits to be sent: a client
// that does not read is disconnected instead of making the process buffer without end.
import type { WebSocket, RawData } from 'ws';
import { ChannelSession, type ChannelDeps, type ChannelHost } from './channel.js';
import { CLOSE_CODES, MESSAGES, RealtimeError } from '../errors.js';
import type { LivenessWatch } from './liveness.js';
import {
  decodeFrame,
  encodeMessage,
  FrameError,
  type PhoenixMessage,
  type UserBroadcastPush,
  type Vsn,
} from './protocol.js';

/** Realtime's default `max_channels_per_client`. */
export const MAX_CHANNELS_PER_SOCKET = 100;

export interface SocketLimits {
  /** Bytes allowed to wait in the send buffer before the client counts as too slow. */
  maxBufferedBytes: number;
}

function toBuffer(data: RawData): Buffer {
  if (Buffer.isBuffer(data)) return data;
  if (Array.isArray(data)) return Buffer.concat(data);
  return Buffer.from(data);
}

export class RealtimeSocket implements ChannelHost, LivenessWatch {
  private readonly channels = new Map<string, ChannelSession>();
  private inbox: Promise<void> = Promise.resolve();
  private closing = false;
  /** Last frame or pong from the client (ms); the service closes sockets silent for too long. */
  lastSeen = Date.now();
  pinged = false;

  constructor(
    private readonly ws: WebSocket,
    readonly vsn: Vsn,
    readonly connectToken: string,
    private readonly deps: ChannelDeps,
    private readonly limits: SocketLimits,
    private readonly onGone: (socket: RealtimeSocket) => void,
  ) {
    ws.on('message', (data, isBinary) => this.receive(toBuffer(data), isBinary));
    ws.on('pong', () => this.heard());
    ws.on('close', () => this.teardown());
    ws.on('error', (error) => {
      deps.warn(`realtime: websocket error: ${error.message}`);
      this.teardown();
    });
  }

  get channelCount(): number {
    return this.channels.size;
  }

  send(frame: string | Buffer): void {
    if (this.closing || this.ws.readyState !== this.ws.OPEN) return;
    if (this.ws.bufferedAmount > this.limits.maxBufferedBytes) {
      this.close(
        CLOSE_CODES.policyViolation,
        `slow consumer: over ${Math.round(this.limits.maxBufferedBytes / 1024)} KiB waiting to be sent`,
      );
      return;
    }
    this.ws.send(frame, { binary: typeof frame !== 'string' });
  }

  /** A websocket ping: the client's network stack answers it, whatever its heartbeat pace. */
  ping(): void {
    if (this.closing || this.ws.readyState !== this.ws.OPEN) return;
    this.pinged = true;
    this.ws.ping();
  }

  push(message: PhoenixMessage): void {
    this.send(encodeMessage(message, this.vsn));
  }

  channelClosed(channel: ChannelSession): void {
    if (this.channels.get(channel.topic) === channel) this.channels.delete(channel.topic);
  }

  /**
   * Queues a close frame with the reason; a slow client reads it after what is already
   * buffered (`ws` cuts the connection if the close handshake does not finish in 30 s).
   */
  close(code: number, reason: string): void {
    if (this.closing) return;
    this.teardown();
    this.ws.close(code, reason);
  }

  private heard(): void {
    this.lastSeen = Date.now();
    this.pinged = false;
  }

  private receive(data: Buffer, isBinary: boolean): void {
    this.heard();
    let frame;
    try {
      frame = decodeFrame(data, isBinary, this.vsn);
    } catch (error) {
      if (!(error instanceof FrameError)) throw error;
      // Phoenix drops a socket that sends what it cannot decode; say why in the close frame.
      this.close(CLOSE_CODES.invalidPayload, `invalid frame: ${error.message}`.slice(0, 120));
      return;
    }
    if (
      frame.kind === 'message' &&
      frame.message.topic === 'phoenix' &&
      frame.message.event === 'heartbeat'
    ) {
      this.push({
        joinRef: null,
        ref: frame.message.ref,
        topic: 'phoenix',
        event: 'phx_reply',
        payload: { status: 'ok', response: {} },
      });
      return;
    }
    this.inbox = this.inbox
      .then(() =>
        frame.kind === 'message' ? this.route(frame.message) : this.routeBroadcast(frame.push),
      )
      .catch((error: unknown) => {
        this.deps.warn(
          `realtime: message handling failed: ${(error as Error).stack ?? String(error)}`,
        );
      });
  }

  private async route(message: PhoenixMessage): Promise<void> {
    if (this.closing) return;
    if (message.event === 'phx_join') return this.join(message);
    const channel = this.channels.get(message.topic);
    if (!channel) {
      // Phoenix's answer to a push for a topic this socket has not joined.
      this.push({
        joinRef: message.joinRef,
        ref: message.ref,
        topic: message.topic,
        event: 'phx_reply',
        payload: { status: 'error', response: { reason: MESSAGES.unmatchedTopic } },
      });
      return;
    }
    try {
      await channel.handle(message);
    } catch (error) {
      // A crash of one channel is reported to its client as phx_error (it then rejoins).
      this.deps.warn(
        `realtime: channel ${message.topic} failed: ${(error as Error).stack ?? String(error)}`,
      );
      this.push({
        joinRef: channel.joinRef,
        ref: channel.joinRef,
        topic: channel.topic,
        event: 'phx_error',
        payload: {},
      });
      channel.teardown();
    }
  }

  private async routeBroadcast(push: UserBroadcastPush): Promise<void> {
    if (this.closing) return;
    const channel = this.channels.get(push.topic);
    if (!channel) return;
    await channel.handleBinaryBroadcast(push);
  }

  private async join(message: PhoenixMessage): Promise<void> {
    const refuse = (reason: string) =>
      this.push({
        joinRef: message.joinRef,
        ref: message.ref,
        topic: message.topic,
        event: 'phx_reply',
        payload: { status: 'error', response: { reason } },
      });
    if (!message.topic.startsWith('realtime:')) return refuse(MESSAGES.unmatchedTopic);
    // Joining a topic twice replaces the first join, as Phoenix does (it closes the old one).
    const existing = this.channels.get(message.topic);
    if (existing) {
      this.push({
        joinRef: existing.joinRef,
        ref: existing.joinRef,
        topic: existing.topic,
        event: 'phx_close',
        payload: {},
      });
      existing.teardown();
    }
    if (this.channels.size >= MAX_CHANNELS_PER_SOCKET) {
      return refuse(new RealtimeError('ChannelRateLimitReached', MESSAGES.tooManyChannels).reason);
    }
    const channel = new ChannelSession(
      this,
      this.deps,
      message.topic,
      message.joinRef ?? message.ref,
    );
    this.channels.set(message.topic, channel);
    const started = performance.now();
    const joined = await channel.join(message.ref, message.payload);
    this.deps.recordJoin?.({
      topic: message.topic,
      payload: message.payload,
      claims: channel.claims(),
      refusal: joined ? null : (channel.refusal ?? 'closed while joining'),
      durationMs: performance.now() - started,
    });
    if (!joined) this.channelClosed(channel);
  }

  /** The connection is gone: every channel leaves (their presences leave with them). */
  private teardown(): void {
    if (this.closing) return;
    this.closing = true;
    for (const channel of [...this.channels.values()]) channel.teardown();
    this.channels.clear();
    this.onGone(this);
  }
}
