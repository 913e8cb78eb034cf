import remoteJson from '../../remote.json' with { type: 'json' };
import { accountRedirect, nextPathFrom, withNext } from '../account-paths.js';
import { oauthProviders } from './auth-settings.js';
import { describeAuthError, describeAuthReadError, needsSecondFactor, placeAuthError, saysSentUnanswered } from './auth-errors.js';
import { groupSecret, qrImageSource } from '../security/EnrolFactor.js';
import { accountMeta } from '../meta.js';
import { urlAuthError, withoutUrlAuthError } from '../sign-in/url-auth-error.js';
import { checkCode, checkFactorName, checkNewPassword, checkProfile, checkSignIn, checkSignUp, hasErrors } from './validation.js';
import { AuthApiError, AuthRetryableFetchError, AuthWeakPasswordError } from '@supabase/supabase-js';

describe('account form checks', () => {
  it('asks for what is missing on sign-in', () => {
    expect(checkSignIn({ email: '', password: '' })).toEqual({ email: 'Enter your email address.', password: 'Enter your password.' });
    expect(checkSignIn({ email: 'ada@', password: 'x' })).toEqual({ email: 'Enter an email address like name@example.com.' });
    expect(hasErrors(checkSignIn({ email: ' ada@example.com ', password: 'x' }))).toBe(false);
  });

  it('checks a new password as the project requires (8+ characters, letters and digits)', () => {
    expect(checkSignUp({ email: 'ada@example.com', password: 'short1', confirm: 'short1' }).password).toBe('Use at least 8 characters.');
    expect(checkSignUp({ email: 'ada@example.com', password: 'lettersonly', confirm: 'lettersonly' }).password).toBe('Use both letters and digits.');
    expect(checkSignUp({ email: 'ada@example.com', password: 'letters123', confirm: 'letters124' }).confirm).toBe('The two passwords differ.');
    expect(hasErrors(checkSignUp({ email: 'ada@example.com', password: 'letters123', confirm: 'letters123' }))).toBe(false);
    expect(checkNewPassword('')).toBe('Choose a password.');
    expect(checkNewPassword('12345678')).toBe('Use both letters and digits.');
  });

  it('checks one-time codes, profile fields and factor names', () => {
    expect(checkCode('')).toBe('Enter the 6-digit code.');
    expect(checkCode('12345')).toBe('The code is 6 digits, like 123456.');
    expect(checkCode('12a456')).toBe('The code is 6 digits, like 123456.');
    expect(checkCode('123 456')).toBeUndefined();
    expect(checkProfile({ displayName: 'Ada', avatarUrl: 'javascript:alert(1)' }).avatarUrl).toMatch(/https:\/\//);
    expect(checkProfile({ displayName: 'x'.repeat(81), avatarUrl: '' }).displayName).toMatch(/under 80/);
    expect(hasErrors(checkProfile({ displayName: 'Ada', avatarUrl: 'https://example.com/a.png' }))).toBe(false);
    expect(checkFactorName('  ')).toMatch(/name/);
  });
});

describe('server errors', () => {
  it('puts the server’s own message next to the field it is about, with what to do next', () => {
    expect(placeAuthError(new AuthWeakPasswordError('Password should be at least 8 characters.', 422, ['length']))).toEqual({
      field: 'password',
      message: 'Password should be at least 8 characters. (The server refused this password: it is too short.)',
    });
    expect(placeAuthError(new AuthApiError('User already registered', 422, 'user_already_exists'))).toEqual({ field: 'email', message: 'User already registered' });
    expect(placeAuthError(new AuthApiError('Invalid login credentials', 400, 'invalid_credentials'))).toEqual({
      field: 'form',
      message: 'Invalid login credentials. Check the address and the password, or reset your password.',
    });
    expect(placeAuthError(new AuthApiError('Token has expired or is invalid', 403, 'otp_expired')).field).toBe('code');
    expect(describeAuthError(new AuthApiError('Email rate limit exceeded', 429, 'over_email_send_rate_limit'))).toMatch(/^Email rate limit exceeded\. Too many attempts/);
    // No answer at all is said in words, never as the browser's "Failed to fetch".
    const unanswered = 'The server did not answer: it may be stopped, or the network is down. Try again once it answers: this message changes when it does.';
    expect(placeAuthError(new TypeError('Failed to fetch'))).toEqual({ field: 'form', message: unanswered });
    expect(describeAuthError(new AuthRetryableFetchError('Failed to fetch', 0))).toBe(unanswered);
    expect(saysSentUnanswered(unanswered)).toBe(true);
    expect(describeAuthReadError(new AuthRetryableFetchError('Failed to fetch', 0))).toBe(
      'The server did not answer: it may be stopped, or the network is down. This page tries again by itself as soon as the server answers.',
    );
    expect(saysSentUnanswered(describeAuthReadError(new AuthRetryableFetchError('Failed to fetch', 0)))).toBe(false);
    expect(needsSecondFactor(new AuthApiError('AAL2 required', 401, 'insufficient_aal'))).toBe(true);
  });

  it('reads the error an email link came back with, from the query or the fragment', () => {
    expect(urlAuthError('', '#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired')).toEqual({
      code: 'otp_expired',
      message: expect.stringMatching(/expired or was already used/),
    });
    expect(urlAuthError('?error=server_error&error_description=Odd+thing', '')).toEqual({ code: 'server_error', message: 'Odd thing' });
    expect(urlAuthError('?next=%2Fdata', '')).toBeNull();
    expect(withoutUrlAuthError('/account', '?error=x&error_code=y&next=%2Fdata')).toBe('/account?next=%2Fdata');
  });
});

describe('account routes', () => {
  const base = { subpath: '/sign-in', status: 'signed-in' as const, aal: 'aal1' as const, nextAal: 'aal1' as const, next: '/data' };
  it('moves a signed-in person on from sign-in, through the second factor when they have one', () => {
    expect(accountRedirect(base)).toBe('/data');
    expect(accountRedirect({ ...base, nextAal: 'aal2' })).toBe('/account/verify?next=%2Fdata');
    expect(accountRedirect({ ...base, aal: 'aal2', nextAal: 'aal2', next: null })).toBe('/account');
  });
  it('sends a signed-out person to sign-in, and back to the page they wanted', () => {
    expect(accountRedirect({ ...base, subpath: '/security', status: 'signed-out', aal: null, nextAal: null })).toBe('/account/sign-in?next=%2Faccount%2Fsecurity');
    expect(accountRedirect({ ...base, subpath: '/', status: 'signed-out', aal: null, nextAal: null, next: null })).toBe('/account/sign-in');
    expect(accountRedirect({ ...base, subpath: '/verify', status: 'signed-out', aal: null, nextAal: null })).toBe('/account/sign-in?next=%2Fdata');
    expect(accountRedirect({ ...base, subpath: '/reset-password', status: 'signed-out', aal: null, nextAal: null })).toBeNull();
    expect(accountRedirect({ ...base, status: 'loading' })).toBeNull();
  });
  it('follows only `next` paths inside the portal', () => {
    expect(nextPathFrom('?next=%2Fcrashy')).toBe('/crashy');
    expect(nextPathFrom('?next=%2F%2Fevil.example')).toBeNull();
    expect(nextPathFrom('?next=https%3A%2F%2Fevil.example')).toBeNull();
    expect(withNext('/account/sign-up', '/data?x=1')).toBe('/account/sign-up?next=%2Fdata%3Fx%3D1');
  });
  it('sends an aal1 session of a person with a factor from every page of the area to the second factor, and back', () => {
    const awaiting = { ...base, nextAal: 'aal2' as const, next: null };
    expect(accountRedirect({ ...awaiting, subpath: '/' })).toBe('/account/verify?next=%2Faccount');
    expect(accountRedirect({ ...awaiting, subpath: '/security' })).toBe('/account/verify?next=%2Faccount%2Fsecurity');
    expect(accountRedirect({ ...awaiting, subpath: '/reset-password' })).toBe('/account/verify?next=%2Faccount%2Freset-password');
    expect(accountRedirect({ ...awaiting, subpath: '/oauth/consent', search: '?authorization_id=abc' })).toBe(
      '/account/verify?next=%2Faccount%2Foauth%2Fconsent%3Fauthorization_id%3Dabc',
    );
    expect(accountRedirect({ ...awaiting, subpath: '/verify' })).toBeNull();
    expect(accountRedirect({ ...awaiting, subpath: '/security', aal: 'aal2' })).toBeNull();
  });
});

describe('settings and enrolment helpers', () => {
  it('lists only enabled OAuth providers from GET /auth/v1/settings', () => {
    expect(oauthProviders({ external: { email: true, anonymous_users: true, github: false, test: true, phone: false }, disable_signup: false, mailer_autoconfirm: true })).toEqual(['test']);
    expect(oauthProviders(null)).toEqual([]);
  });
  it('shows the QR code only as an image URL, never as markup', () => {
    expect(qrImageSource('data:image/svg+xml;utf-8,<svg fill="#000"/>')).toBe(`data:image/svg+xml;charset=utf-8,${encodeURIComponent('<svg fill="#000"/>')}`);
    expect(qrImageSource('<svg onload="x"/>')).toBe(`data:image/svg+xml;charset=utf-8,${encodeURIComponent('<svg onload="x"/>')}`);
    expect(qrImageSource('javascript:alert(1)')).toBeNull();
    expect(groupSecret('ABCDEFGHIJ')).toBe('ABCD EFGH IJ');
  });
});

describe('metadata', () => {
  it('matches remote.json, the block the deploy step copies into the registry', () => {
    const { port: _port, exposes: _exposes, ...meta } = remoteJson;
    expect(accountMeta).toEqual(meta);
  });
});
