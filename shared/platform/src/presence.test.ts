import type { RealtimeChannel } from '@supabase/supabase-js';
import type { PresencePeople, PresenceProfile } from './presence-people.js';
import { createPresence, presenceTopic, tabsFrom } from './presence.js';
import type { ChannelLease, ChannelRegistry, ChannelStatusListener } from './realtime.js';

/** One topic's channel as the test drives it: statuses, presence syncs, what was tracked. */
interface FakeTopic {
  options: unknown;
  tracked: Record<string, unknown>[];
  state: Record<string, unknown[]>;
  onSync: (() => void) | null;
  onStatus: ChannelStatusListener | null;
  released: boolean;
}

/** A registry of channels driven by the test, by topic. */
function fakeRegistry() {
  const topics = new Map<string, FakeTopic>();
  /** While set, a track waits for the test to answer it (`answerTrack`), oldest first. */
  const held = { on: false, answers: [] as ((result: 'ok' | 'timed out' | 'error') => void)[] };
  const registry: ChannelRegistry = {
    channel(topic, options) {
      const fake: FakeTopic = { options, tracked: [], state: {}, onSync: null, onStatus: null, released: false };
      topics.set(topic, fake);
      const channel = {
        track: async (meta: Record<string, unknown>) => {
          fake.tracked.push(meta);
          if (held.on) return new Promise((resolve) => held.answers.push(resolve));
          return 'ok';
        },
        presenceState: () => fake.state,
      } as unknown as RealtimeChannel;
      const lease = {
        topic,
        channel,
        on: (_type: string, _filter: unknown, callback: () => void) => {
          fake.onSync = callback;
          return lease;
        },
        subscribe: (listener?: ChannelStatusListener) => {
          fake.onStatus = listener ?? null;
          return channel;
        },
        send: async () => 'ok' as const,
        release: async () => {
          fake.released = true;
        },
      } as unknown as ChannelLease;
      return lease;
    },
    users: () => 0,
    topics: () => [...topics.keys()],
  };
  const topic = (userId: string) => {
    const fake = topics.get(presenceTopic(userId));
    if (!fake) throw new Error(`no channel on ${presenceTopic(userId)}`);
    return fake;
  };
  return {
    registry,
    topic,
    /** The topics held (not released). */
    held: () => [...topics].filter(([, t]) => !t.released).map(([name]) => name),
    holdTracks: () => {
      held.on = true;
    },
    answerTrack: (index: number, result: 'ok' | 'timed out' | 'error') => held.answers[index]!(result),
    status: (userId: string, status: Parameters<ChannelStatusListener>[0]) => topic(userId).onStatus?.(status),
    sync(userId: string, state: Record<string, unknown[]>) {
      topic(userId).state = state;
      topic(userId).onSync?.();
    },
  };
}

/** Whom the person may see, answered when the test says; `change()` is a membership change heard. */
function fakePeople(initial: PresenceProfile[]) {
  let profiles = initial;
  let onChange: (() => void) | null = null;
  let reads = 0;
  const people: PresencePeople = {
    read: async () => {
      reads += 1;
      return profiles;
    },
    follow: (listener) => {
      onChange = listener;
      return () => {
        onChange = null;
      };
    },
  };
  return {
    people,
    reads: () => reads,
    following: () => onChange !== null,
    change(next: PresenceProfile[]) {
      profiles = next;
      onChange?.();
    },
  };
}

const flush = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
const at = () => new Date('2026-01-01T10:00:00Z');
const dana = { userId: 'u-dana', name: 'dana@example.com', avatarUrl: null };
const profile = (userId: string, name: string | null, avatarUrl: string | null = null): PresenceProfile => ({ userId, name, avatarUrl });
const DANA = profile('u-dana', 'Dana Demo');
const SAM = profile('u-sam', 'Sam Sample', 'https://x/a.png');

describe('presence (tracked once by the shell, on the person’s own topic)', () => {
  it('tracks on the person’s own private topic after the join, and again on each route and rejoin', async () => {
    const fake = fakeRegistry();
    const presence = createPresence(fake.registry, fakePeople([DANA]).people, at);
    presence.start(dana, '/data');
    expect(fake.topic('u-dana').options).toEqual({ config: { private: true } });
    expect(presence.getSnapshot().status).toBe('joining');
    expect(fake.topic('u-dana').tracked).toEqual([]); // nothing before the join

    fake.status('u-dana', 'SUBSCRIBED');
    await flush();
    expect(presence.getSnapshot().status).toBe('live');
    // Where and since when; who is the topic.
    expect(fake.topic('u-dana').tracked).toEqual([{ route: '/data', since: '2026-01-01T10:00:00.000Z' }]);

    presence.setRoute('/live');
    presence.setRoute('/live'); // the same route again: nothing sent
    expect(fake.topic('u-dana').tracked.map((m) => m.route)).toEqual(['/data', '/live']);

    // A rejoin (after the socket came back) tracks again: the server forgot this tab.
    fake.status('u-dana', 'CHANNEL_ERROR');
    expect(presence.getSnapshot().status).toBe('unavailable');
    presence.setRoute('/files'); // not joined: remembered, not sent
    fake.status('u-dana', 'SUBSCRIBED');
    expect(fake.topic('u-dana').tracked.map((m) => m.route)).toEqual(['/data', '/live', '/files']);
  });

  it('says what the latest track got: one sent before a rejoin and timed out after it does not mark the live channel unavailable', async () => {
    const fake = fakeRegistry();
    const presence = createPresence(fake.registry, fakePeople([DANA]).people, at);
    presence.start(dana, '/data');
    fake.holdTracks();
    fake.status('u-dana', 'SUBSCRIBED');
    presence.setRoute('/live'); // sent while the network drops, unnoticed yet: no answer comes
    fake.status('u-dana', 'CLOSED');
    fake.status('u-dana', 'SUBSCRIBED'); // the rejoin tracks again, and the server takes it
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

  it('watches only the people it may see (their profiles), each on their own topic, and lists them with every route, named by their profile', async () => {
    const fake = fakeRegistry();
    const presence = createPresence(fake.registry, fakePeople([DANA, SAM]).people, at);
    presence.start(dana, '/');
    await flush();
    expect(fake.held().sort()).toEqual([presenceTopic('u-dana'), presenceTopic('u-sam')]);
    expect(fake.topic('u-sam').options).toEqual({ config: { private: true } });
    expect(fake.topic('u-sam').tracked).toEqual([]); // watched, never tracked on

    fake.sync('u-sam', {
      k1: [{ route: '/data', since: '2026-01-01T09:00:00Z' }],
      k2: [{ route: '/live', since: '2026-01-01T08:00:00Z' }],
    });
    fake.sync('u-dana', { k3: [{ route: '/', since: '2026-01-01T10:00:00Z' }] });
    expect(presence.getSnapshot().people).toEqual([
      { userId: 'u-dana', name: 'Dana Demo', avatarUrl: null, routes: ['/'], since: '2026-01-01T10:00:00Z' },
      { userId: 'u-sam', name: 'Sam Sample', avatarUrl: 'https://x/a.png', routes: ['/data', '/live'], since: '2026-01-01T08:00:00Z' },
    ]);
    expect(presence.getSnapshot().me).toMatchObject({ userId: 'u-dana', name: 'Dana Demo' });
  });

  it('ignores every identity a payload claims: a co-member claiming to be this person is listed as who their topic says, never merged into “you”', async () => {
    const fake = fakeRegistry();
    const presence = createPresence(fake.registry, fakePeople([DANA, SAM]).people, at);
    presence.start(dana, '/');
    await flush();
    fake.sync('u-dana', { mine: [{ route: '/', since: '2026-01-01T10:00:00Z' }] });
    // Sam's client tracks, on Sam's topic (the only one Postgres lets Sam track on), Dana's identity.
    fake.sync('u-sam', {
      'u-dana': [{ userId: 'u-dana', name: 'Dana Demo', avatarUrl: 'javascript:alert(1)', route: '/spoofed', since: '2020-01-01T00:00:00Z' }],
    });
    const { people, me } = presence.getSnapshot();
    const danaListed = people.find((p) => p.userId === me!.userId)!;
    expect(danaListed).toEqual({ userId: 'u-dana', name: 'Dana Demo', avatarUrl: null, routes: ['/'], since: '2026-01-01T10:00:00Z' });
    expect(people.find((p) => p.userId === 'u-sam')).toEqual({
      userId: 'u-sam',
      name: 'Sam Sample',
      avatarUrl: 'https://x/a.png',
      routes: ['/spoofed'],
      since: '2020-01-01T00:00:00Z',
    });
    expect(people).toHaveLength(2);
  });

  it('follows membership changes: holds a channel for someone newly sharing a project, lets go of someone who no longer does', async () => {
    const fake = fakeRegistry();
    const whom = fakePeople([DANA]);
    const presence = createPresence(fake.registry, whom.people, at);
    presence.start(dana, '/');
    await flush();
    expect(fake.held()).toEqual([presenceTopic('u-dana')]);

    whom.change([DANA, SAM]);
    await flush();
    expect(fake.held().sort()).toEqual([presenceTopic('u-dana'), presenceTopic('u-sam')]);
    fake.status('u-sam', 'SUBSCRIBED');
    fake.sync('u-sam', { k: [{ route: '/data', since: '2026-01-01T09:00:00Z' }] });
    expect(presence.getSnapshot().people.map((p) => p.userId)).toEqual(['u-sam']);

    whom.change([DANA]);
    await flush();
    expect(fake.held()).toEqual([presenceTopic('u-dana')]);
    expect(presence.getSnapshot().people).toEqual([]);
  });

  it('forgets what a channel said once it is refused or closed', async () => {
    const fake = fakeRegistry();
    const presence = createPresence(fake.registry, fakePeople([DANA, SAM]).people, at);
    presence.start(dana, '/');
    await flush();
    fake.status('u-sam', 'SUBSCRIBED');
    fake.sync('u-sam', { k: [{ route: '/data', since: '2026-01-01T09:00:00Z' }] });
    expect(presence.getSnapshot().people).toHaveLength(1);
    fake.status('u-sam', 'CHANNEL_ERROR');
    expect(presence.getSnapshot().people).toEqual([]);
  });

  it('keeps a route only when it is a path in the portal, a start only when it is a time, and nothing else a tab sends', () => {
    expect(
      tabsFrom({
        a: [
          { route: 'javascript:window.__xss=1', since: 'yesterday-ish' },
          { route: '//elsewhere.example/x', since: 7 },
          { route: '/\\elsewhere.example/x' },
        ],
        b: [{ route: '/live/people', since: '2026-01-01T09:00:00Z', userId: 'u-someone-else' }, null],
      }),
    ).toEqual({ routes: ['/live/people'], since: '2026-01-01T09:00:00Z' });
    expect(tabsFrom({})).toBeNull();
  });

  it('stops on sign-out (every channel released, following stopped, nothing listed) and starts afresh for another person', async () => {
    const fake = fakeRegistry();
    const whom = fakePeople([DANA, SAM]);
    const presence = createPresence(fake.registry, whom.people, at);
    presence.start(dana, '/');
    presence.start({ ...dana, name: 'Dana D.' }, '/data'); // same person: no second channel
    await flush();
    expect(fake.held()).toHaveLength(2);
    await presence.stop();
    expect(fake.held()).toEqual([]);
    expect(whom.following()).toBe(false);
    expect(presence.getSnapshot()).toEqual({ status: 'off', me: null, people: [] });
    presence.start({ userId: 'u-sam', name: 'sam@example.com', avatarUrl: null }, '/');
    await flush();
    expect(fake.held().sort()).toEqual([presenceTopic('u-dana'), presenceTopic('u-sam')]);
  });

  it('drops a profile read that answers after the person changed', async () => {
    const fake = fakeRegistry();
    const answers: ((profiles: PresenceProfile[]) => void)[] = [];
    const people: PresencePeople = { read: () => new Promise((resolve) => answers.push(resolve)), follow: () => () => undefined };
    const presence = createPresence(fake.registry, people, at);
    presence.start(dana, '/');
    await presence.stop();
    presence.start({ userId: 'u-kim', name: 'kim@example.com', avatarUrl: null }, '/');
    expect(answers).toHaveLength(2); // Kim's read does not wait for Dana's
    answers[0]!([DANA, SAM]);
    await flush();
    expect(fake.held()).toEqual([presenceTopic('u-kim')]);
    answers[1]!([profile('u-kim', 'Kim'), SAM]);
    await flush();
    expect(fake.held().sort()).toEqual([presenceTopic('u-kim'), presenceTopic('u-sam')]);
    expect(presence.getSnapshot().me?.name).toBe('Kim');
  });
});
