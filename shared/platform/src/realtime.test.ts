import { createClient } from '@supabase/supabase-js';
import { createChannelRegistry } from './realtime.js';

const ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';

describe('reference-counted channels (over a real supabase-js client)', () => {
  const client = createClient('http://127.0.0.1:1', ANON_KEY, {
    auth: { persistSession: false, autoRefreshToken: false },
  });
  // realtime-js arms timers no API clears: a disconnect 50 s after the last channel goes, and a 10 s
  // one in disconnect() itself. Real, they held the jest worker open when the run ended ("A worker
  // process has failed to exit gracefully"); the client is never connected, so nothing here waits
  // on them, and they are dropped with the file.
  beforeAll(() => jest.useFakeTimers({ doNotFake: ['nextTick', 'queueMicrotask'] }));
  afterAll(async () => {
    await client.removeAllChannels();
    jest.clearAllTimers();
    jest.useRealTimers();
  });

  it('shares one channel per topic and removes it only when the last user releases', async () => {
    const registry = createChannelRegistry(client);
    const first = registry.channel('room:1');
    const second = registry.channel('room:1');
    expect(second.channel).toBe(first.channel);
    expect(registry.users('room:1')).toBe(2);

    await first.release();
    await first.release(); // twice is harmless
    expect(registry.users('room:1')).toBe(1);
    expect(client.getChannels()).toContain(second.channel);

    await second.release();
    expect(registry.users('room:1')).toBe(0);
    expect(client.getChannels()).not.toContain(second.channel);
  });

  it('gives a fresh channel after the topic was fully released', async () => {
    const registry = createChannelRegistry(client);
    const before = registry.channel('room:2');
    await before.release();
    const after = registry.channel('room:2');
    expect(after.channel).not.toBe(before.channel);
    await after.release();
  });

  it('binds one listener set per filter whatever the order of its fields, without the locale\'s collation (whose first use loads its data: issue #40)', async () => {
    const registry = createChannelRegistry(client);
    const lease = registry.channel('room:3');
    const compare = jest.spyOn(String.prototype, 'localeCompare');
    try {
      const heard: string[] = [];
      lease.on('postgres_changes', { event: '*', schema: 'public', table: 'messages' }, () => heard.push('first'));
      lease.on('postgres_changes', { table: 'messages', schema: 'public', event: '*' }, () => heard.push('second'));
      const bindings = (lease.channel as unknown as { bindings: Record<string, unknown[]> }).bindings;
      // The two filters are one binding on the channel: realtime-js was asked once.
      expect(bindings.postgres_changes).toHaveLength(1);
      expect(compare).not.toHaveBeenCalled();
    } finally {
      compare.mockRestore();
      await lease.release();
    }
  });
});
