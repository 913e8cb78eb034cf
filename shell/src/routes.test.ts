import { checkAuth, routeMatches, safeNextPath } from './routes.js';

describe('shell routes', () => {
  it('matches a route and what lies below it only', () => {
    expect(routeMatches('/account', '/account')).toBe(true);
    expect(routeMatches('/account', '/account/sign-in')).toBe(true);
    expect(routeMatches('/account', '/accounts')).toBe(false);
    expect(routeMatches('/account', '/')).toBe(false);
  });

  it('gates routes by the auth level they need', () => {
    expect(checkAuth('none', 'signed-out', null)).toBe('allowed');
    expect(checkAuth('aal1', 'loading', null)).toBe('waiting');
    expect(checkAuth('aal1', 'signed-out', null)).toBe('needs-session');
    expect(checkAuth('aal1', 'signed-in', 'aal1')).toBe('allowed');
    expect(checkAuth('aal2', 'signed-in', 'aal1')).toBe('needs-second-factor');
    expect(checkAuth('aal2', 'signed-in', 'aal2')).toBe('allowed');
  });

  it('follows only next paths inside the portal', () => {
    expect(safeNextPath('/data?table=notes')).toBe('/data?table=notes');
    expect(safeNextPath('//evil.example/x')).toBe('/');
    expect(safeNextPath('https://evil.example')).toBe('/');
    expect(safeNextPath('/\\evil.example')).toBe('/');
    expect(safeNextPath(null, '/account')).toBe('/account');
  });
});
