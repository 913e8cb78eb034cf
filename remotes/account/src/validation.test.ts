import remoteJson from '../remote.json' with { type: 'json' };
import { placeAuthError } from './auth-errors.js';
import { accountMeta } from './meta.js';
import { nextPathFrom, withNext } from './next-path.js';
import { checkSignIn, checkSignUp, hasErrors } from './validation.js';
import { AuthApiError } from '@supabase/supabase-js';

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
  });
});

describe('server errors', () => {
  it('puts the server’s own message next to the field it is about', () => {
    expect(placeAuthError(new AuthApiError('Password should be at least 8 characters.', 422, 'weak_password'))).toEqual({
      field: 'password',
      message: 'Password should be at least 8 characters.',
    });
    expect(placeAuthError(new AuthApiError('User already registered', 422, 'user_already_exists'))).toEqual({ field: 'email', message: 'User already registered' });
    expect(placeAuthError(new AuthApiError('Invalid login credentials', 400, 'invalid_credentials'))).toEqual({ field: 'form', message: 'Invalid login credentials' });
    expect(placeAuthError(new TypeError('Failed to fetch'))).toEqual({ field: 'form', message: 'The request failed: Failed to fetch' });
  });
});

describe('next paths', () => {
  it('follows only paths inside the portal', () => {
    expect(nextPathFrom('?next=%2Fcrashy')).toBe('/crashy');
    expect(nextPathFrom('?next=%2F%2Fevil.example')).toBeNull();
    expect(nextPathFrom('?next=https%3A%2F%2Fevil.example')).toBeNull();
    expect(withNext('/account/sign-up', '/data?x=1')).toBe('/account/sign-up?next=%2Fdata%3Fx%3D1');
  });
});

describe('metadata', () => {
  it('matches remote.json, the block the deploy step copies into the registry', () => {
    const { port: _port, exposes: _exposes, ...meta } = remoteJson;
    expect(accountMeta).toEqual(meta);
  });
});
