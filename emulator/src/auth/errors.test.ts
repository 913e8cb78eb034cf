import { AuthError, errorBody, OAuthError, requestApiVersion } from './errors.js';

describe('error shapes', () => {
  it('uses {code, message} from API version 2024-01-01 on', () => {
    expect(errorBody(new AuthError('invalid_credentials'), '2024-01-01')).toEqual({
      status: 400,
      body: { code: 'invalid_credentials', message: 'Invalid login credentials' },
    });
  });

  it('uses the legacy {code: status, error_code, msg} without a version', () => {
    expect(errorBody(new AuthError('session_not_found'), null)).toEqual({
      status: 403,
      body: {
        code: 403,
        error_code: 'session_not_found',
        msg: 'Session from session_id claim in JWT does not exist',
      },
    });
  });

  it('keeps extra fields (weak_password reasons) and OAuth-shaped errors', () => {
    const weak = new AuthError('weak_password', 'too short', {
      extra: { weak_password: { reasons: ['length'] } },
    });
    expect(errorBody(weak, '2024-01-01').body).toEqual({
      code: 'weak_password',
      message: 'too short',
      weak_password: { reasons: ['length'] },
    });
    expect(
      errorBody(new OAuthError('invalid_request', 'refresh_token required'), '2024-01-01'),
    ).toEqual({
      status: 400,
      body: { error: 'invalid_request', error_description: 'refresh_token required' },
    });
  });

  it('accepts only well-formed API versions', () => {
    expect(requestApiVersion('2024-01-01')).toBe('2024-01-01');
    expect(requestApiVersion('yesterday')).toBeNull();
    expect(requestApiVersion(undefined)).toBeNull();
  });
});
