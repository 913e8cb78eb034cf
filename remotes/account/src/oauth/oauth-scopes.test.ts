import { describeScopes, splitScope } from './oauth-scopes.js';

describe('OAuth scopes in words', () => {
  it('says what each known scope shares and names an unknown one as it is', () => {
    expect(describeScopes(splitScope(' openid  email custom:read'))).toEqual([
      'Confirm who you are (your account ID)',
      'See your email address',
      'Access "custom:read"',
    ]);
  });
});
