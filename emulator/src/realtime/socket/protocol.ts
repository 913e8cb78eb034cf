// Phoenix framing as realtime-js speaks it (docs/compatibility.md#realtime-framing; the client's
// lib/serializer.ts). vsn 2.0.0: text frames are `[join_ref, ref, topic, event, payload]`,
// client broadcasts arrive as binary kind 3, server broadcasts leave as binary kind 4.
// vsn 1.0.0: text frames are `{topic, event, payload, ref, join_ref}` objects, no binary.

export type Vsn = '1.0.0' | '2.0.0';
export const SUPPORTED_VSN: readonly Vsn[] = ['1.0.0', '2.0.0'];

export interface PhoenixMessage {
  joinRef: string | null;
  ref: string | null;
  topic: string;
  event: string;
  payload: unknown;
}

/** A client broadcast sent as binary kind 3 ("user broadcast push"). */
export interface UserBroadcastPush {
  joinRef: string | null;
  ref: string | null;
  topic: string;
  /** The user's event name (the Phoenix event is always `broadcast`). */
  event: string;
  encoding: 'json' | 'binary';
  payload: Uint8Array;
  metadata: Record<string, unknown>;
}

export type InboundFrame =
  { kind: 'message'; message: PhoenixMessage } | { kind: 'broadcast'; push: UserBroadcastPush };

export class FrameError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FrameError';
  }
}

const KIND_USER_BROADCAST_PUSH = 3;
const KIND_USER_BROADCAST = 4;
const ENCODING_BINARY = 0;
const ENCODING_JSON = 1;

function refOf(value: unknown, field: string): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  throw new FrameError(`${field} must be a string or null`);
}

function stringOf(value: unknown, field: string): string {
  if (typeof value !== 'string') throw new FrameError(`${field} must be a string`);
  return value;
}

export function decodeText(text: string, vsn: Vsn): PhoenixMessage {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new FrameError('frame is not valid JSON');
  }
  if (vsn === '2.0.0') {
    if (!Array.isArray(parsed) || parsed.length < 5) {
      throw new FrameError(
        'expected a JSON array [join_ref, ref, topic, event, payload] (vsn 2.0.0)',
      );
    }
    const [joinRef, ref, topic, event, payload] = parsed as unknown[];
    return {
      joinRef: refOf(joinRef, 'join_ref'),
      ref: refOf(ref, 'ref'),
      topic: stringOf(topic, 'topic'),
      event: stringOf(event, 'event'),
      payload,
    };
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new FrameError(
      'expected a JSON object {topic, event, payload, ref, join_ref} (vsn 1.0.0)',
    );
  }
  const object = parsed as Record<string, unknown>;
  return {
    joinRef: refOf(object.join_ref, 'join_ref'),
    ref: refOf(object.ref, 'ref'),
    topic: stringOf(object.topic, 'topic'),
    event: stringOf(object.event, 'event'),
    payload: object.payload,
  };
}

const decoder = new TextDecoder('utf-8', { fatal: true });

function utf8(bytes: Uint8Array, field: string): string {
  try {
    return decoder.decode(bytes);
  } catch {
    throw new FrameError(`${field} is not valid UTF-8`);
  }
}

/** Binary kind 3: `u8 kind, u8 len(join_ref), u8 len(ref), u8 len(topic), u8 len(event), u8 len(meta), u8 enc`, strings, meta JSON, payload. */
export function decodeBinary(frame: Uint8Array): UserBroadcastPush {
  if (frame.length < 7) throw new FrameError('binary frame is shorter than its 7-byte header');
  const kind = frame[0];
  if (kind !== KIND_USER_BROADCAST_PUSH) {
    throw new FrameError(
      `binary frame kind ${kind} is not accepted from clients (only 3, a broadcast push)`,
    );
  }
  const [joinRefSize, refSize, topicSize, eventSize, metaSize, encoding] = [
    frame[1]!,
    frame[2]!,
    frame[3]!,
    frame[4]!,
    frame[5]!,
    frame[6]!,
  ];
  if (encoding !== ENCODING_BINARY && encoding !== ENCODING_JSON) {
    throw new FrameError(`payload encoding ${encoding} is neither 0 (binary) nor 1 (JSON)`);
  }
  let offset = 7;
  const take = (size: number, field: string) => {
    if (offset + size > frame.length) throw new FrameError(`binary frame ends inside ${field}`);
    const slice = frame.subarray(offset, offset + size);
    offset += size;
    return slice;
  };
  const joinRef = utf8(take(joinRefSize, 'join_ref'), 'join_ref');
  const ref = utf8(take(refSize, 'ref'), 'ref');
  const topic = utf8(take(topicSize, 'topic'), 'topic');
  const event = utf8(take(eventSize, 'event'), 'event');
  const metaText = utf8(take(metaSize, 'metadata'), 'metadata');
  let metadata: Record<string, unknown> = {};
  if (metaText) {
    try {
      const parsed: unknown = JSON.parse(metaText);
      if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) {
        metadata = parsed as Record<string, unknown>;
      }
    } catch {
      throw new FrameError('broadcast metadata is not valid JSON');
    }
  }
  return {
    joinRef: joinRef || null,
    ref: ref || null,
    topic,
    event,
    encoding: encoding === ENCODING_JSON ? 'json' : 'binary',
    payload: frame.subarray(offset),
    metadata,
  };
}

export function decodeFrame(data: Buffer, isBinary: boolean, vsn: Vsn): InboundFrame {
  if (isBinary) {
    if (vsn !== '2.0.0') throw new FrameError('binary frames need vsn 2.0.0');
    return { kind: 'broadcast', push: decodeBinary(data) };
  }
  return { kind: 'message', message: decodeText(data.toString('utf8'), vsn) };
}

export function encodeMessage(message: PhoenixMessage, vsn: Vsn): string {
  if (vsn === '2.0.0') {
    return JSON.stringify([
      message.joinRef,
      message.ref,
      message.topic,
      message.event,
      message.payload,
    ]);
  }
  return JSON.stringify({
    topic: message.topic,
    event: message.event,
    payload: message.payload,
    ref: message.ref,
    join_ref: message.joinRef,
  });
}

function checkedSize(bytes: Buffer, field: string): number {
  if (bytes.length > 255)
    throw new FrameError(`${field} is ${bytes.length} bytes; at most 255 fit a binary frame`);
  return bytes.length;
}

/** Binary kind 4: `u8 4, u8 len(topic), u8 len(event), u8 len(meta), u8 enc`, topic, event, meta, payload. */
export function encodeUserBroadcast(input: {
  topic: string;
  event: string;
  encoding: 'json' | 'binary';
  payload: Uint8Array;
  metadata?: Record<string, unknown> | null;
}): Buffer {
  const topic = Buffer.from(input.topic, 'utf8');
  const event = Buffer.from(input.event, 'utf8');
  const meta = input.metadata
    ? Buffer.from(JSON.stringify(input.metadata), 'utf8')
    : Buffer.alloc(0);
  const header = Buffer.from([
    KIND_USER_BROADCAST,
    checkedSize(topic, 'topic'),
    checkedSize(event, 'event'),
    checkedSize(meta, 'metadata'),
    input.encoding === 'json' ? ENCODING_JSON : ENCODING_BINARY,
  ]);
  return Buffer.concat([header, topic, event, meta, input.payload]);
}
