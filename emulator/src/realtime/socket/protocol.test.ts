// The framing must round-trip with the official client's own serializer.
import { RealtimeClient } from '@supabase/realtime-js';
import {
  decodeBinary,
  decodeFrame,
  decodeText,
  encodeMessage,
  encodeUserBroadcast,
  FrameError,
} from './protocol.js';

// The client's serializer, as its socket uses it (creating a client does not connect).
const serializer = new RealtimeClient('ws://127.0.0.1:9/realtime/v1', {
  params: { apikey: 'key' },
}).serializer;

function clientEncode(message: Parameters<typeof serializer.encode>[0]): ArrayBuffer | string {
  let out: ArrayBuffer | string = '';
  serializer.encode(message, (result: ArrayBuffer | string) => (out = result));
  return out;
}

function clientDecode(raw: ArrayBuffer | string): {
  topic: string;
  event: string;
  payload: Record<string, unknown>;
} {
  let out: unknown;
  serializer.decode(raw, (result: unknown) => (out = result));
  return out as { topic: string; event: string; payload: Record<string, unknown> };
}

describe('realtime framing', () => {
  it('decodes the client JSON broadcast push (kind 3, JSON encoding)', () => {
    const raw = clientEncode({
      join_ref: '1',
      ref: '2',
      topic: 'realtime:room1',
      event: 'broadcast',
      payload: { type: 'broadcast', event: 'cursor', payload: { x: 1 } },
    });
    expect(raw).toBeInstanceOf(ArrayBuffer);
    const push = decodeBinary(new Uint8Array(raw as ArrayBuffer));
    expect(push).toMatchObject({
      joinRef: '1',
      ref: '2',
      topic: 'realtime:room1',
      event: 'cursor',
      encoding: 'json',
    });
    expect(JSON.parse(Buffer.from(push.payload).toString())).toEqual({ x: 1 });
  });

  it('decodes the client binary broadcast push (kind 3, binary encoding)', () => {
    const bytes = new Uint8Array([0, 1, 2, 255]);
    const raw = clientEncode({
      join_ref: '1',
      ref: '3',
      topic: 'realtime:room1',
      event: 'broadcast',
      payload: { type: 'broadcast', event: 'blob', payload: bytes.buffer },
    });
    const push = decodeBinary(new Uint8Array(raw as ArrayBuffer));
    expect(push.encoding).toBe('binary');
    expect([...push.payload]).toEqual([0, 1, 2, 255]);
  });

  it('encodes server broadcasts (kind 4) the client decodes, with and without metadata', () => {
    const json = encodeUserBroadcast({
      topic: 'realtime:room1',
      event: 'cursor',
      encoding: 'json',
      payload: Buffer.from(JSON.stringify({ x: 2 })),
    });
    const decoded = clientDecode(new Uint8Array(json).buffer);
    expect(decoded).toMatchObject({
      topic: 'realtime:room1',
      event: 'broadcast',
      payload: { type: 'broadcast', event: 'cursor', payload: { x: 2 } },
    });
    const binary = encodeUserBroadcast({
      topic: 'realtime:room1',
      event: 'blob',
      encoding: 'binary',
      payload: new Uint8Array([9, 8]),
      metadata: { replayed: true },
    });
    const decodedBinary = clientDecode(new Uint8Array(binary).buffer);
    expect(decodedBinary.payload.meta).toEqual({ replayed: true });
    expect([...new Uint8Array(decodedBinary.payload.payload as ArrayBuffer)]).toEqual([9, 8]);
  });

  it('reads and writes both text framings', () => {
    expect(decodeText('["1","1","realtime:a","phx_join",{"config":{}}]', '2.0.0')).toEqual({
      joinRef: '1',
      ref: '1',
      topic: 'realtime:a',
      event: 'phx_join',
      payload: { config: {} },
    });
    expect(
      decodeText('{"topic":"phoenix","event":"heartbeat","payload":{},"ref":"5"}', '1.0.0'),
    ).toMatchObject({
      topic: 'phoenix',
      ref: '5',
      joinRef: null,
    });
    const message = {
      joinRef: '1',
      ref: null,
      topic: 'realtime:a',
      event: 'system',
      payload: { ok: 1 },
    };
    expect(JSON.parse(encodeMessage(message, '2.0.0'))).toEqual([
      '1',
      null,
      'realtime:a',
      'system',
      { ok: 1 },
    ]);
    expect(JSON.parse(encodeMessage(message, '1.0.0'))).toEqual({
      topic: 'realtime:a',
      event: 'system',
      payload: { ok: 1 },
      ref: null,
      join_ref: '1',
    });
  });

  it('refuses malformed frames with a reason instead of throwing anything else', () => {
    expect(() => decodeText('not json', '2.0.0')).toThrow(FrameError);
    expect(() => decodeText('{"topic":"a"}', '2.0.0')).toThrow(/JSON array/);
    expect(() => decodeText('[null,null,1,"x",{}]', '2.0.0')).toThrow(/topic must be a string/);
    expect(() => decodeBinary(new Uint8Array([4, 0, 0, 0, 0, 0, 1]))).toThrow(/kind 4/);
    expect(() => decodeBinary(new Uint8Array([3, 5, 0, 0, 0, 0, 1]))).toThrow(
      /ends inside join_ref/,
    );
    expect(() => decodeFrame(Buffer.from([3]), true, '1.0.0')).toThrow(/vsn 2.0.0/);
  });
});
