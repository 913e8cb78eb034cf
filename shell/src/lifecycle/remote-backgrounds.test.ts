import { createExternalStore, createNavBadges, type Portal, type RemoteBackgroundModule, type SessionSnapshot } from '@portal/platform';
import type { RegistryEntry } from '@portal/platform/registry';
import { createLifecycleHooks } from './lifecycle-hooks.js';
import { RemoteBackgrounds } from './remote-backgrounds.js';

// The federation runtime is not needed: the loader is passed in.
jest.mock('../federation/federation.js', () => ({ loadExposed: jest.fn() }));

const entry = (auth: RegistryEntry['auth'], background?: string): RegistryEntry => ({
  title: 'Live',
  route: '/live',
  contract: '^1.2.0',
  auth,
  version: '1.0.0',
  manifest: 'http://127.0.0.1:3005/1.0.0/mf-manifest.json',
  integrity: 'sha384-x',
  ...(background ? { background } : {}),
});

const signedIn = (id: string): SessionSnapshot => ({ status: 'signed-in', session: null, user: { id } as SessionSnapshot['user'], aal: 'aal1', nextAal: 'aal1', event: 'SIGNED_IN' });
const signedOut: SessionSnapshot = { status: 'signed-out', session: null, user: null, aal: null, nextAal: null, event: 'SIGNED_OUT' };

function setup() {
  const session = createExternalStore<SessionSnapshot>({ status: 'loading', session: null, user: null, aal: null, nextAal: null, event: null });
  const navBadges = createNavBadges();
  const portal = { session: { getSnapshot: session.get, subscribe: session.subscribe }, navBadges } as unknown as Portal;
  const log: string[] = [];
  const load = jest.fn(async (remote: string, expose: string): Promise<RemoteBackgroundModule> => ({
    start: ({ name, setNavBadge }) => {
      const who = session.get().user?.id;
      log.push(`start ${name}/${expose} for ${who}`);
      setNavBadge({ count: 3, label: `3 for ${who}` });
      return () => {
        log.push(`stop ${remote} for ${who}`);
      };
    },
  }));
  const backgrounds = new RemoteBackgrounds(portal, load);
  const settled = () => new Promise((resolve) => setTimeout(resolve, 0));
  return { session, navBadges, backgrounds, load, log, settled };
}

describe('remote backgrounds', () => {
  it('start once the person may use the remote, stop with the session, and start again for the next person', async () => {
    const { session, navBadges, backgrounds, load, log, settled } = setup();
    backgrounds.register(new Map([['live', entry('aal1', './background')], ['data', entry('aal1')]]));
    await settled();
    expect(load).not.toHaveBeenCalled(); // still restoring the session

    session.set(signedIn('dana'));
    session.set({ ...signedIn('dana'), event: 'TOKEN_REFRESHED' }); // same person: keeps running
    await settled();
    expect(load).toHaveBeenCalledTimes(1);
    expect(load).toHaveBeenCalledWith('live', 'background'); // only the remote that declares one
    expect(navBadges.get()).toEqual({ live: { count: 3, label: '3 for dana' } });

    session.set(signedIn('sam'));
    await settled();
    expect(log).toEqual(['start live/background for dana', 'stop live for dana', 'start live/background for sam']);
    expect(navBadges.get()).toEqual({ live: { count: 3, label: '3 for sam' } });

    session.set(signedOut);
    await settled();
    expect(log.at(-1)).toBe('stop live for sam');
    expect(navBadges.get()).toEqual({});
  });

  it('takes the previous person’s badge off at once, and keeps what a stopped background sets late off the navigation', async () => {
    const { session, navBadges, backgrounds, load, settled } = setup();
    const setters: Record<string, (badge: { count: number; label: string } | null) => void> = {};
    let stopped: (() => void) | null = null;
    load.mockImplementation(async () => ({
      start: ({ setNavBadge }) => {
        const who = session.get().user!.id;
        setters[who] = setNavBadge;
        // dana's count is known; sam's first read has not answered yet.
        if (who === 'dana') setNavBadge({ count: 3, label: '3 unread messages: Dana’s room 3' });
        // Stopping releases channels: a round trip to the server, held here.
        return () => new Promise<void>((resolve) => (stopped = resolve));
      },
    }));
    backgrounds.register(new Map([['live', entry('aal1', './background')]]));
    session.set(signedIn('dana'));
    await settled();
    expect(navBadges.get()).toEqual({ live: { count: 3, label: '3 unread messages: Dana’s room 3' } });

    // Another person signs in (in another tab, say): dana's count must not stay beside sam's session.
    session.set(signedIn('sam'));
    await settled();
    expect(navBadges.get()).toEqual({});
    // A read of dana's background that answers after it was told to stop shows nothing either.
    setters.dana!({ count: 4, label: '4 unread messages: Dana’s room 4' });
    expect(navBadges.get()).toEqual({});
    stopped!();
    await settled();
    setters.sam!({ count: 1, label: '1 unread message: Sam’s room 1' });
    expect(navBadges.get()).toEqual({ live: { count: 1, label: '1 unread message: Sam’s room 1' } });

    // Signing out takes the badge off at once, before the background has finished stopping.
    session.set(signedOut);
    expect(navBadges.get()).toEqual({});
  });

  it('waits for a second factor when the remote needs one', async () => {
    const { session, backgrounds, load, settled } = setup();
    backgrounds.register(new Map([['admin', entry('aal2', './background')]]));
    session.set(signedIn('dana'));
    await settled();
    expect(load).not.toHaveBeenCalled();
    session.set({ ...signedIn('dana'), aal: 'aal2' });
    await settled();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('starts none for a person whose second factor this session has not used, whatever the remote needs', async () => {
    const { session, backgrounds, load, settled } = setup();
    backgrounds.register(new Map([['live', entry('aal1', './background')], ['news', entry('none', './background')]]));
    await settled();
    expect(load).not.toHaveBeenCalled(); // not even the one open to everyone, while the session is restored
    session.set({ ...signedIn('dana'), nextAal: 'aal2' });
    await settled();
    expect(load).not.toHaveBeenCalled();
    session.set({ ...signedIn('dana'), aal: 'aal2', nextAal: 'aal2', event: 'MFA_CHALLENGE_VERIFIED' });
    await settled();
    expect(load.mock.calls.map(([remote]) => remote).sort()).toEqual(['live', 'news']);
  });

  it('reports a background that fails to load, naming the remote, and keeps the others going', async () => {
    const { session, backgrounds, load, settled } = setup();
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    load.mockRejectedValueOnce(new Error('offline'));
    backgrounds.register(new Map([['live', entry('aal1', './background')], ['files', entry('aal1', './uploads-watch')]]));
    session.set(signedIn('dana'));
    await settled();
    expect(errors).toHaveBeenCalledWith(expect.stringMatching(/The background of "live" failed \(start\): .*offline/));
    expect(load).toHaveBeenCalledWith('files', 'uploads-watch');
    errors.mockRestore();
  });

  it('follows the registered hook: the compatible remotes start once the remote the page opened on has settled', async () => {
    const { session, backgrounds, load, settled } = setup();
    const hooks = createLifecycleHooks();
    let openedSettled!: () => void;
    backgrounds.follow(hooks, () => new Promise<void>((resolve) => (openedSettled = resolve)));
    session.set(signedIn('dana'));
    const registered = (name: string, compatible: boolean) => {
      const declared = entry('aal1', './background');
      return { name, entry: declared, release: { ...declared, canary: false }, override: undefined, compatible };
    };
    hooks.registered.emit({ remotes: [registered('live', true), registered('admin', false)] });
    await settled();
    expect(load).not.toHaveBeenCalled(); // what the person opened renders first

    openedSettled();
    await settled();
    expect(load.mock.calls).toEqual([['live', 'background']]); // never a blocked remote's
  });
});
