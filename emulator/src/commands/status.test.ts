import { ANON_KEY, SECRET_KEY } from '../keys.js';
import { formatStatus, statusFields, usableJwtSecret } from './status.js';

const state = { pid: 1, apiUrl: 'http://127.0.0.1:54321', mailUrl: 'http://127.0.0.1:54324', dbUrl: null };

describe('status output', () => {
  it('prints env lines as the Supabase CLI does: sorted names, double-quoted values', () => {
    const env = formatStatus(statusFields(state, 'secret'), 'env');
    const lines = env.trim().split('\n');
    expect(lines.map((l) => l.split('=')[0])).toEqual([
      'ANON_KEY',
      'API_URL',
      'FUNCTIONS_URL',
      'INBUCKET_URL',
      'JWKS_URL',
      'JWT_SECRET',
      'MAILPIT_URL',
      'PUBLISHABLE_KEY',
      'REST_URL',
      'SECRET_KEY',
      'SERVICE_ROLE_KEY',
    ]);
    expect(lines).toContain('API_URL="http://127.0.0.1:54321"');
    expect(lines).toContain('REST_URL="http://127.0.0.1:54321/rest/v1"');
    expect(lines).toContain('JWKS_URL="http://127.0.0.1:54321/auth/v1/.well-known/jwks.json"');
  });

  it('prints the anon and service_role keys the running emulator signed with its signing key', () => {
    const json = JSON.parse(
      formatStatus(statusFields({ ...state, anonKey: 'anon.jwt', serviceRoleKey: 'service.jwt' }, 'secret'), 'json'),
    ) as Record<string, string>;
    expect(json).toMatchObject({ ANON_KEY: 'anon.jwt', SERVICE_ROLE_KEY: 'service.jwt' });
  });

  it('prints no revoked JWT secret and no HS256 key signed with it', () => {
    const config = (legacy_jwt_secret?: 'previously_used' | 'revoked') => ({ jwtSecret: 'secret', auth: { legacy_jwt_secret } }) as never;
    expect(usableJwtSecret(config())).toBe('secret');
    expect(usableJwtSecret(config('previously_used'))).toBe('secret');
    expect(usableJwtSecret(config('revoked'))).toBeNull();
    const signed = { ...state, anonKey: 'anon.jwt', serviceRoleKey: 'service.jwt' };
    const json = JSON.parse(formatStatus(statusFields(signed, null), 'json')) as Record<string, string>;
    expect(json).toMatchObject({ ANON_KEY: 'anon.jwt', SERVICE_ROLE_KEY: 'service.jwt', SECRET_KEY: SECRET_KEY });
    expect(json).not.toHaveProperty('JWT_SECRET');
    // A state file without signed keys: the legacy keys are not offered in their place.
    const names = statusFields(state, null).map((f) => f.name);
    expect(names).not.toContain('ANON_KEY');
    expect(names).not.toContain('SERVICE_ROLE_KEY');
    expect(formatStatus(statusFields(state, null), 'pretty')).not.toContain(ANON_KEY);
  });

  it('names DB_URL only when there is a server to connect to', () => {
    const withServer = statusFields({ ...state, dbUrl: 'postgres://u:p@127.0.0.1:5432/db' }, 'secret');
    expect(withServer.find((f) => f.name === 'DB_URL')?.value).toBe('postgres://u:p@127.0.0.1:5432/db');
    expect(statusFields(state, 'secret').some((f) => f.name === 'DB_URL')).toBe(false);
  });

  it('escapes what would break a dotenv line', () => {
    const env = formatStatus(statusFields(state, 'a"b$c\\d\ne'), 'env');
    expect(env).toContain('JWT_SECRET="a\\"b\\$c\\\\d\\ne"\n');
  });

  it('prints JSON with the same names, and an aligned listing without the legacy name', () => {
    const json = JSON.parse(formatStatus(statusFields(state, 'secret'), 'json')) as Record<string, string>;
    expect(json.MAILPIT_URL).toBe('http://127.0.0.1:54324');
    const pretty = formatStatus(statusFields(state, 'secret'), 'pretty');
    expect(pretty).toContain('         API URL: http://127.0.0.1:54321\n');
    expect(pretty).toContain('service_role key: ');
    expect(pretty).not.toContain('INBUCKET');
  });
});
