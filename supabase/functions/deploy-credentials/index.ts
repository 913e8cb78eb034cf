/**
 * Makes and revokes the credentials a team's build pipeline publishes with. Only the team's
 * members and the platform's owners may.
 *
 * deploy-credentials: makes and revokes a team's CI credentials (docs/deploy-teams.md). A
 * credential is a user of the project's auth made for it alone; the database decides who may
 * make or revoke one (a member of the team, or a platform owner), as the caller, before this
 * function touches auth with the service key. `verify_jwt = false`: the database verifies the
 * caller's token itself (the gateway's check knows only the legacy JWT secret).
 *
 *   POST { "action": "create", "team": "greeters", "name": "ci" }
 *     → 201 { "team", "name", "id", "token": "pdc1.<email, base64url>.<secret>" }
 *       The token is shown once: the secret is the credential user's password, kept nowhere else.
 *   POST { "action": "revoke", "team": "greeters", "name": "ci" }
 *     → 200 { "team", "name", "revokedAt" }: refused from the next call on, its user deleted.
 *
 * Errors: `{ code, message, hint? }` with the database's refusal (403 and its reason), 400
 * invalid_request, 401 sign_in_required, 502 auth_failed.
 */
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { json, methodNotAllowed, preflight, problem, readJsonObject } from '../_shared/http.ts';

const supabaseUrl = Deno.env.get('SUPABASE_URL')!;
const clientOptions = { auth: { persistSession: false, autoRefreshToken: false } };
/** The service key (a hosted project with new API keys names its secret key in SUPABASE_SECRET_KEYS). */
const serviceKey =
  Deno.env.get('SUPABASE_SERVICE_ROLE_KEY') ?? (JSON.parse(Deno.env.get('SUPABASE_SECRET_KEYS') ?? '{}') as Record<string, string>).default!;
const admin = createClient(supabaseUrl, serviceKey, clientOptions);
/** Credential users' addresses: never mailed (nothing is sent to a user made with email_confirm). */
const emailDomain = Deno.env.get('PORTAL_DEPLOY_CREDENTIAL_EMAIL_DOMAIN') ?? 'credentials.portal-deploy.invalid';
const NAME = /^[a-z0-9][a-z0-9._-]{0,39}$/;
const TEAM = /^[a-z][a-z0-9-]{0,39}$/;

function asCaller(request: Request): SupabaseClient | null {
  const authorization = request.headers.get('Authorization');
  if (!authorization || !/^Bearer\s+\S+$/i.test(authorization)) return null;
  return createClient(supabaseUrl, Deno.env.get('SUPABASE_ANON_KEY')!, {
    ...clientOptions,
    global: { headers: { Authorization: authorization } },
  });
}

const base64url = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

/** A password no one will type: 32 random bytes, with the letters, digits and symbol any password rule asks for. */
const newSecret = () => `Pd1-${base64url(crypto.getRandomValues(new Uint8Array(32)))}`;

interface DatabaseRefusal {
  code: string;
  message: string;
  details?: string | null;
  hint?: string | null;
}

/** The database's refusal as this function answers it: its reason, message and hint. */
function refused(error: DatabaseRefusal): Response {
  const status = error.code === '42501' ? 403 : error.code === 'P0002' ? 404 : error.code === '23505' ? 409 : 400;
  return json({ code: error.details || 'refused', message: error.message, ...(error.hint ? { hint: error.hint } : {}) }, status);
}

async function create(db: SupabaseClient, team: string, name: string): Promise<Response> {
  const begun = await db.schema('portal_deploy_api').rpc('begin_credential', { p_team: team, p_name: name });
  if (begun.error) return refused(begun.error);
  const id = begun.data as string;
  const email = `${id}@${emailDomain}`;
  const secret = newSecret();
  const made = await admin.auth.admin.createUser({
    email,
    password: secret,
    email_confirm: true,
    app_metadata: { portal_deploy_credential: id, portal_deploy_team: team },
    user_metadata: { name: `${team} credential ${name}` },
  });
  if (made.error || !made.data.user) return problem(502, 'auth_failed', `The credential's user could not be made: ${made.error?.message ?? 'no user'}.`);
  const attached = await admin.schema('portal_deploy_api').rpc('attach_credential_user', { p_credential: id, p_user: made.data.user.id });
  if (attached.error) {
    await admin.auth.admin.deleteUser(made.data.user.id);
    return refused(attached.error);
  }
  const token = `pdc1.${base64url(new TextEncoder().encode(email))}.${secret}`;
  return json({ team, name, id, token }, 201);
}

async function revoke(db: SupabaseClient, team: string, name: string): Promise<Response> {
  const revoked = await db.schema('portal_deploy_api').rpc('revoke_credential', { p_team: team, p_name: name });
  if (revoked.error) return refused(revoked.error);
  const { user_id: userId, revoked_at: revokedAt } = revoked.data as { user_id: string | null; revoked_at: string };
  // Revoked already (the database refuses it from now on); deleting the user ends its sessions and sign-ins too.
  if (userId) {
    const deleted = await admin.auth.admin.deleteUser(userId);
    if (deleted.error && deleted.error.status !== 404) {
      return problem(502, 'auth_failed', `Revoked, but its user could not be deleted: ${deleted.error.message}.`);
    }
  }
  return json({ team, name, revokedAt });
}

Deno.serve(async (request) => {
  if (request.method === 'OPTIONS') return preflight();
  if (request.method !== 'POST') return methodNotAllowed(request.method, ['POST']);
  const db = asCaller(request);
  if (!db) return problem(401, 'sign_in_required', 'Sign in first (portal-deploy login): credentials are made by people.');
  const read = await readJsonObject(request);
  if (!read.ok) return read.response;
  const { action, team, name } = read.body;
  if (typeof team !== 'string' || !TEAM.test(team)) return problem(400, 'invalid_request', 'team must be a team name (lower case letters, digits, -).');
  if (typeof name !== 'string' || !NAME.test(name)) return problem(400, 'invalid_request', 'name must be 1–40 lower case letters, digits, ".", "_" or "-".');
  if (action === 'create') return create(db, team, name);
  if (action === 'revoke') return revoke(db, team, name);
  return problem(400, 'invalid_request', 'action must be "create" or "revoke".');
});
