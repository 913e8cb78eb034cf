/**
 * Invites someone to one of your projects by email: they get a mail with a link to join. Only
 * the project's owner may.
 *
 * project-invitations: invites an email address to a project, for the project's owner, and mails
 * the invited person. Acting for the caller's session (row level security decides: only a
 * project's owner may invite to it); the mail goes through the auth server's admin API, as hosted
 * Supabase offers it, so the function needs no mail service of its own.
 *
 *   POST { "projectId": 12, "email": "Ann@Example.com", "role": "viewer" | "editor",
 *          "redirectTo": "https://portal.example/account/welcome?next=/data" }
 *     → { "invitation": { id, project_id, email, role, created_at, expires_at }, "mailed": true }
 *
 * The invitation is a row (public.project_invitations, made or renewed for 14 days: inviting the
 * same address again resends). The mail depends on the address, and the answer never does, so
 * the owner cannot learn who has an account:
 *   - an address without an account gets the auth server's invite (`inviteUserByEmail`): its
 *     link signs the person up and in, and lands on `redirectTo`, where they choose a password
 *     and see the invitation;
 *   - an address with an account (`email_exists`) gets a sign-in link (`signInWithOtp`, no new
 *     user) that lands on `redirectTo` too; they see the invitation once signed in.
 * The mails' words are the project's auth templates (on hosted Supabase: Authentication →
 * Email Templates, "Invite user" and "Magic Link"). The auth server sends a link only to
 * `redirectTo` addresses its allow-list admits ([auth] site_url and additional_redirect_urls),
 * else to site_url. When the mail cannot be sent (the auth server's mail rate limits), the
 * invitation still stands and the answer says `mailed: false` with the reason: the person sees it
 * when they sign in.
 *
 * Errors: `{ code, message }` — 400 invalid_request, 401 sign_in_required, 403 insufficient_aal
 * (the person has a second factor this session has not used), 403 not_owner,
 * 405, 415, 502 database_failed.
 */
import { z } from 'zod';
import { admin, callerOrRefusal } from '../_shared/caller.ts';
import { describeIssues, json, methodNotAllowed, preflight, problem, readJsonObject } from '../_shared/http.ts';

const INVITATION_DAYS = 14;

const Body = z.object({
  projectId: z.number().int().positive('projectId is a project’s id'),
  email: z
    .string()
    .trim()
    .toLowerCase()
    .max(320, 'an address has at most 320 characters')
    .regex(/^[^@\s]+@[^@\s]+\.[^@\s]+$/, 'enter an email address, e.g. name@example.com'),
  role: z.enum(['viewer', 'editor']).default('viewer'),
  redirectTo: z.url('redirectTo is an absolute URL').optional(),
});

/** The auth server's mail for `email`: an invite for a new address, a sign-in link for a known one. */
async function mail(email: string, redirectTo: string | undefined): Promise<{ mailed: true } | { mailed: false; reason: string }> {
  const invited = await admin.auth.admin.inviteUserByEmail(email, redirectTo ? { redirectTo } : {});
  if (!invited.error) return { mailed: true };
  if (invited.error.code !== 'email_exists') return { mailed: false, reason: invited.error.message };
  const link = await admin.auth.signInWithOtp({ email, options: { shouldCreateUser: false, ...(redirectTo && { emailRedirectTo: redirectTo }) } });
  return link.error ? { mailed: false, reason: link.error.message } : { mailed: true };
}

Deno.serve(async (request) => {
  if (request.method === 'OPTIONS') return preflight();
  if (request.method !== 'POST') return methodNotAllowed(request.method, ['POST']);
  const caller = await callerOrRefusal(request, 'invite people to a project');
  if (caller instanceof Response) return caller;
  const read = await readJsonObject(request);
  if (!read.ok) return read.response;
  const parsed = Body.safeParse(read.body);
  if (!parsed.success) return problem(400, 'invalid_request', describeIssues(parsed.error.issues));
  const { projectId, email, role, redirectTo } = parsed.data;
  if (email === caller.email) return problem(400, 'invalid_request', 'That is your own address: you are in the project already.');

  const expires = new Date(Date.now() + INVITATION_DAYS * 24 * 3600 * 1000).toISOString();
  const saved = await caller.db
    .from('project_invitations')
    .upsert({ project_id: projectId, email, role, invited_by: caller.id, expires_at: expires }, { onConflict: 'project_id,email' })
    .select('id, project_id, email, role, created_at, expires_at')
    .single();
  if (saved.error) {
    // Row level security: the caller does not own the project (or cannot see it at all).
    if (saved.error.code === '42501' || saved.error.code === '23503') {
      return problem(403, 'not_owner', 'Only the project’s owner may invite people to it.');
    }
    return problem(502, 'database_failed', saved.error.message);
  }
  const sent = await mail(email, redirectTo);
  return json({ invitation: saved.data, ...sent });
});
