import { OAuthError } from '../errors.js';
import { clientCredentials } from './client-authentication.js';

const basic = (value: string) => `Basic ${Buffer.from(value).toString('base64')}`;

describe('OAuth client credentials', () => {
  it('reads HTTP Basic first (client_secret_basic), even when the body names a client too', () => {
    expect(clientCredentials(basic('id-1:s3:cret'), { client_id: 'id-2' })).toEqual({
      clientId: 'id-1',
      clientSecret: 's3:cret',
    });
  });

  it('reads the body without Basic (client_secret_post, or none for a public client)', () => {
    expect(clientCredentials(undefined, { client_id: 'id-1', client_secret: 'x' })).toEqual({
      clientId: 'id-1',
      clientSecret: 'x',
    });
    expect(clientCredentials(undefined, { client_id: 'id-1' })).toEqual({
      clientId: 'id-1',
      clientSecret: '',
    });
  });

  it('refuses a request that names no client, and Basic without a colon', () => {
    expect(() => clientCredentials(undefined, {})).toThrow(
      new OAuthError('invalid_client', 'client_id is required'),
    );
    expect(() => clientCredentials(basic('no-colon'), {})).toThrow(
      new OAuthError('invalid_client', 'invalid basic auth format'),
    );
  });
});
