import { accountRedirect } from './account-paths.js';

describe('the OAuth consent page in the account area', () => {
  it('sends a signed-out person to sign in and back to the same request (authorization_id kept)', () => {
    expect(
      accountRedirect({ subpath: '/oauth/consent', status: 'signed-out', aal: null, nextAal: null, next: null, search: '?authorization_id=abc' }),
    ).toBe('/account/sign-in?next=%2Faccount%2Foauth%2Fconsent%3Fauthorization_id%3Dabc');
  });

  it('renders for a signed-in person', () => {
    expect(accountRedirect({ subpath: '/oauth/consent', status: 'signed-in', aal: 'aal1', nextAal: 'aal1', next: null, search: '?authorization_id=abc' })).toBeNull();
  });
});
