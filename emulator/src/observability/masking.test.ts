import { ANON_KEY, SECRET_KEY, SERVICE_ROLE_KEY } from '../keys.js';
import { maskBody, maskHeaders, maskQuery, maskText, maskToken, maskUrl, MASKED } from './masking.js';

const USER_JWT =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJkMDAwMDAwMCIsInJvbGUiOiJhdXRoZW50aWNhdGVkIn0.c2lnbmF0dXJlLWJ5dGVzLWhlcmU';

describe('console masking', () => {
  it('names the well-known keys and hides any other token', () => {
    expect(maskToken(ANON_KEY)).toBe('<anon key>');
    expect(maskToken(SERVICE_ROLE_KEY)).toBe('<service_role key>');
    expect(maskToken(SECRET_KEY)).toBe('<secret key>');
    expect(maskToken(USER_JWT)).toBe('<JWT masked>');
    expect(maskToken('hunter2')).toBe(MASKED);
  });

  it('masks authorization, apikey and cookies in headers, and keeps the rest', () => {
    const masked = maskHeaders({
      Authorization: `Bearer ${USER_JWT}`,
      apikey: ANON_KEY,
      cookie: 'sb-auth-token=abc; theme=dark',
      'content-type': 'application/json',
      prefer: 'return=representation',
    });
    expect(masked).toEqual({
      Authorization: 'Bearer <JWT masked>',
      apikey: '<anon key>',
      cookie: `sb-auth-token=${MASKED}; theme=${MASKED}`,
      'content-type': 'application/json',
      prefer: 'return=representation',
    });
    expect(JSON.stringify(masked)).not.toContain(USER_JWT);
  });

  it('masks secret fields at any depth of a JSON body, and JWTs inside other strings', () => {
    const body = JSON.stringify({
      email: 'dana@example.com',
      password: 'demo-password-1',
      gotrue_meta_security: { captcha_token: 'captcha' },
      data: { note: `see ${USER_JWT}` },
      items: [{ refresh_token: 'r1' }],
    });
    const masked = JSON.parse(maskBody(body, 'application/json')) as Record<string, unknown>;
    expect(masked).toEqual({
      email: 'dana@example.com',
      password: MASKED,
      gotrue_meta_security: { captcha_token: MASKED },
      data: { note: 'see <JWT masked>' },
      items: [{ refresh_token: MASKED }],
    });
  });

  it('masks an auth session answer but keeps token_type and the user', () => {
    const session = JSON.stringify({ access_token: USER_JWT, token_type: 'bearer', refresh_token: 'abc123', user: { id: 'u1' } });
    const masked = JSON.parse(maskBody(session, 'application/json; charset=utf-8')) as Record<string, unknown>;
    expect(masked).toEqual({ access_token: '<JWT masked>', token_type: 'bearer', refresh_token: MASKED, user: { id: 'u1' } });
  });

  it('masks form bodies and query strings by field name', () => {
    expect(maskBody('grant_type=password&password=secret1', 'application/x-www-form-urlencoded')).toBe(
      `grant_type=password&password=${MASKED}`,
    );
    expect(maskQuery(`?select=*&apikey=${ANON_KEY}&token=abc`)).toBe(
      `?select=*&apikey=<anon key>&token=${MASKED}`,
    );
    expect(maskQuery('')).toBe('');
  });

  it('masks tokens in plain text', () => {
    expect(maskText(`token ${USER_JWT} and ${SECRET_KEY}`)).toBe('token <JWT masked> and <secret key>');
  });

  it('masks the credentials inside URL-valued fields: a magic link and a consent redirect', () => {
    const generated = JSON.stringify({
      action_link: 'http://127.0.0.1:54321/auth/v1/verify?token=5f1c0e2a9b&type=magiclink&redirect_to=http://127.0.0.1:3000',
      email_otp: '123456',
      hashed_token: '5f1c0e2a9b',
      redirect_to: 'http://127.0.0.1:3000',
      verification_type: 'magiclink',
    });
    const masked = JSON.parse(maskBody(generated, 'application/json')) as Record<string, string>;
    expect(masked).toEqual({
      action_link: `http://127.0.0.1:54321/auth/v1/verify?token=${MASKED}&type=magiclink&redirect_to=http://127.0.0.1:3000`,
      email_otp: MASKED,
      hashed_token: MASKED,
      redirect_to: 'http://127.0.0.1:3000',
      verification_type: 'magiclink',
    });
    const consent = maskBody(JSON.stringify({ redirect_url: 'http://127.0.0.1:4555/callback?code=8d2f7a&state=st-1' }), 'application/json');
    expect(JSON.parse(consent)).toEqual({ redirect_url: `http://127.0.0.1:4555/callback?code=${MASKED}&state=st-1` });
  });

  it('masks secret parameters in a query, a fragment and a URL carried inside another', () => {
    expect(maskUrl(`http://localhost:3000/#access_token=${USER_JWT}&refresh_token=r2d2&expires_in=3600&type=magiclink`)).toBe(
      `http://localhost:3000/#access_token=<JWT masked>&refresh_token=${MASKED}&expires_in=3600&type=magiclink`,
    );
    expect(maskUrl('/auth/v1/callback?code=abc&state=xyz')).toBe(`/auth/v1/callback?code=${MASKED}&state=xyz`);
    expect(maskUrl('https://portal.test/confirm?token_hash=abc&type=signup&next=%2Fhome')).toBe(
      `https://portal.test/confirm?token_hash=${MASKED}&type=signup&next=%2Fhome`,
    );
    const nested = maskUrl(`http://127.0.0.1:54321/auth/v1/authorize?redirect_to=${encodeURIComponent('http://127.0.0.1:3000/cb?code=abc&x=1')}`);
    expect(decodeURIComponent(nested)).toBe(`http://127.0.0.1:54321/auth/v1/authorize?redirect_to=http://127.0.0.1:3000/cb?code=${MASKED}&x=1`);
    expect(maskUrl('http://127.0.0.1:3000/plain?select=*&order=id')).toBe('http://127.0.0.1:3000/plain?select=*&order=id');
  });

  it('masks URLs in free text, in a Location header (a path too) and in form and query values', () => {
    expect(maskText('open http://127.0.0.1:54321/auth/v1/verify?token=abc&type=invite now')).toBe(
      `open http://127.0.0.1:54321/auth/v1/verify?token=${MASKED}&type=invite now`,
    );
    expect(maskHeaders({ location: '/callback?code=abc&state=s', 'x-signature': 'sig' })).toEqual({
      location: `/callback?code=${MASKED}&state=s`,
      'x-signature': MASKED,
    });
    expect(maskQuery(`?redirect_to=${encodeURIComponent('http://127.0.0.1:3000/?code=abc')}`)).toBe(
      `?redirect_to=http://127.0.0.1:3000/?code=${MASKED}`,
    );
  });
});
