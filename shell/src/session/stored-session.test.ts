import { mayHoldSession } from './stored-session.js';

const plain = { search: '', hash: '' };

describe('whether this browser may hold a session before supabase-js has restored it', () => {
  it('does with the session cookie of any project ref, whole or chunked, or a sign-in under way', () => {
    expect(mayHoldSession('sb-127-auth-token=base64-eyJ', plain)).toBe(true);
    expect(mayHoldSession('theme=dark; sb-abcdefgh-auth-token.0=base64-eyJ; sb-abcdefgh-auth-token.1=xyz', plain)).toBe(true);
    expect(mayHoldSession('sb-127-auth-token-code-verifier=abc', plain)).toBe(true);
  });

  it('does when the address carries an auth callback (a PKCE code, an implicit token)', () => {
    expect(mayHoldSession('', { search: '?code=4f1c', hash: '' })).toBe(true);
    expect(mayHoldSession('', { search: '', hash: '#access_token=eyJ&refresh_token=r' })).toBe(true);
  });

  it('does not without either, whatever other cookies or parameters there are', () => {
    expect(mayHoldSession('', plain)).toBe(false);
    expect(mayHoldSession('theme=dark; portal-auth-token=x; sb-127-other=1', { search: '?next=%2Fdata', hash: '#main' })).toBe(false);
  });
});
