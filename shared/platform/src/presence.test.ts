import type { RealtimeChannel } from '@supabase/supabase-js';
import { createPresence, peopleFrom, PRESENCE_TOPIC, type PresenceMeta } from './presence.js';
import type { ChannelLease, ChannelRegistry, ChannelStatusListener } from './realtime.js';

/** A registry whose one channel is driven by the test: statuses, presence sync, what was tracked. */
function fakeRegistry() {
  const tracked: Record<string, unknown>[] = [];
  let state: Record<string, PresenceMeta[]> = {};
  let onSync: (() => void) | null = null;
  let onStatus: ChannelStatusListener | null = null;
  const opened: { topic: string; options: unknown }[] = [];
  let released = 0;
  /** While set, a track waits for the test to answer it (`answerTrack`), oldest first. */
  const held = { on: false, answers: [] as ((result: 'ok' | 'timed out' | 'error') => void)[] };
  const channel = {
    track: async (meta: Record<string, unknown>) => {
      tracked.push(meta);
      if (held.on) return new Promise((resolve) => held.answers.push(resolve));
      return 'ok';
    },
    presenceState: () => state,
  } as unknown as RealtimeChannel;
  const registry: ChannelRegistry = {
    channel(topic, options) {
      opened.push({ topic, options });
      const lease = {
        topic,
        channel,
        on: (_type: string, _filter: unknown, callback: () => void) => {
          onSync = callback;
          return lease;
        },
        subscribe: (listener?: ChannelStatusListener) => {
          onStatus = listener ?? null;
          return channel;
        },
        send: async () => 'ok' as const,
        release: async () => {
          released += 1;
        },
      } as unknown as ChannelLease;
      return lease;
    },
    users: () => 0,
    topics: () => [],
  };
  return {
    registry,
    tracked,
    opened,
    released: () => released,
    holdTracks: () => {
      held.on = true;
    },
    answerTrack: (index: number, result: 'ok' | 'timed out' | 'error') => held.answers[index]!(result),
    status: (status: Parameters<ChannelStatusListener>[0]) => onStatus?.(status),
    sync(next: Record<string, PresenceMeta[]>) {
      state = next;
      onSync?.();
    },
  };
}

const at = () => new Date('2026-01-01T10:00:00Z');
const dana = { userId: 'u-dana', name: 'Dana Demo', avatarUrl: null };

describe('presence (tracked once by the shell)', () => {
  it('joins the private presence channel keyed by the user, tracks after the join and again on each route', async () => {
    const fake = fakeRegistry();
    const presence = createPresence(fake.registry, at);
    presence.start(dana, '/data');
    expect(fake.opened).toEqual([{ topic: PRESENCE_TOPIC, options: { config: { private: true, presence: { key: 'u-dana' } } } }]);
    expect(presence.getSnapshot().status).toBe('joining');
    expect(fake.tracked).toEqual([]); // nothing before the join

    fake.status('SUBSCRIBED');
    await Promise.resolve();
    expect(presence.getSnapshot().status).toBe('live');
    expect(fake.tracked).toEqual([{ userId: 'u-dana', name: 'Dana Demo', avatarUrl: null, route: '/data', since: '2026-01-01T10:00:00.000Z' }]);

    presence.setRoute('/live');
    presence.setRoute('/live'); // the same route again: nothing sent
    expect(fake.tracked.map((m) => m.route)).toEqual(['/data', '/live']);

    // A rejoin (after the socket came back) tracks again: the server forgot this tab.
    fake.status('CHANNEL_ERROR');
    expect(presence.getSnapshot().status).toBe('unavailable');
    presence.setRoute('/files'); // not joined: remembered, not sent
    fake.status('SUBSCRIBED');
    expect(fake.tracked.map((m) => m.route)).toEqual(['/data', '/live', '/files']);
  });

  it('says what the latest track got: one sent before a rejoin and timed out after it does not mark the live channel unavailable', async () => {
    const flush = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
    const fake = fakeRegistry();
    const presence = createPresence(fake.registry, at);
    presence.start(dana, '/data');
    fake.holdTracks();
    fake.status('SUBSCRIBED');
    presence.setRoute('/live'); // sent while the network drops, unnoticed yet: no answer comes
    fake.status('CLOSED');
    fake.status('SUBSCRIBED'); // the rejoin tracks again, and the server takes it
    fake.answerTrack(2, 'ok');
    await flush();
    expect(presence.getSnapshot().status).toBe('live');
    // The tracks from before the rejoin time out now: older news than the rejoin's answer.
    fake.answerTrack(0, 'timed out');
    fake.answerTrack(1, 'timed out');
    await flush();
    expect(presence.getSnapshot().status).toBe('live');

    // A track refused, then the next one taken: live again (it stayed unavailable).
    presence.setRoute('/files');
    fake.answerTrack(3, 'error');
    await flush();
    expect(presence.getSnapshot().status).toBe('unavailable');
    presence.setRoute('/data');
    fake.answerTrack(4, 'ok');
    await flush();
    expect(presence.getSnapshot().status).toBe('live');
  });

  it('lists everyone present once per person, with every route they have open', () => {
    const fake = fakeRegistry();
    const presence = createPresence(fake.registry, at);
    presence.start(dana, '/');
    fake.sync({
      'u-sam': [
        { userId: 'u-sam', name: 'Sam Sample', avatarUrl: 'https://x/a.png', route: '/data', since: '2026-01-01T09:00:00Z' },
        { userId: 'u-sam', name: 'Sam Sample', avatarUrl: 'https://x/a.png', route: '/live', since: '2026-01-01T08:00:00Z' },
      ],
      'u-dana': [{ userId: 'u-dana', name: 'Dana Demo', avatarUrl: null, route: '/', since: '2026-01-01T10:00:00Z' }],
    });
    expect(presence.getSnapshot().people).toEqual([
      { userId: 'u-dana', name: 'Dana Demo', avatarUrl: null, routes: ['/'], since: '2026-01-01T10:00:00Z' },
      { userId: 'u-sam', name: 'Sam Sample', avatarUrl: 'https://x/a.png', routes: ['/data', '/live'], since: '2026-01-01T08:00:00Z' },
    ]);
  });

  it('ignores metas that are not the portal’s shape (another client on the topic)', () => {
    expect(peopleFrom({ k: [{ phx_ref: 'x' }, { userId: 'u', name: 'N', route: '/', since: 's', avatarUrl: null }] })).toHaveLength(1);
  });

  it('keeps a route only when it is a path in the portal, and an avatar only when it is a web address', () => {
    const meta = { userId: 'u-eve', name: 'Eve', since: 's' };
    expect(
      peopleFrom({
        k: [
          { ...meta, route: 'javascript:window.__xss=1', avatarUrl: 'javascript:window.__xss=1' },
          { ...meta, route: '//elsewhere.example/x', avatarUrl: null },
          { ...meta, route: '/\\elsewhere.example/x', avatarUrl: null },
          { ...meta, route: '/live/people', avatarUrl: null },
        ],
      }),
    ).toEqual([{ ...meta, avatarUrl: null, routes: ['/live/people'] }]);
    expect(peopleFrom({ k: [{ ...meta, route: '/', avatarUrl: 'https://x/a.png' }] })[0]!.avatarUrl).toBe('https://x/a.png');
  });

  it('stops on sign-out (channel released, nothing listed) and starts afresh for another person', async () => {
    const fake = fakeRegistry();
    const presence = createPresence(fake.registry, at);
    presence.start(dana, '/');
    presence.start({ ...dana, name: 'Dana D.' }, '/data'); // same person: no second channel
    expect(fake.opened).toHaveLength(1);
    await presence.stop();
    expect(fake.released()).toBe(1);
    expect(presence.getSnapshot()).toEqual({ status: 'off', me: null, people: [] });
    presence.start({ userId: 'u-sam', name: 'Sam', avatarUrl: null }, '/');
    expect(fake.opened).toHaveLength(2);
  });
});
