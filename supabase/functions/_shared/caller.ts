// Who is calling: the user of the session JWT, verified by Supabase Auth (never a value from the
// body), and a client that reaches Postgres as that user, so row level security applies.
import { createClient, type SupabaseClient } from '@supabase/supabase-js';

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

export async function verifiedCaller(request: Request): Promise<Caller | null> {
  const token = /^Bearer\s+(\S+)$/i.exec(request.headers.get('Authorization') ?? '')?.[1];
  if (!token) return null;
  const { data, error } = await admin.auth.getUser(token);
  if (error || !data.user) return null;
  const db = createClient(Deno.env.get('SUPABASE_URL')!, Deno.env.get('SUPABASE_ANON_KEY')!, {
    ...clientOptions,
    global: { headers: { Authorization: `Bearer ${token}` } },
  });
  return { id: data.user.id, email: data.user.email?.toLowerCase() ?? null, db };
}
