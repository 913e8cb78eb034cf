// What the security page lists from the signed-in user's record: authenticator apps and security
// keys (its factors) and the ways to sign in (its identities). auth-js reads each from the user,
// `GET /auth/v1/user`: `mfa.listFactors()` and `getUserIdentities()` each ask for it, so the
// page's three lists asked for the same record three times as it opened, three requests started
// in one task of a phone's CPU (issue #40: TBT). Reads started together (the cards' first reads,
// made by one commit's effects) now share one request; a read started later, after a change the
// card made, asks again, so it never shows a record from before that change.
import type { Portal } from '@portal/platform';
import type { AuthError, Factor, UserIdentity, UserResponse } from '@supabase/supabase-js';

type Supabase = Portal['supabase'];

/** A list read as auth-js answers it: the data, or why there is none. */
type ListRead<T> = { data: T; error: null } | { data: null; error: AuthError };

let together: { supabase: Supabase; answer: Promise<UserResponse> } | null = null;

/** The user's record; one request for every read started before the current task's microtasks run. */
function readUserTogether(supabase: Supabase): Promise<UserResponse> {
  if (together?.supabase === supabase) return together.answer;
  const answer = supabase.auth.getUser();
  const mine = { supabase, answer };
  together = mine;
  queueMicrotask(() => {
    if (together === mine) together = null;
  });
  return answer;
}

/** Every factor of the user, whatever its kind or state (as `mfa.listFactors()`'s `all`). */
export async function readFactors(supabase: Supabase): Promise<ListRead<{ all: Factor[] }>> {
  const { data, error } = await readUserTogether(supabase);
  if (error) return { data: null, error };
  return { data: { all: data.user.factors ?? [] }, error: null };
}

/** The identities linked to the user (as `getUserIdentities()`). */
export async function readIdentities(supabase: Supabase): Promise<ListRead<{ identities: UserIdentity[] }>> {
  const { data, error } = await readUserTogether(supabase);
  if (error) return { data: null, error };
  return { data: { identities: data.user.identities ?? [] }, error: null };
}
