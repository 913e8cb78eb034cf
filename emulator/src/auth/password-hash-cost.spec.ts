// The cost of the password hashes the emulator makes: GoTrue's 10, or PORTAL_EMULATOR_BCRYPT_COST
// (the test harness sets 4: every person a test signs up costs a hundred milliseconds less CPU).
// Whatever the cost, a password set at one cost signs in under another.
import { startTestEmulator, type TestEmulator } from '../../test/harness.js';

const FILES = {
  // The start of a user's stored hash (`$2b$10$`), for the service role only.
  'migrations/20240101000000_hash_cost.sql': `
    create function public.password_hash_prefix(user_id uuid) returns text
      language sql security definer set search_path = '' as
      $$ select left(encrypted_password, 7) from auth.users where id = user_id $$;
    revoke execute on function public.password_hash_prefix(uuid) from public, anon, authenticated;
    grant execute on function public.password_hash_prefix(uuid) to service_role;`,
};

async function hashPrefixOfNewPerson(emulator: TestEmulator, email: string): Promise<string> {
  const { data, error } = await emulator.client().auth.signUp({ email, password: 'correct horse 1' });
  if (error || !data.user) throw error ?? new Error('no user');
  const prefix = await emulator.admin().rpc('password_hash_prefix', { user_id: data.user.id });
  if (prefix.error) throw prefix.error;
  return prefix.data as string;
}

describe('the cost of new password hashes', () => {
  let usual: TestEmulator;
  let cheap: TestEmulator;

  beforeAll(async () => {
    [usual, cheap] = await Promise.all([
      startTestEmulator({ files: FILES, env: { PORTAL_EMULATOR_BCRYPT_COST: '' } }),
      startTestEmulator({ files: FILES, env: { PORTAL_EMULATOR_BCRYPT_COST: '5' } }),
    ]);
  }, 180_000);

  afterAll(() => Promise.all([usual?.stop(), cheap?.stop()]));

  it("is GoTrue's 10 by default and PORTAL_EMULATOR_BCRYPT_COST's when set", async () => {
    expect(await hashPrefixOfNewPerson(usual, 'cost-usual@example.com')).toMatch(/^\$2[ab]\$10\$$/);
    expect(await hashPrefixOfNewPerson(cheap, 'cost-cheap@example.com')).toMatch(/^\$2[ab]\$05\$$/);
  });

  it('signs in with the password, and with a new one set later, at either cost', async () => {
    for (const emulator of [usual, cheap]) {
      const client = emulator.client();
      const email = `cost-sign-in-${emulator === usual ? 'usual' : 'cheap'}@example.com`;
      expect((await client.auth.signUp({ email, password: 'correct horse 1' })).error).toBeNull();
      expect((await client.auth.signInWithPassword({ email, password: 'wrong horse 1' })).error?.code).toBe('invalid_credentials');
      expect((await client.auth.signInWithPassword({ email, password: 'correct horse 1' })).error).toBeNull();
      expect((await client.auth.updateUser({ password: 'correct horse 2' })).error).toBeNull();
      expect((await client.auth.signInWithPassword({ email, password: 'correct horse 2' })).error).toBeNull();
    }
  });
});
