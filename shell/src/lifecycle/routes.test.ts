import { awaitsSecondFactor, checkAuth, routeMatches, safeNextPath } from './routes.js';

describe('shell routes', () => {
  it('matches a route and what lies below it only', () => {
    expect(routeMatches('/account', '/account')).toBe(true);
    expect(routeMatches('/account', '/account/sign-in')).toBe(true);
    expect(routeMatches('/account', '/accounts')).toBe(false);
    expect(routeMatches('/account', '/')).toBe(false);
  });

  it('gates routes by the auth level they need', () => {
    const loading = { status: 'loading', aal: null, nextAal: null } as const;
    const signedOut = { status: 'signed-out', aal: null, nextAal: null } as const;
    const aal1 = { status: 'signed-in', aal: 'aal1', nextAal: 'aal1' } as const;
    const aal2 = { status: 'signed-in', aal: 'aal2', nextAal: 'aal2' } as const;
    expect(checkAuth('none', signedOut)).toBe('allowed');
    expect(checkAuth('aal1', loading)).toBe('waiting');
    expect(checkAuth('aal1', signedOut)).toBe('needs-session');
    expect(checkAuth('aal1', aal1)).toBe('allowed');
    expect(checkAuth('aal2', aal1)).toBe('needs-second-factor');
    expect(checkAuth('aal2', aal2)).toBe('allowed');
  });

  it('opens nothing but the second-factor page to a session that has not used the person’s factor', () => {
    const awaiting = { status: 'signed-in', aal: 'aal1', nextAal: 'aal2' } as const;
    expect(awaitsSecondFactor(awaiting)).toBe(true);
    for (const required of ['none', 'aal1', 'aal2'] as const) {
      expect(checkAuth(required, awaiting)).toBe('needs-second-factor');
    }
    expect(checkAuth('none', awaiting, true)).toBe('allowed');
    expect(checkAuth('aal1', awaiting, true)).toBe('allowed');
    expect(awaitsSecondFactor({ status: 'signed-in', aal: 'aal2', nextAal: 'aal2' })).toBe(false);
    expect(awaitsSecondFactor({ status: 'signed-in', aal: 'aal1', nextAal: 'aal1' })).toBe(false);
    expect(awaitsSecondFactor({ status: 'loading', aal: null, nextAal: null })).toBe(false);
  });

  it('follows only next paths inside the portal', () => {
    expect(safeNextPath('/data?table=notes')).toBe('/data?table=notes');
    expect(safeNextPath('//evil.example/x')).toBe('/');
    expect(safeNextPath('https://evil.example')).toBe('/');
    expect(safeNextPath('/\\evil.example')).toBe('/');
    expect(safeNextPath(null, '/account')).toBe('/account');
  });
});
