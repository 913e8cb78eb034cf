// The calls behind sharing by email: the invitations addressed to the signed-in person (and
// accepting or declining them), a project's pending invitations (and revoking them), and a new
// invitation through the `project-invitations` function, which also sends the mail.
import type { SupabaseClient } from '@supabase/supabase-js';
import { DataError, DataErrorCode, isUnreachable, restFailure, UNREACHABLE } from '../errors/data-errors.js';
import { SHARING } from './sharing-schema.js';

export type MemberRole = 'viewer' | 'editor';

export interface InvitationForMe {
  id: string;
  project_id: number;
  project_name: string;
  role: MemberRole;
  invited_by_name: string;
  created_at: string;
  expires_at: string;
}

export interface ProjectInvitation {
  id: string;
  project_id: number;
  email: string;
  role: MemberRole;
  created_at: string;
  expires_at: string;
}

export async function readMyInvitations(supabase: SupabaseClient, signal?: AbortSignal): Promise<InvitationForMe[]> {
  let request = supabase.rpc(SHARING.myInvitations);
  if (signal) request = request.abortSignal(signal);
  const { data, error } = await request;
  if (error) throw restFailure(error);
  return (data ?? []) as InvitationForMe[];
}

/** Makes the signed-in person a member; resolves with the project's id. */
export async function acceptInvitation(supabase: SupabaseClient, id: string): Promise<number> {
  const { data, error } = await supabase.rpc(SHARING.accept, { p_invitation_id: id });
  if (error) throw restFailure(error);
  return data as number;
}

/** Declining and revoking are both deleting the invitation (row level security says who may). */
export async function deleteInvitation(supabase: SupabaseClient, id: string): Promise<void> {
  const { data, error } = await supabase.from(SHARING.invitations).delete().eq('id', id).select('id');
  if (error) throw restFailure(error);
  if ((data ?? []).length === 0) throw new DataError(DataErrorCode.RowsNotChanged, 'The invitation is gone already: accepted, declined or revoked.');
}

export async function readProjectInvitations(supabase: SupabaseClient, projectId: number, signal?: AbortSignal): Promise<ProjectInvitation[]> {
  let request = supabase.from(SHARING.invitations).select('id, project_id, email, role, created_at, expires_at').eq('project_id', projectId).order('created_at');
  if (signal) request = request.abortSignal(signal);
  const { data, error } = await request;
  if (error) throw restFailure(error);
  return (data ?? []) as ProjectInvitation[];
}

export interface InviteResult {
  invitation: ProjectInvitation;
  mailed: boolean;
  reason?: string;
}

/** Invites an address; the function answers the same whether the address has an account or not. */
export async function invite(supabase: SupabaseClient, input: { projectId: number; email: string; role: MemberRole; redirectTo: string }): Promise<InviteResult> {
  const { data, error } = await supabase.functions.invoke<InviteResult>(SHARING.inviteFunction, { body: input });
  if (error) {
    if (isUnreachable(error)) throw new DataError(DataErrorCode.Unreachable, UNREACHABLE);
    // FunctionsHttpError carries the function's answer: `{ code, message }` in words.
    const context = (error as { context?: unknown }).context;
    if (context instanceof Response) {
      const body = (await context.json().catch(() => null)) as { message?: string } | null;
      if (body?.message) throw new DataError(DataErrorCode.RequestFailed, body.message);
    }
    throw new DataError(DataErrorCode.RequestFailed, 'The invitation could not be sent.');
  }
  return data!;
}
