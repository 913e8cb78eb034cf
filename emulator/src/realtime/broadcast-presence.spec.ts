// Broadcast and presence through the official client against a real emulator,
// plus the protocol edges a raw websocket can reach.
import type { RealtimeChannel, SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import {
  ANON_KEY,
  PUBLISHABLE_KEY,
  startTestEmulator,
  type TestEmulator,
} from '../../test/harness.js';
import { Inbox, subscribed, subscribeOutcome } from '../../test/realtime/spec-support.js';

type BroadcastEvent = { type: string; event: string; payload: unknown };

describe('realtime: broadcast and presence', () => {
  let emulator: TestEmulator;
  const clients: SupabaseClient[] = [];

  function client(options: Parameters<TestEmulator['client']>[1] = {}): SupabaseClient {
    const created = emulator.client(ANON_KEY, options);
    clients.push(created);
    return created;
  }

  function listen(channel: RealtimeChannel, event = '*'): Inbox<BroadcastEvent> {
    const inbox = new Inbox<BroadcastEvent>();
    channel.on('broadcast', { event }, (message) => inbox.push(message as BroadcastEvent));
    return inbox;
  }

  beforeAll(async () => {
    emulator = await startTestEmulator();
  }, 60_000);

  afterEach(async () => {
    await Promise.all(clients.splice(0).map((c) => c.removeAllChannels()));
  });

  afterAll(() => emulator?.stop());

  it('sends broadcasts to the other subscribers, and back to the sender only with `self`', async () => {
    const a = client().channel('room-self', { config: { broadcast: { self: true } } });
    const b = client().channel('room-self', { config: { broadcast: { self: false } } });
    const aInbox = listen(a);
    const bInbox = listen(b);
    await subscribed(a);
    await subscribed(b);

    await a.send({ type: 'broadcast', event: 'note', payload: { n: 1 } });
    expect((await aInbox.next((m) => m.event === 'note')).payload).toEqual({ n: 1 });
    expect((await bInbox.next((m) => m.event === 'note')).payload).toEqual({ n: 1 });

    await b.send({ type: 'broadcast', event: 'note', payload: { n: 2 } });
    expect((await aInbox.next((m) => m.event === 'note')).payload).toEqual({ n: 2 });
    // A marker sent after n:2 reaches B after anything n:2 could have sent it, so B's log
    // at that point proves it never got its own message.
    await a.send({ type: 'broadcast', event: 'marker', payload: {} });
    await bInbox.next((m) => m.event === 'marker');
    expect(bInbox.received.filter((m) => m.event === 'note').map((m) => m.payload)).toEqual([
      { n: 1 },
    ]);
  });

  it('acknowledges a broadcast when `ack` is on', async () => {
    const a = client().channel('room-ack', { config: { broadcast: { ack: true } } });
    const b = client().channel('room-ack');
    const bInbox = listen(b, 'ping');
    await subscribed(a);
    await subscribed(b);
    await expect(a.send({ type: 'broadcast', event: 'ping', payload: { at: 1 } })).resolves.toBe(
      'ok',
    );
    expect((await bInbox.next()).payload).toEqual({ at: 1 });
  });

  it('carries binary payloads (client kind 3 in, server kind 4 out)', async () => {
    const a = client().channel('room-binary');
    const b = client().channel('room-binary');
    const bInbox = listen(b, 'blob');
    await subscribed(a);
    await subscribed(b);
    const bytes = new Uint8Array([0, 1, 2, 250, 255]);
    await a.send({ type: 'broadcast', event: 'blob', payload: bytes.buffer });
    const received = await bInbox.next();
    expect(received.payload).toBeInstanceOf(ArrayBuffer);
    expect([...new Uint8Array(received.payload as ArrayBuffer)]).toEqual([...bytes]);
  });

  it('delivers broadcasts sent over REST: httpSend (JSON and binary) and the batch fallback of send()', async () => {
    const receiver = client().channel('room-rest');
    const inbox = listen(receiver);
    await subscribed(receiver);
    const sender = client().channel('room-rest');

    await expect(sender.httpSend('json', { hello: 'rest' })).resolves.toEqual({ success: true });
    expect(await inbox.next((m) => m.event === 'json')).toMatchObject({
      type: 'broadcast',
      payload: { hello: 'rest' },
    });

    await expect(sender.httpSend('bytes', new Uint8Array([7, 7, 7]))).resolves.toEqual({
      success: true,
    });
    const binary = await inbox.next((m) => m.event === 'bytes');
    expect([...new Uint8Array(binary.payload as ArrayBuffer)]).toEqual([7, 7, 7]);

    // Not joined: send() falls back to POST /api/broadcast.
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    await expect(
      sender.send({ type: 'broadcast', event: 'batch', payload: { via: 'batch' } }),
    ).resolves.toBe('ok');
    warn.mockRestore();
    expect((await inbox.next((m) => m.event === 'batch')).payload).toEqual({ via: 'batch' });
  });

  it('answers bad REST broadcasts with the status and a message, never a 500', async () => {
    const url = `${emulator.apiUrl}/realtime/v1/api/broadcast`;
    const noKey = await fetch(url, {
      method: 'POST',
      body: '{}',
      headers: { 'content-type': 'application/json' },
    });
    expect(noKey.status).toBe(401);
    expect(((await noKey.json()) as { message: string }).message).toMatch(/apikey/);

    const headers = { apikey: PUBLISHABLE_KEY, 'content-type': 'application/json' };
    const badJson = await fetch(url, { method: 'POST', headers, body: '{nope' });
    expect(badJson.status).toBe(400);
    const invalid = await fetch(url, {
      method: 'POST',
      headers,
      body: JSON.stringify({ messages: [{ event: 'x' }] }),
    });
    expect(invalid.status).toBe(422);
    expect(((await invalid.json()) as { message: string }).message).toMatch(/messages\.0\.topic/);

    const expired = await fetch(url, {
      method: 'POST',
      headers: { ...headers, authorization: 'Bearer not-a-jwt' },
      body: JSON.stringify({ messages: [{ topic: 't', event: 'e', payload: {} }] }),
    });
    expect(expired.status).toBe(401);
    expect(((await expired.json()) as { message: string }).message).toMatch(/^MalformedJWT/);

    const single = await fetch(`${url}/room/events/e`, {
      method: 'POST',
      headers: { apikey: PUBLISHABLE_KEY, 'content-type': 'text/plain' },
      body: 'x',
    });
    expect(single.status).toBe(415);
  });

  it('speaks vsn 1.0.0 object frames, turning JSON broadcasts into text for such clients', async () => {
    const legacy = client({ realtime: { vsn: '1.0.0' } }).channel(
      'room-v1',
    );
    const inbox = listen(legacy, 'hello');
    await subscribed(legacy);
    const sender = client().channel('room-v1');
    await subscribed(sender);
    const senderInbox = listen(sender, 'hello');
    await sender.send({ type: 'broadcast', event: 'hello', payload: { from: 'v2' } });
    expect((await inbox.next()).payload).toEqual({ from: 'v2' });
    // And the other way: a v1 client's JSON broadcast reaches a v2 client.
    await legacy.send({ type: 'broadcast', event: 'hello', payload: { from: 'v1' } });
    expect((await senderInbox.next()).payload).toEqual({ from: 'v1' });
  });

  it('signals readiness when the client opts in with `replication_ready`', async () => {
    const channel = client().channel('room-ready', {
      config: { broadcast: { replication_ready: true } },
    });
    const system = new Inbox<{ extension: string; status: string; message: string }>();
    channel.on('system', {}, (payload) =>
      system.push(payload as { extension: string; status: string; message: string }),
    );
    await subscribed(channel);
    expect(await system.next()).toMatchObject({
      extension: 'system',
      status: 'ok',
      message: 'Replication connection established',
    });
  });

  it('tracks presence across three clients: state on join, joins, leaves, untrack and abrupt disconnects', async () => {
    type Snapshot = Record<string, { presence_ref: string; name?: string }[]>;
    const keysOf = (state: Snapshot) => Object.keys(state).sort().join(',');
    const watch = (channel: RealtimeChannel) => {
      const syncs = new Inbox<Snapshot>();
      const leaves = new Inbox<{ key: string }>();
      channel.on('presence', { event: 'sync' }, () =>
        syncs.push(channel.presenceState() as Snapshot),
      );
      channel.on('presence', { event: 'leave' }, (payload) =>
        leaves.push(payload as { key: string }),
      );
      return { syncs, leaves };
    };

    const alice = client().channel('lobby', { config: { presence: { key: 'alice' } } });
    const aliceSeen = watch(alice);
    await subscribed(alice);
    await expect(alice.track({ name: 'Alice' })).resolves.toBe('ok');

    const bob = client().channel('lobby', { config: { presence: { key: 'bob' } } });
    const bobSeen = watch(bob);
    await subscribed(bob);
    // Bob's first sync is the state he got on join: Alice is already there.
    expect(
      keysOf(await bobSeen.syncs.next((s) => keysOf(s) === 'alice', 'presence_state with alice')),
    ).toBe('alice');
    await bob.track({ name: 'Bob' });

    // Carol never reconnects after her connection is cut: on `ws`'s socket, whose terminate() drops
    // the TCP connection without a close frame, as a lost network does.
    const carolClient = client({
      realtime: { transport: WebSocket as never, reconnectAfterMs: () => 3_600_000 },
    });
    const carol = carolClient.channel('lobby', { config: { presence: { key: 'carol' } } });
    watch(carol);
    await subscribed(carol);
    await carol.track({ name: 'Carol' });

    const all = await aliceSeen.syncs.next(
      (s) => keysOf(s) === 'alice,bob,carol',
      'all three present',
    );
    expect(all.bob?.[0]).toMatchObject({ name: 'Bob', presence_ref: expect.any(String) });

    await expect(bob.untrack()).resolves.toBe('ok');
    expect((await aliceSeen.leaves.next((l) => l.key === 'bob', 'bob leaving')).key).toBe('bob');

    const carolSocket = (
      carolClient.realtime as unknown as { socketAdapter: { getSocket(): { conn: WebSocket } } }
    ).socketAdapter.getSocket().conn;
    carolSocket.terminate();
    expect((await aliceSeen.leaves.next((l) => l.key === 'carol', 'carol leaving')).key).toBe(
      'carol',
    );
    expect(alice.presenceState()).toEqual({ alice: [expect.objectContaining({ name: 'Alice' })] });
    await carolClient.realtime.disconnect();
  });

  it('updates a tracked presence in place (one meta per channel, the new payload)', async () => {
    const a = client().channel('lobby-update', { config: { presence: { key: 'dora' } } });
    const syncs = new Inbox<Record<string, { mood?: string }[]>>();
    a.on('presence', { event: 'sync' }, () =>
      syncs.push(a.presenceState() as Record<string, { mood?: string }[]>),
    );
    await subscribed(a);
    await a.track({ mood: 'happy' });
    await syncs.next((s) => s.dora?.[0]?.mood === 'happy', 'first payload');
    await a.track({ mood: 'curious' });
    const updated = await syncs.next((s) => s.dora?.[0]?.mood === 'curious', 'updated payload');
    expect(updated.dora).toHaveLength(1);
  });

  describe('the websocket itself', () => {
    function socketUrl(query = `apikey=${PUBLISHABLE_KEY}&vsn=2.0.0`): string {
      return `${emulator.apiUrl.replace('http', 'ws')}/realtime/v1/websocket?${query}`;
    }

    async function open(query?: string): Promise<{ ws: WebSocket; frames: Inbox<unknown[]> }> {
      const ws = new WebSocket(socketUrl(query));
      const frames = new Inbox<unknown[]>();
      ws.on('message', (data, isBinary) => {
        if (!isBinary) frames.push(JSON.parse(data.toString()) as unknown[]);
      });
      await new Promise<void>((resolve, reject) => {
        ws.once('open', () => resolve());
        ws.once('error', reject);
      });
      return { ws, frames };
    }

    it('answers heartbeats, refuses unjoined topics and nameless topics with reasons', async () => {
      const { ws, frames } = await open();
      ws.send(JSON.stringify([null, '1', 'phoenix', 'heartbeat', {}]));
      expect(await frames.next((f) => f[1] === '1')).toEqual([
        null,
        '1',
        'phoenix',
        'phx_reply',
        { status: 'ok', response: {} },
      ]);

      ws.send(
        JSON.stringify([
          '2',
          '2',
          'realtime:never-joined',
          'broadcast',
          { type: 'broadcast', event: 'x', payload: {} },
        ]),
      );
      expect((await frames.next((f) => f[1] === '2'))[4]).toEqual({
        status: 'error',
        response: { reason: 'unmatched topic' },
      });

      ws.send(JSON.stringify(['3', '3', 'realtime:', 'phx_join', { config: {} }]));
      expect((await frames.next((f) => f[1] === '3'))[4]).toEqual({
        status: 'error',
        response: { reason: 'TopicNameRequired: You must provide a topic name' },
      });

      ws.send(
        JSON.stringify([
          '4',
          '4',
          'realtime:with-token',
          'phx_join',
          { config: {}, access_token: 'garbage' },
        ]),
      );
      expect((await frames.next((f) => f[1] === '4'))[4]).toEqual({
        status: 'error',
        response: { reason: 'MalformedJWT: The token provided is not a valid JWT' },
      });
      ws.close();
    });

    it('refuses connections without a valid apikey and closes on undecodable frames', async () => {
      const refused = await new Promise<number>((resolve) => {
        const ws = new WebSocket(socketUrl('vsn=2.0.0'));
        ws.on('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0));
        ws.on('error', () => undefined);
      });
      expect(refused).toBe(403);

      const { ws } = await open();
      const closed = new Promise<{ code: number; reason: string }>((resolve) =>
        ws.once('close', (code, reason) => resolve({ code, reason: reason.toString() })),
      );
      ws.send('this is not phoenix');
      expect(await closed).toEqual({
        code: 1007,
        reason: expect.stringMatching(/invalid frame: frame is not valid JSON/),
      });
    });

    it('disconnects a client that stops reading, without holding up the others', async () => {
      const receiver = client().channel('firehose');
      const inbox = listen(receiver, 'chunk');
      await subscribed(receiver);

      const { ws: slow } = await open();
      const slowJoined = new Promise<void>((resolve) =>
        slow.on('message', (data) => {
          if (String(data).includes('"phx_reply"')) resolve();
        }),
      );
      slow.send(JSON.stringify(['1', '1', 'realtime:firehose', 'phx_join', { config: {} }]));
      await slowJoined;
      const slowClosed = new Promise<{ code: number; reason: string }>((resolve) =>
        slow.once('close', (code, reason) => resolve({ code, reason: reason.toString() })),
      );
      // Stop reading: the server's send buffer for this client fills up.
      (slow as unknown as { _socket: { pause(): void; resume(): void } })._socket.pause();

      const chunk = new Uint8Array(512 * 1024).fill(42);
      const count = 60;
      for (let i = 0; i < count; i++) {
        const response = await fetch(
          `${emulator.apiUrl}/realtime/v1/api/broadcast/firehose/events/chunk`,
          {
            method: 'POST',
            headers: { apikey: PUBLISHABLE_KEY, 'content-type': 'application/octet-stream' },
            body: chunk,
          },
        );
        expect(response.status).toBe(202);
      }
      for (let i = 0; i < count; i++) await inbox.next(undefined, `chunk ${i}`);
      expect(inbox.received).toHaveLength(count);

      (slow as unknown as { _socket: { resume(): void } })._socket.resume();
      expect(await slowClosed).toEqual({
        code: 1008,
        reason: expect.stringMatching(/slow consumer/),
      });
    }, 60_000);

    it('joins with the publishable key mapped to anon, as the CLI gateway does', async () => {
      const publishable = emulator.client(PUBLISHABLE_KEY);
      clients.push(publishable);
      const channel = publishable.channel('room-publishable');
      const outcome = await subscribeOutcome(channel);
      expect(outcome.status).toBe('SUBSCRIBED');
      await channel.unsubscribe();
    });
  });
});
