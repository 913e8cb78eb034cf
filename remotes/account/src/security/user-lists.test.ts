// The security page's lists share one read of the user's record when they are read together, and
// a list read later (after a change) reads it again. The client's `getUser` stands in, counted.
import type { Portal } from '@portal/platform';
import { AuthApiError, type User } from '@supabase/supabase-js';
import { readFactors, readIdentities } from './user-lists.js';

const user = {
  id: 'u1',
  aud: 'authenticated',
  created_at: '2026-11-30T00:00:00Z',
  app_metadata: {},
  user_metadata: {},
  factors: [
    { id: 'f1', factor_type: 'totp', status: 'verified', friendly_name: 'Phone', created_at: '', updated_at: '' },
    { id: 'f2', factor_type: 'webauthn', status: 'unverified', created_at: '', updated_at: '' },
  ],
  identities: [{ id: 'i1', identity_id: 'i1', user_id: 'u1', provider: 'email', identity_data: {}, created_at: '', updated_at: '', last_sign_in_at: '' }],
} as unknown as User;

function clientAnswering(answer: () => Awaited<ReturnType<Portal['supabase']['auth']['getUser']>>) {
  const getUser = jest.fn(async () => answer());
  return { supabase: { auth: { getUser } } as unknown as Portal['supabase'], getUser };
}

it('reads the user once for the lists read together, and gives each its part', async () => {
  const { supabase, getUser } = clientAnswering(() => ({ data: { user }, error: null }));
  const [factors, keys, identities] = await Promise.all([readFactors(supabase), readFactors(supabase), readIdentities(supabase)]);
  expect(getUser).toHaveBeenCalledTimes(1);
  expect(factors.data?.all.map((factor) => factor.id)).toEqual(['f1', 'f2']);
  expect(keys.data?.all.map((factor) => factor.id)).toEqual(['f1', 'f2']);
  expect(identities.data?.identities.map((identity) => identity.id)).toEqual(['i1']);
});

it('reads the user again for a list read later (after a change), never answering it with the earlier record', async () => {
  let factors = user.factors!;
  const { supabase, getUser } = clientAnswering(() => ({ data: { user: { ...user, factors } }, error: null }));
  const first = readFactors(supabase);
  await Promise.resolve();
  factors = [];
  const later = readFactors(supabase);
  expect(getUser).toHaveBeenCalledTimes(2);
  await expect(first).resolves.toMatchObject({ data: { all: [{ id: 'f1' }, { id: 'f2' }] } });
  await expect(later).resolves.toEqual({ data: { all: [] }, error: null });
});

it('gives every list the error when the user cannot be read', async () => {
  const refused = new AuthApiError('Session not found', 403, 'session_not_found');
  const { supabase } = clientAnswering(() => ({ data: { user: null }, error: refused }));
  await expect(Promise.all([readFactors(supabase), readIdentities(supabase)])).resolves.toEqual([
    { data: null, error: refused },
    { data: null, error: refused },
  ]);
});
