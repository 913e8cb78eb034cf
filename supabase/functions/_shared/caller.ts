// Who is calling: the user of the session JWT, verified by Supabase Auth (never a value from the
// body), and a client that reaches Postgres as that user, so row level security applies.
import { createClient, type SupabaseClient, type User } from '@supabase/supabase-js';
import { problem } from './http.ts';

const clientOptions = { auth: { persistSession: false, autoRefreshToken: false } };

/** The service-role client: for the vector store, which only the service role may call. */
export const admin: SupabaseClient = createClient(
  Deno.env.get('SUPABASE_URL')!,
  Deno.env.get('SUPABASE_SERVICE_ROLE_KEY')!,
  clientOptions,
);

export interface Caller {
  id: string;
  /** The address the auth server holds for the user (lower case), or null. */
  email: string | null;
  /** Postgres as this user: RLS decides what it reads and writes. */
  db: SupabaseClient;
}

/** The `aal` claim of a token Supabase Auth has just verified (so its payload can be trusted). */
function aalOf(token: string): string | null {
  try {
    const payload = token.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/');
    const claims = JSON.parse(atob(payload.padEnd(Math.ceil(payload.length / 4) * 4, '='))) as {
      aal?: unknown;
    };
    return typeof claims.aal === 'string' ? claims.aal : null;
  } catch {
    return null;
  }
}

/**
 * Whether the session used the second factor its person has: aal2 once a factor is verified, as
 * `auth.mfa.getAuthenticatorAssuranceLevel()` reads it (nextLevel aal2, currentLevel aal1) and as
 * the database's `private.second_factor_satisfied()` decides. A function that reaches people's
 * data past row level security (the vector store, through the service role) must not act for a
 * session that did not: a stolen password alone would read it.
 */
function secondFactorSatisfied(user: User, token: string): boolean {
  const verified = (user.factors ?? []).some((factor) => factor.status === 'verified');
  return !verified || aalOf(token) === 'aal2';
}

/**
 * The verified caller, or the answer that refuses the request: 401 `sign_in_required` without a
 * user session, 403 `insufficient_aal` (Supabase Auth's code for the same refusal) when the
 * person has a second factor this session has not used. `purpose` completes "Sign in to …".
 */
export async function callerOrRefusal(request: Request, purpose: string): Promise<Caller | Response> {
  const token = /^Bearer\s+(\S+)$/i.exec(request.headers.get('Authorization') ?? '')?.[1];
  const { data, error } = token ? await admin.auth.getUser(token) : { data: { user: null }, error: null };
  if (!token || error || !data.user) {
    return problem(401, 'sign_in_required', `Sign in to ${purpose}: the request carries no user session.`);
  }
  if (!secondFactorSatisfied(data.user, token)) {
    return problem(
      403,
      'insufficient_aal',
      `Verify with your second factor to ${purpose}: your account has one, and this session has not used it (aal1; aal2 is needed).`,
    );
  }
  const db = createClient(Deno.env.get('SUPABASE_URL')!, Deno.env.get('SUPABASE_ANON_KEY')!, {
    ...clientOptions,
    global: { headers: { Authorization: `Bearer ${token}` } },
  });
  return { id: data.user.id, email: data.user.email?.toLowerCase() ?? null, db };
}
