// Topics of the process: who is subscribed, their presence, and broadcast fan-out. A
// message is encoded once per protocol version and the same frame goes to every receiver,
// as Realtime's MessageDispatcher caches encodings per serializer.
import { encodeMessage, encodeUserBroadcast, type Vsn } from './socket/protocol.js';
import { PresenceRoom, type PresenceDiff, type PresenceMap } from './presence.js';
import type { SubscriptionSpec } from './postgres-changes/subscriptions.js';

/** What a broadcast carries, kept in the form it arrived in so it is re-encoded only when needed. */
export type BroadcastBody =
  /** A JSON value (text frames, the REST batch endpoint): sent as a JSON text frame. */
  | { kind: 'value'; value: unknown }
  /** JSON text bytes (kind-3 JSON pushes, REST JSON): forwarded as kind 4 with JSON encoding. */
  | { kind: 'json-bytes'; bytes: Uint8Array }
  /** Opaque bytes (kind-3 binary pushes, REST octet-stream): kind 4 with binary encoding. */
  | { kind: 'binary'; bytes: Uint8Array };

export interface Broadcast {
  event: string;
  body: BroadcastBody;
}

/** What the console shows of a member: who it runs as and what it listens to. */
export interface MemberDescription {
  claims: Record<string, unknown>;
  isPrivate: boolean;
  presenceKey: string;
  postgresChanges: SubscriptionSpec[];
}

export interface TopicMember {
  readonly id: string;
  /** `realtime:<sub topic>`, the topic the client joined. */
  readonly topic: string;
  readonly vsn: Vsn;
  /** False for a private channel whose policies do not allow reading broadcasts. */
  receivesBroadcasts(): boolean;
  receivesPresence(): boolean;
  send(frame: string | Buffer): void;
  describe(): MemberDescription;
}

/** Public and private channels of the same name are separate topics (Realtime's tenant_topic). */
export function topicKey(subTopic: string, isPrivate: boolean): string {
  return `${isPrivate ? 'private' : 'public'}:${subTopic}`;
}

function byteSize(body: BroadcastBody): number {
  return body.kind === 'value'
    ? Buffer.byteLength(JSON.stringify(body.value) ?? '')
    : body.bytes.byteLength;
}

export function broadcastSize(broadcast: Broadcast): number {
  return byteSize(broadcast.body);
}

/** One encoder per message: frames are built lazily and reused for every receiver. */
class BroadcastFrames {
  private readonly cache = new Map<Vsn, string | Buffer | null>();

  constructor(
    private readonly topic: string,
    private readonly broadcast: Broadcast,
  ) {}

  for(vsn: Vsn): string | Buffer | null {
    let frame = this.cache.get(vsn);
    if (frame === undefined) {
      frame = this.encode(vsn);
      this.cache.set(vsn, frame);
    }
    return frame;
  }

  private encode(vsn: Vsn): string | Buffer | null {
    const { event, body } = this.broadcast;
    if (vsn === '2.0.0' && body.kind !== 'value') {
      return encodeUserBroadcast({
        topic: this.topic,
        event,
        encoding: body.kind === 'json-bytes' ? 'json' : 'binary',
        payload: body.bytes,
      });
    }
    let value: unknown;
    if (body.kind === 'value') value = body.value;
    else if (body.kind === 'binary')
      return null; // vsn 1.0.0 cannot carry binary; Realtime skips such receivers.
    else {
      try {
        value = JSON.parse(Buffer.from(body.bytes).toString('utf8'));
      } catch {
        return null;
      }
    }
    return encodeMessage(
      {
        joinRef: null,
        ref: null,
        topic: this.topic,
        event: 'broadcast',
        payload: { type: 'broadcast', event, payload: value },
      },
      vsn,
    );
  }
}

class Topic {
  readonly members = new Set<TopicMember>();
  readonly presence = new PresenceRoom();
}

export class TopicHub {
  private readonly topics = new Map<string, Topic>();

  subscribe(key: string, member: TopicMember): void {
    let topic = this.topics.get(key);
    if (!topic) {
      topic = new Topic();
      this.topics.set(key, topic);
    }
    topic.members.add(member);
  }

  unsubscribe(key: string, member: TopicMember): void {
    const topic = this.topics.get(key);
    if (!topic) return;
    topic.members.delete(member);
    const diff = topic.presence.untrack(member.id);
    if (diff) this.sendPresenceDiff(key, diff);
    if (topic.members.size === 0 && topic.presence.size === 0) this.topics.delete(key);
  }

  presence(key: string): PresenceRoom {
    const topic = this.topics.get(key);
    if (!topic) throw new Error(`no topic ${key}`);
    return topic.presence;
  }

  /** Sends to every member that may read broadcasts; `except` is the sender when `self` is off. */
  broadcast(key: string, broadcast: Broadcast, except?: TopicMember): number {
    const topic = this.topics.get(key);
    if (!topic) return 0;
    const framesByTopic = new Map<string, BroadcastFrames>();
    let delivered = 0;
    for (const member of topic.members) {
      if (member === except || !member.receivesBroadcasts()) continue;
      let frames = framesByTopic.get(member.topic);
      if (!frames) {
        frames = new BroadcastFrames(member.topic, broadcast);
        framesByTopic.set(member.topic, frames);
      }
      const frame = frames.for(member.vsn);
      if (frame === null) continue;
      member.send(frame);
      delivered++;
    }
    return delivered;
  }

  /** presence_diff to every member with presence on, the tracker included (as Phoenix does). */
  sendPresenceDiff(key: string, diff: PresenceDiff): void {
    const topic = this.topics.get(key);
    if (!topic) return;
    const frames = new Map<string, string>();
    for (const member of topic.members) {
      if (!member.receivesPresence()) continue;
      const cacheKey = `${member.vsn} ${member.topic}`;
      let frame = frames.get(cacheKey);
      if (!frame) {
        frame = encodeMessage(
          { joinRef: null, ref: null, topic: member.topic, event: 'presence_diff', payload: diff },
          member.vsn,
        );
        frames.set(cacheKey, frame);
      }
      member.send(frame);
    }
  }

  /** Every topic with its members and presence state, for the console. */
  snapshot(): { key: string; members: TopicMember[]; presence: PresenceMap }[] {
    return [...this.topics].map(([key, topic]) => ({ key, members: [...topic.members], presence: topic.presence.state() }));
  }

  get topicCount(): number {
    return this.topics.size;
  }
}
