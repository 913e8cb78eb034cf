/** @jest-environment jsdom */
import { createExternalStore, type Portal, type RemoteStatus, type RequiredAuth, type SessionSnapshot } from '@portal/platform';
import { followSessionEnd } from './session-end.js';

const remote = (name: string, route: string, auth: RequiredAuth) => ({ name, title: name, route, auth }) as RemoteStatus;
const signedIn: SessionSnapshot = { status: 'signed-in', session: null, user: { id: 'dana' } as SessionSnapshot['user'], aal: 'aal1', nextAal: 'aal1', event: 'SIGNED_IN' };
const refreshed: SessionSnapshot = { ...signedIn, event: 'TOKEN_REFRESHED' };
const signedOut: SessionSnapshot = { status: 'signed-out', session: null, user: null, aal: null, nextAal: null, event: 'SIGNED_OUT' };
const loading: SessionSnapshot = { status: 'loading', session: null, user: null, aal: null, nextAal: null, event: null };

function setup(at: string, first: SessionSnapshot) {
  window.history.replaceState(null, '', at);
  const session = createExternalStore<SessionSnapshot>(first);
  const remotes = createExternalStore<readonly RemoteStatus[]>([remote('data', '/data', 'aal1'), remote('account', '/account', 'none'), remote('vault', '/vault', 'aal2')]);
  const navigate = jest.fn();
  const portal = { session: { getSnapshot: session.get, subscribe: session.subscribe }, remotes, navigate } as unknown as Portal;
  const stop = followSessionEnd(portal, '/account/sign-in');
  return { session, navigate, stop };
}

describe('following the end of a session', () => {
  it('sends a person whose session ended on a route that needs one to sign in, to come back to that route', () => {
    const { session, navigate } = setup('/data/projects?table=tasks&filter=done', signedIn);
    session.set(refreshed);
    expect(navigate).not.toHaveBeenCalled();
    session.set(signedOut);
    expect(navigate).toHaveBeenCalledTimes(1);
    expect(navigate).toHaveBeenCalledWith('/account/sign-in?next=%2Fdata%2Fprojects%3Ftable%3Dtasks%26filter%3Ddone', { replace: true });
  });

  it('does the same on a route that needs the second factor', () => {
    const { session, navigate } = setup('/vault', { ...signedIn, aal: 'aal2' });
    session.set(signedOut);
    expect(navigate).toHaveBeenCalledWith('/account/sign-in?next=%2Fvault', { replace: true });
  });

  it('leaves the person where they are on a route open to everyone, and outside every remote', () => {
    for (const at of ['/account/profile', '/', '/status']) {
      const { session, navigate, stop } = setup(at, signedIn);
      session.set(signedOut);
      expect(navigate).not.toHaveBeenCalled();
      stop();
    }
  });

  it('does nothing when there was no session to end (restoring one that is not there)', () => {
    const { session, navigate } = setup('/data', loading);
    session.set(signedOut);
    session.set(signedOut);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('follows every session: signed in again and ended again sends to sign in again; stopped, it no longer listens', () => {
    const { session, navigate, stop } = setup('/data', signedIn);
    session.set(signedOut);
    session.set(signedIn);
    session.set(signedOut);
    expect(navigate).toHaveBeenCalledTimes(2);
    stop();
    session.set(signedIn);
    session.set(signedOut);
    expect(navigate).toHaveBeenCalledTimes(2);
  });
});
