import { VerifiedTokens } from './request.js';

describe('VerifiedTokens', () => {
  it('remembers a token until it expires, and at most a minute', () => {
    const tokens = new VerifiedTokens();
    const now = 1_700_000_000_000;
    tokens.set('a', { role: 'authenticated', exp: now / 1000 + 30 }, now);
    tokens.set('b', { role: 'authenticated', exp: now / 1000 + 3600 }, now);
    expect(tokens.get('a', now + 29_000)).toEqual({ role: 'authenticated', exp: now / 1000 + 30 });
    expect(tokens.get('a', now + 30_000)).toBeNull();
    expect(tokens.get('b', now + 59_000)).not.toBeNull();
    expect(tokens.get('b', now + 60_000)).toBeNull();
    expect(tokens.get('unknown', now)).toBeNull();
  });

  it('stays bounded', () => {
    const tokens = new VerifiedTokens(2);
    tokens.set('a', {}, 0);
    tokens.set('b', {}, 0);
    tokens.set('c', {}, 0);
    expect([tokens.get('a', 0), tokens.get('c', 0)]).toEqual([null, {}]);
  });

  it('evicts the least recently used token when full, and keeps the others', () => {
    const tokens = new VerifiedTokens(2);
    tokens.set('a', { sub: 'a' }, 0);
    tokens.set('b', { sub: 'b' }, 0);
    expect(tokens.get('a', 0)).toEqual({ sub: 'a' });
    tokens.set('c', { sub: 'c' }, 0);
    expect([tokens.get('a', 0), tokens.get('b', 0), tokens.get('c', 0)]).toEqual([
      { sub: 'a' },
      null,
      { sub: 'c' },
    ]);
  });

  it('hands back the same claims object on every hit', () => {
    const tokens = new VerifiedTokens();
    const claims = { role: 'authenticated' };
    tokens.set('a', claims, 0);
    expect(tokens.get('a', 1)).toBe(claims);
    expect(tokens.get('a', 2)).toBe(claims);
  });
});
