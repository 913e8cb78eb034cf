// The project's refusals, worded for the CLI: the database says what was refused, why (its
// `detail`) and who may do it (its `hint`) — supabase/migrations/*_portal_deploy.sql — and each
// reason maps to a code of the deploy catalogue (docs/errors.md#deploy-errors).
import { DeployError, DeployErrorCode } from './errors.js';

/** What PostgREST answers for a failed call (supabase-js's PostgrestError), and storage's refusals. */
export interface BackendFailure {
  code?: string;
  message: string;
  details?: string | null;
  hint?: string | null;
  status?: number;
  statusCode?: string;
}

const CODE_OF_REASON: Record<string, DeployErrorCode> = {
  not_signed_in: DeployErrorCode.NotSignedIn,
  second_factor_required: DeployErrorCode.NotSignedIn,
  credential_revoked: DeployErrorCode.CredentialRevoked,
  platform_owner_only: DeployErrorCode.NeedsPlatformOwner,
  needs_acceptance: DeployErrorCode.NeedsPlatformOwner,
  unknown_remote: DeployErrorCode.UnknownRemote,
  unknown_version: DeployErrorCode.UnknownVersion,
  unknown_release: DeployErrorCode.UnknownVersion,
  release_exists: DeployErrorCode.ImmutableConflict,
  append_only: DeployErrorCode.ImmutableConflict,
  invalid_revision: DeployErrorCode.InvalidRegistry,
};

/** A refusal or failure of the project as a DeployError; `what` says what was being done. */
export function backendError(error: BackendFailure, what: string): DeployError {
  const reason = error.details ?? '';
  const said = `${error.message}${error.hint ? ` ${error.hint}` : ''}`;
  if (CODE_OF_REASON[reason]) return new DeployError(CODE_OF_REASON[reason], said);
  if (error.code === '42501') return new DeployError(DeployErrorCode.NotAllowed, said);
  if (error.code === 'P0002' || error.code === '23505' || error.code === '22023') return new DeployError(DeployErrorCode.InvalidOption, said);
  if (error.code === 'PGRST106' || error.code === 'PGRST202') {
    return new DeployError(
      DeployErrorCode.BackendFailed,
      `The project has no deploy API (${error.message}): apply supabase/migrations/*_portal_deploy.sql and expose the schema portal_deploy_api (docs/deploy-teams.md#setting-up-a-hosted-project).`,
    );
  }
  return new DeployError(DeployErrorCode.BackendFailed, `The project could not ${what}: ${said}${error.code ? ` (${error.code})` : ''}.`);
}

/** Answers the call's data, or throws its refusal. */
export function dataOf<T>(result: { data: T | null; error: BackendFailure | null }, what: string): T {
  if (result.error) throw backendError(result.error, what);
  return result.data as T;
}
