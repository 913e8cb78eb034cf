import { coversScopes, parseScopes, scopeProblem } from './scopes.js';

describe('OAuth server scopes', () => {
  it('parses space-separated scopes without blanks or duplicates', () => {
    expect(parseScopes('  openid email\temail profile ')).toEqual(['openid', 'email', 'profile']);
  });

  it('names the first unsupported scope, as GoTrue does', () => {
    expect(scopeProblem('openid email')).toBeNull();
    expect(scopeProblem('openid admin')).toBe('unsupported scope: admin');
    expect(scopeProblem('   ')).toBe('scope parameter cannot be empty');
  });

  it('lets a consent cover a request only when it holds every requested scope', () => {
    expect(coversScopes('openid email profile', 'email openid')).toBe(true);
    expect(coversScopes('email', 'email profile')).toBe(false);
  });
});
