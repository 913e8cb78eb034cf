// A client whose network drops says nothing and closes nothing: the server must notice by
// itself (`[realtime] heartbeat_timeout`) and let its presences leave. Through the official
// client, with a TCP proxy between it and the emulator that can go silent (emulator/test).
import { createClient, type RealtimeChannel, type SupabaseClient } from '@supabase/supabase-js';
import { startBlackholeProxy, type BlackholeProxy } from '../../test/blackhole-proxy.js';
import { ANON_KEY, startTestEmulator, type TestEmulator } from '../../test/harness.js';
import { Inbox, subscribed } from '../../test/realtime/spec-support.js';

const TIMEOUT_S = 3;

type PresenceEvent = { event: 'join' | 'leave'; key: string };

describe('realtime: a client that goes silent', () => {
  let emulator: TestEmulator;
  const proxies: BlackholeProxy[] = [];
  const clients: SupabaseClient[] = [];

  /** A client on its own proxy, heartbeating at realtime-js's pace unless told otherwise. */
  async function clientBehindProxy(heartbeatIntervalMs?: number): Promise<{ client: SupabaseClient; proxy: BlackholeProxy }> {
    const proxy = await startBlackholeProxy(emulator.apiUrl);
    proxies.push(proxy);
    const client = createClient(proxy.url, ANON_KEY, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      realtime: { ...(heartbeatIntervalMs ? { heartbeatIntervalMs } : {}) },
    });
    clients.push(client);
    return { client, proxy };
  }

  /** A watcher on `topic` that records presence joins and leaves by key. */
  async function watchPresence(topic: string): Promise<Inbox<PresenceEvent>> {
    const watcher = emulator.client();
    clients.push(watcher);
    const inbox = new Inbox<PresenceEvent>();
    const channel = watcher.channel(topic, { config: { presence: { key: 'watcher' } } });
    channel.on('presence', { event: 'join' }, ({ key }) => inbox.push({ event: 'join', key }));
    channel.on('presence', { event: 'leave' }, ({ key }) => inbox.push({ event: 'leave', key }));
    await subscribed(channel);
    return inbox;
  }

  async function trackAs(client: SupabaseClient, topic: string, key: string): Promise<RealtimeChannel> {
    const channel = client.channel(topic, { config: { presence: { key }, broadcast: { ack: true } } });
    await subscribed(channel);
    await expect(channel.track({ key })).resolves.toBe('ok');
    return channel;
  }

  beforeAll(async () => {
    emulator = await startTestEmulator({ configToml: `[realtime]\nheartbeat_timeout = ${TIMEOUT_S}\n` });
  }, 60_000);

  afterEach(async () => {
    await Promise.all(
      clients.splice(0).map(async (client) => {
        await client.removeAllChannels();
        client.realtime.disconnect();
      }),
    );
    await Promise.all(proxies.splice(0).map((proxy) => proxy.close()));
  });

  afterAll(() => emulator?.stop());

  it('closes a socket that stopped answering within heartbeat_timeout, and its presence leaves', async () => {
    const seen = await watchPresence('lobby-drop');
    const { client, proxy } = await clientBehindProxy();
    await trackAs(client, 'lobby-drop', 'roamer');
    await seen.next((e) => e.event === 'join' && e.key === 'roamer', 'the join of roamer');

    proxy.drop();
    const droppedAt = Date.now();
    await seen.next((e) => e.event === 'leave' && e.key === 'roamer', 'the leave of roamer', 30_000);
    const tookMs = Date.now() - droppedAt;
    console.log(`presence left ${tookMs} ms after the network dropped (heartbeat_timeout ${TIMEOUT_S} s)`);
    // The window, then one check period (at most 1 s) and the leave's trip to the watcher.
    expect(tookMs).toBeGreaterThanOrEqual(TIMEOUT_S * 1000 - 100);
    expect(tookMs).toBeLessThan(TIMEOUT_S * 1000 + 2000);
    expect(emulator.output.join('\n')).not.toMatch(/realtime: .*failed/);
  });

  it('keeps a client that heartbeats less often than the window: it answers the server’s pings', async () => {
    const seen = await watchPresence('lobby-slow');
    const { client } = await clientBehindProxy(60_000);
    const channel = await trackAs(client, 'lobby-slow', 'slowpoke');
    await seen.next((e) => e.event === 'join' && e.key === 'slowpoke', 'the join of slowpoke');

    // Three windows with no heartbeat at all from this client: only the pings' answers keep it.
    await new Promise((resolve) => setTimeout(resolve, 3 * TIMEOUT_S * 1000));
    expect(seen.received.filter((e) => e.key === 'slowpoke').map((e) => e.event)).toEqual(['join']);
    expect(channel.state).toBe('joined');
    await expect(channel.send({ type: 'broadcast', event: 'still-here', payload: {} })).resolves.toBe('ok');
  });
});
