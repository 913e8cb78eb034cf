/** @jest-environment jsdom */
import { createExternalStore, type Portal, type PresenceIdentity, type SessionSnapshot } from '@portal/platform';
import { trackPresence } from './presence-tracking.js';

const signedIn = (id: string): SessionSnapshot => ({
  status: 'signed-in',
  session: null,
  user: { id, email: `${id}@example.test` } as SessionSnapshot['user'],
  aal: 'aal1',
  event: 'SIGNED_IN',
});

function setup() {
  const session = createExternalStore<SessionSnapshot>({ status: 'loading', session: null, user: null, aal: null, event: null });
  /** Who this tab says is here: set by start, cleared by stop. */
  let tracked: string | null = null;
  const presence = {
    start: jest.fn((identity: PresenceIdentity) => {
      tracked = identity.name;
    }),
    stop: jest.fn(async () => {
      tracked = null;
    }),
    setRoute: jest.fn(),
  };
  // Each profile read answers when the test says so.
  const reads: ((name: string) => void)[] = [];
  const profiles = {
    select: () => profiles,
    eq: () => profiles,
    maybeSingle: () => new Promise((resolve) => reads.push((name) => resolve({ data: { display_name: name, avatar_url: null }, error: null }))),
  };
  const supabase = { from: () => profiles };
  const portal = { presence, session: { getSnapshot: session.get, subscribe: session.subscribe }, supabase } as unknown as Portal;
  const stop = trackPresence(portal);
  const settled = () => new Promise((resolve) => setTimeout(resolve, 0));
  return { session, presence, reads, tracked: () => tracked, stop, settled };
}

describe('presence tracking (the shell, once per tab)', () => {
  it('stops tracking the previous person as soon as another signs in, not once the new profile is read', async () => {
    const { session, reads, tracked, stop, settled } = setup();
    session.set(signedIn('dana'));
    await settled();
    reads[0]!('Dana Demo');
    await settled();
    expect(tracked()).toBe('Dana Demo');

    // Sam signs in (in another tab, say): this tab no longer tells everyone Dana is here.
    session.set(signedIn('sam'));
    expect(tracked()).toBeNull();
    await settled();
    reads[1]!('Sam Sample');
    await settled();
    expect(tracked()).toBe('Sam Sample');
    stop();
  });
});
