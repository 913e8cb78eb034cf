import { ANON_KEY, SECRET_KEY, SERVICE_ROLE_KEY } from '../keys.js';
import { maskBody, maskHeaders, maskQuery, maskText, maskToken, MASKED } from './masking.js';

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
});
