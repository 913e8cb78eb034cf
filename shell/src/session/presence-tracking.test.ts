/** @jest-environment jsdom */
import { createExternalStore, type Portal, type PresenceIdentity, type SessionSnapshot } from '@portal/platform';
import { trackPresence } from './presence-tracking.js';

const signedIn = (id: string): SessionSnapshot => ({
  status: 'signed-in',
  session: null,
  user: { id, email: `${id}@example.test` } as SessionSnapshot['user'],
  aal: 'aal1',
  nextAal: 'aal1',
  event: 'SIGNED_IN',
});

function setup() {
  const session = createExternalStore<SessionSnapshot>({ status: 'loading', session: null, user: null, aal: null, nextAal: null, event: null });
  /** Who this tab tracks: set by start, cleared by stop. */
  let tracked: string | null = null;
  const presence = {
    start: jest.fn((identity: PresenceIdentity) => {
      tracked = identity.userId;
    }),
    stop: jest.fn(async () => {
      tracked = null;
    }),
    setRoute: jest.fn(),
  };
  const portal = { presence, session: { getSnapshot: session.get, subscribe: session.subscribe } } as unknown as Portal;
  const stop = trackPresence(portal);
  const settled = () => new Promise((resolve) => setTimeout(resolve, 0));
  return { session, presence, tracked: () => tracked, stop, settled };
}

describe('presence tracking (the shell, once per tab)', () => {
  it('tracks the session’s user, and stops tracking the previous person as soon as another signs in', async () => {
    const { session, presence, tracked, stop, settled } = setup();
    session.set(signedIn('dana'));
    await settled();
    expect(tracked()).toBe('dana');
    expect(presence.start).toHaveBeenLastCalledWith({ userId: 'dana', name: 'dana@example.test', avatarUrl: null }, '/');

    // Sam signs in (in another tab, say): this tab no longer tells anyone Dana is here.
    session.set(signedIn('sam'));
    expect(tracked()).toBeNull();
    await settled();
    expect(tracked()).toBe('sam');
    stop();
  });

  it('does not start a person who signed out before the start was due', async () => {
    const { session, presence, settled, stop } = setup();
    session.set(signedIn('dana'));
    session.set({ status: 'signed-out', session: null, user: null, aal: null, nextAal: null, event: 'SIGNED_OUT' });
    await settled();
    expect(presence.start).not.toHaveBeenCalled();
    stop();
  });

  it('tracks nobody while the person’s second factor is unused, and starts once the code is in', async () => {
    const { session, presence, tracked, stop, settled } = setup();
    session.set({ ...signedIn('mia'), nextAal: 'aal2' });
    await settled();
    expect(presence.start).not.toHaveBeenCalled();
    session.set({ ...signedIn('mia'), aal: 'aal2', nextAal: 'aal2', event: 'MFA_CHALLENGE_VERIFIED' });
    await settled();
    expect(tracked()).toBe('mia');
    stop();
  });

  it('starts in an idle task of its own where the browser has idle callbacks, within a second', async () => {
    const idle: Array<{ run: () => void; timeout: number | undefined }> = [];
    (globalThis as { requestIdleCallback?: unknown }).requestIdleCallback = (run: () => void, options?: { timeout?: number }) =>
      idle.push({ run, timeout: options?.timeout });
    try {
      const { session, presence, tracked, stop, settled } = setup();
      session.set(signedIn('dana'));
      await settled();
      expect(presence.start).not.toHaveBeenCalled();
      expect(idle.map((i) => i.timeout)).toEqual([1_000]);
      idle[0]!.run();
      expect(tracked()).toBe('dana');
      stop();
    } finally {
      delete (globalThis as { requestIdleCallback?: unknown }).requestIdleCallback;
    }
  });
});
