// Sharing a project by email is a feature of the portal's own backend (supabase/migrations:
// project_invitations, my_project_invitations(), accept_project_invitation(); the function
// `project-invitations` mails the invited person). The remote offers it only where the API
// describes those parts to the signed-in person, so on another project nothing of it shows.
import type { SchemaModel } from '../schema/openapi-model.js';

export const SHARING = {
  /** The table whose rows are shared. */
  sharedTable: 'projects',
  /** Who owns a shared row (the person who may share it). */
  ownerColumn: 'owner_id',
  invitations: 'project_invitations',
  members: 'project_members',
  myInvitations: 'my_project_invitations',
  accept: 'accept_project_invitation',
  inviteFunction: 'project-invitations',
} as const;

export function offersSharing(model: SchemaModel): boolean {
  const tables = new Set(model.tables.map((t) => t.name));
  return (
    tables.has(SHARING.sharedTable) &&
    tables.has(SHARING.invitations) &&
    tables.has(SHARING.members) &&
    model.functions.includes(SHARING.myInvitations) &&
    model.functions.includes(SHARING.accept)
  );
}
