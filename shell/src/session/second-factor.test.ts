/** @jest-environment jsdom */
import { createExternalStore, type Portal, type SessionSnapshot } from '@portal/platform';
import { followSecondFactor, secondFactorTarget } from './second-factor.js';

const PATHS = { signInPath: '/account/sign-in', secondFactorPath: '/account/verify' };
const user = { id: 'mia' } as SessionSnapshot['user'];
const loading: SessionSnapshot = { status: 'loading', session: null, user: null, aal: null, nextAal: null, event: null };
const awaiting: SessionSnapshot = { status: 'signed-in', session: null, user, aal: 'aal1', nextAal: 'aal2', event: 'SIGNED_IN' };
const verified: SessionSnapshot = { ...awaiting, aal: 'aal2', event: 'MFA_CHALLENGE_VERIFIED' };
const withoutFactor: SessionSnapshot = { ...awaiting, nextAal: 'aal1' };

/** The portal's navigate as the platform does it: the location changes, then a popstate. */
function setup(at: string, first: SessionSnapshot) {
  window.history.replaceState(null, '', at);
  const session = createExternalStore<SessionSnapshot>(first);
  const navigate = jest.fn((to: string, { replace = false }: { replace?: boolean } = {}) => {
    if (replace) window.history.replaceState(null, '', to);
    else window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  });
  const portal = { session: { getSnapshot: session.get, subscribe: session.subscribe }, navigate } as unknown as Portal;
  const stop = followSecondFactor(portal, PATHS);
  const settled = () => new Promise((resolve) => setTimeout(resolve, 0));
  const here = () => window.location.pathname + window.location.search;
  return { session, navigate, stop, settled, here };
}

describe('the second factor, a rule of the session', () => {
  it('sends an aal1 session of a person with a factor to the second-factor page, keeping the route asked for', async () => {
    const { session, navigate, settled, here, stop } = setup('/data/tasks?filter=open', loading);
    session.set(awaiting);
    await settled();
    expect(navigate).toHaveBeenCalledWith('/account/verify?next=%2Fdata%2Ftasks%3Ffilter%3Dopen', { replace: true });
    expect(here()).toBe('/account/verify?next=%2Fdata%2Ftasks%3Ffilter%3Dopen');
    stop();
  });

  it('sends every later navigation back to it, the shell’s own pages included, and leaves the page itself alone', async () => {
    const { navigate, settled, here, stop } = setup('/account/verify?next=%2Fdata', awaiting);
    await settled();
    expect(navigate).not.toHaveBeenCalled();
    for (const [to, expected] of [
      ['/files', '/account/verify?next=%2Ffiles'],
      ['/', '/account/verify?next=%2F'],
      ['/status', '/account/verify?next=%2Fstatus'],
      ['/account/security', '/account/verify?next=%2Faccount%2Fsecurity'],
    ]) {
      window.history.pushState(null, '', to);
      window.dispatchEvent(new PopStateEvent('popstate'));
      await settled();
      expect(here()).toBe(expected);
    }
    stop();
  });

  it('lets the session go anywhere once the code is in, and never stops a person without a verified factor', async () => {
    const { session, navigate, settled, stop } = setup('/account/verify?next=%2Fdata', awaiting);
    session.set(verified);
    window.history.pushState(null, '', '/data');
    window.dispatchEvent(new PopStateEvent('popstate'));
    await settled();
    session.set(withoutFactor);
    window.history.pushState(null, '', '/files');
    window.dispatchEvent(new PopStateEvent('popstate'));
    await settled();
    expect(navigate).not.toHaveBeenCalled();
    stop();
  });

  it('stops following when asked', async () => {
    const { session, navigate, settled, stop } = setup('/data', loading);
    stop();
    session.set(awaiting);
    await settled();
    expect(navigate).not.toHaveBeenCalled();
  });

  it('carries on the sign-in page’s own next, and drops a next that leaves the portal', () => {
    expect(secondFactorTarget({ pathname: '/account/sign-in', search: '?next=%2Fvault' }, PATHS)).toBe('/account/verify?next=%2Fvault');
    expect(secondFactorTarget({ pathname: '/account/sign-in', search: '' }, PATHS)).toBe('/account/verify');
    expect(secondFactorTarget({ pathname: '/account/sign-in', search: '?next=%2F%2Fevil.example' }, PATHS)).toBe('/account/verify');
    expect(secondFactorTarget({ pathname: '/live/rooms/4', search: '' }, PATHS)).toBe('/account/verify?next=%2Flive%2Frooms%2F4');
  });
});
