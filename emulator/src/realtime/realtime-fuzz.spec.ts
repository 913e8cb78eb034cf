// Hostile frames over realtime websockets: malformed Phoenix frames (text and binary), joins
// with bad payloads (configs of the wrong type, odd postgres_changes bindings, garbage tokens),
// pushes of every event with mutated payloads, vsn 1.0.0 objects and oversized frames. The
// server may refuse a frame or close the socket with a protocol code (1007 undecodable, 1009
// too big), but it must never fail inside: no channel crash (phx_error), no "Unknown Error on
// Channel", no internal close (1011), no failure in its log, every join answered — and it keeps
// serving afterwards.
import WebSocket from 'ws';
import { ANON_KEY, startTestEmulator, type TestEmulator } from '../../test/harness.js';
import { mutateJson, NASTY_STRINGS, pick, seededRandom, type Random } from '../../test/http-fuzz.js';
import { MAX_PAYLOAD_BYTES } from './socket/channel.js';
import { Inbox, mintToken, subscribed } from '../../test/realtime/spec-support.js';

const CASES = 3000;
/** FUZZ_SEED explores other cases; a failure found so is replayed with the same seed. */
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : 20261204;
const FRAMES_PER_SOCKET = 15;
const ANSWER_TIMEOUT_MS = 15_000;

const MIGRATION = `
create table public.fuzz_items (id bigint primary key, name text);
alter publication supabase_realtime add table public.fuzz_items;
`;

type Frame = string | Buffer;

interface HostileFrame {
  frame: Frame;
  /** The ref of a join whose answer is awaited. */
  joinRef: string | null;
  /** Whether the server may close the socket over it (it is then sent last). */
  mayClose?: boolean;
}

interface Outcome {
  /** Frames that show a failure inside the server. */
  failures: string[];
  /** Whether the server closed the socket, and how. */
  closed: { code: number; reason: string } | null;
}

/** A kind 3 binary broadcast push: header of sizes, then join_ref, ref, topic, event, metadata, payload. */
function binaryPush(parts: { joinRef: string; ref: string; topic: string; event: string; meta: string; encoding: number; payload: Buffer }): Buffer {
  const strings = [parts.joinRef, parts.ref, parts.topic, parts.event, parts.meta].map((s) => Buffer.from(s));
  return Buffer.concat([Buffer.from([3, ...strings.map((s) => Math.min(255, s.length)), parts.encoding]), ...strings, parts.payload]);
}

describe('realtime on hostile frames', () => {
  jest.setTimeout(300_000);
  let emulator: TestEmulator;
  let token: string;

  beforeAll(async () => {
    emulator = await startTestEmulator({ files: { 'migrations/20240101000000_fuzz.sql': MIGRATION } });
    token = await mintToken({ sub: '00000000-0000-4000-8000-00000000f022' });
  }, 150_000);

  afterAll(() => emulator?.stop(), 60_000);

  /** The frames a realtime-js client sends, for one topic. */
  function templates(topic: string, joinRef: string): unknown[][] {
    return [
      [
        joinRef,
        joinRef,
        topic,
        'phx_join',
        {
          config: {
            broadcast: { self: true, ack: true, replay: null },
            presence: { key: 'me', enabled: true },
            postgres_changes: [{ event: '*', schema: 'public', table: 'fuzz_items', filter: 'id=eq.1' }],
            private: false,
          },
          access_token: token,
        },
      ],
      [joinRef, 'b', topic, 'broadcast', { type: 'broadcast', event: 'say', payload: { text: 'hi' } }],
      [joinRef, 'p', topic, 'presence', { type: 'presence', event: 'track', payload: { name: 'me' } }],
      [joinRef, 'u', topic, 'presence', { type: 'presence', event: 'untrack' }],
      [joinRef, 't', topic, 'access_token', { access_token: token }],
      [joinRef, 'l', topic, 'phx_leave', {}],
      [null, 'h', 'phoenix', 'heartbeat', {}],
    ];
  }

  /** One hostile frame: mostly a real frame with a mutated payload, sometimes worse. */
  function hostileFrame(random: Random, topic: string, joinRef: string, ref: string): HostileFrame {
    const template = structuredClone(pick(random, templates(topic, joinRef)));
    template[1] = ref;
    const roll = random();
    const isJoin = template[3] === 'phx_join';
    if (roll < 0.55) {
      template[4] = mutateJson(random, template[4]);
      return { frame: JSON.stringify(template), joinRef: isJoin ? ref : null };
    }
    if (roll < 0.7) {
      // Topic, event or refs of the wrong shape; the frame may stop being decodable.
      const mutated = mutateJson(random, template);
      return { frame: JSON.stringify(mutated) ?? 'null', joinRef: null, mayClose: true };
    }
    if (roll < 0.78) {
      const text = pick(random, ['', '[', '{}', 'null', '[1,2]', '"x"', '\u0000', '[null,null,null,null]', NASTY_STRINGS.join('')]);
      return { frame: text, joinRef: null, mayClose: true };
    }
    if (roll < 0.9) {
      const payload = Buffer.from(JSON.stringify(mutateJson(random, { a: 1 })) ?? 'null');
      const parts = {
        joinRef,
        ref,
        topic: random() < 0.7 ? topic : pick(random, NASTY_STRINGS),
        event: pick(random, ['say', ...NASTY_STRINGS]),
        meta: pick(random, ['', '{}', '{"replayed":true}', '[', '{"a":"\\u0000"}', 'null']),
        encoding: pick(random, [0, 1, 1, 2, 255]),
        payload: random() < 0.8 ? payload : Buffer.from([0xff, 0xfe, 0x00]),
      };
      const frame = binaryPush(parts);
      // Sometimes lie about the sizes or the kind, or cut the frame short.
      if (random() < 0.3) frame[1 + Math.floor(random() * 6)] = Math.floor(random() * 256);
      if (random() < 0.1) frame[0] = pick(random, [0, 1, 4, 255]);
      return { frame: random() < 0.1 ? frame.subarray(0, Math.floor(random() * frame.length)) : frame, joinRef: null, mayClose: true };
    }
    if (roll < 0.98) {
      // vsn 1.0.0 objects on a vsn 2.0.0 socket.
      return { frame: JSON.stringify({ topic, event: template[3], payload: template[4], ref, join_ref: joinRef }), joinRef: null, mayClose: true };
    }
    // Oversized: beyond what the server accepts in one frame.
    const big = [joinRef, ref, topic, 'broadcast', { type: 'broadcast', event: 'say', payload: { text: 'x'.repeat(MAX_PAYLOAD_BYTES + 128 * 1024) } }];
    return { frame: JSON.stringify(big), joinRef: null, mayClose: true };
  }

  /**
   * Opens a socket and sends the frames in two rounds, each ended by a good join (the sentinel;
   * the server handles a socket's frames in order): first those the server should survive,
   * then those it may close the socket over. Reports what went wrong inside.
   */
  async function session(frames: HostileFrame[], label: string): Promise<Outcome & { sent: number }> {
    const socket = new WebSocket(`${emulator.apiUrl.replace('http', 'ws')}/realtime/v1/websocket?apikey=${ANON_KEY}&vsn=2.0.0`);
    const failures: string[] = [];
    const replies = new Set<string>();
    const answered = new Inbox<string>();
    let closed: Outcome['closed'] = null;
    socket.on('message', (data, isBinary) => {
      if (isBinary) return;
      const [, ref, topic, event, payload] = JSON.parse(data.toString()) as [string | null, string | null, string, string, { response?: { reason?: string } }];
      if (event === 'phx_error') failures.push(`${label}: phx_error on ${topic}`);
      if (event === 'phx_reply' && ref !== null) {
        replies.add(ref);
        answered.push(ref);
        if (/UnknownError/.test(payload?.response?.reason ?? '')) failures.push(`${label}: ${topic} ref ${ref}: ${payload.response!.reason}`);
      }
    });
    const gone = new Promise<void>((resolve) =>
      socket.on('close', (code, reason) => {
        closed = { code, reason: reason.toString() };
        resolve();
      }),
    );
    socket.on('error', () => undefined);
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    let sent = 0;
    const round = async (batch: HostileFrame[], sentinel: string) => {
      for (const { frame } of batch) {
        if (socket.readyState !== WebSocket.OPEN) return;
        socket.send(frame, { binary: typeof frame !== 'string' });
        sent += 1;
      }
      if (socket.readyState !== WebSocket.OPEN) return;
      socket.send(JSON.stringify([sentinel, sentinel, `realtime:${sentinel}`, 'phx_join', { config: {} }]));
      await Promise.race([answered.next((ref) => ref === sentinel, `the answer to ${sentinel}`, ANSWER_TIMEOUT_MS), gone]);
    };
    try {
      await round(frames.filter((f) => !f.mayClose), `${label}-survivable`);
      if (closed) failures.push(`${label}: closed over survivable frames: ${JSON.stringify(closed)}`);
      // Every join before the sentinel was handled before it, so each must have had its answer.
      for (const { joinRef } of frames) if (joinRef && !replies.has(joinRef)) failures.push(`${label}: join ref ${joinRef} got no answer`);
      await round(frames.filter((f) => f.mayClose), `${label}-last`);
    } catch (error) {
      failures.push(`${label}: ${(error as Error).message.slice(0, 300)}`);
    }
    const code = (closed as Outcome['closed'])?.code;
    if (code !== undefined && ![1000, 1005, 1007, 1009].includes(code)) {
      failures.push(`${label}: closed by the server with ${code} ${(closed as Outcome['closed'])!.reason}`);
    }
    socket.close();
    return { failures, closed, sent };
  }

  it(`answers ${CASES} hostile frames without failing inside`, async () => {
    const random = seededRandom(SEED);
    const logBefore = emulator.output.length;
    const failures: string[] = [];
    const closes = new Map<number, number>();
    const started = performance.now();
    let sent = 0;
    let sockets = 0;
    for (let socketIndex = 0; sent < CASES; socketIndex++) {
      sockets += 1;
      const topic = `realtime:${random() < 0.8 ? 'room' : pick(random, NASTY_STRINGS)}`;
      const joinRef = `j${socketIndex}`;
      const frames = Array.from({ length: FRAMES_PER_SOCKET }, (_, i) => hostileFrame(random, topic, joinRef, `${socketIndex}.${i}`));
      const outcome = await session(frames, `socket ${socketIndex}`);
      sent += outcome.sent;
      failures.push(...outcome.failures.map((failure) => `${failure} (frames: ${frames.map((f) => (typeof f.frame === 'string' ? f.frame.slice(0, 120) : `<binary ${f.frame.length}>`)).join(' | ')})`.slice(0, 1500)));
      if (outcome.closed) closes.set(outcome.closed.code, (closes.get(outcome.closed.code) ?? 0) + 1);
    }
    const logged = emulator.output.slice(logBefore).filter((line) => /realtime: .*failed/i.test(line));
    console.log(
      `realtime fuzz: ${sent} frames tried on ${sockets} sockets (seed ${SEED}) in ${((performance.now() - started) / 1000).toFixed(1)} s; sockets closed by the server: ${JSON.stringify(Object.fromEntries(closes))}; ${failures.length + logged.length} failures inside`,
    );
    expect(failures).toEqual([]);
    expect(logged).toEqual([]);

    // Still serving: a broadcast from one supabase-js client reaches another.
    const heard = new Inbox<unknown>();
    const listener = emulator.client().channel('after').on('broadcast', { event: 'say' }, ({ payload }) => heard.push(payload));
    const speaker = emulator.client().channel('after');
    await subscribed(listener);
    await subscribed(speaker);
    expect(await speaker.send({ type: 'broadcast', event: 'say', payload: { still: 'here' } })).toBe('ok');
    expect(await heard.next()).toEqual({ still: 'here' });
    await Promise.all([listener.unsubscribe(), speaker.unsubscribe()]);
  });
});
