// Authorization requests of the OAuth 2.1 server (auth.oauth_authorizations), as GoTrue's
// OAuthServerAuthorization model keeps them: created pending by /oauth/authorize, bound to the
// first user who reads them, approved (with a one-time code) or denied, and gone once the code is
// exchanged. An expired request is reported as not found.
import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import type { Queryable } from '../../db/database.js';
import { fail } from '../errors.js';
import { parseScopes } from './scopes.js';

/** GoTrue's GOTRUE_OAUTH_SERVER_AUTHORIZATION_TTL default: a request (and its code) lives 10 minutes. */
const AUTHORIZATION_TTL_SECONDS = 600;

export type AuthorizationStatus = 'pending' | 'approved' | 'denied' | 'expired';

export interface AuthorizationRow {
  id: string;
  authorization_id: string;
  client_id: string;
  user_id: string | null;
  redirect_uri: string;
  scope: string;
  state: string | null;
  resource: string | null;
  code_challenge: string | null;
  code_challenge_method: 's256' | 'plain' | null;
  nonce: string | null;
  status: AuthorizationStatus;
  authorization_code: string | null;
  expires_at: Date;
}

const COLUMNS = `id, authorization_id, client_id, user_id, redirect_uri, scope, state, resource, code_challenge,
  code_challenge_method, nonce, status, authorization_code, expires_at`;

export interface NewAuthorization {
  clientId: string;
  redirectUri: string;
  scope: string;
  state: string;
  resource: string;
  codeChallenge: string;
  codeChallengeMethod: string;
  nonce: string;
}

const opaqueToken = (): string => randomBytes(32).toString('base64url');

export async function createAuthorization(
  db: Queryable,
  request: NewAuthorization,
): Promise<AuthorizationRow> {
  const { rows } = await db.query<AuthorizationRow>(
    `insert into auth.oauth_authorizations (id, authorization_id, client_id, redirect_uri, scope, state, resource,
       code_challenge, code_challenge_method, nonce, expires_at)
     values ($1, $2, $3, $4, $5, nullif($6, ''), nullif($7, ''), $8, $9, nullif($10, ''),
       now() + make_interval(secs => $11))
     returning ${COLUMNS}`,
    [
      randomUUID(),
      opaqueToken(),
      request.clientId,
      request.redirectUri,
      request.scope,
      request.state,
      request.resource,
      request.codeChallenge,
      request.codeChallengeMethod.toLowerCase(),
      request.nonce,
      AUTHORIZATION_TTL_SECONDS,
    ],
  );
  return rows[0]!;
}

const isExpired = (row: AuthorizationRow): boolean =>
  new Date(row.expires_at).getTime() < Date.now();

/**
 * GoTrue's validateAndFindAuthorization: a pending, unexpired request, else 404 "authorization not
 * found" (an expired one is marked expired first) or 400 when it was already decided.
 */
export async function findPendingAuthorization(
  db: Queryable,
  authorizationId: string,
  forUpdate = false,
): Promise<AuthorizationRow> {
  if (!authorizationId) fail('validation_failed', 'authorization_id is required');
  const { rows } = await db.query<AuthorizationRow>(
    `select ${COLUMNS} from auth.oauth_authorizations where authorization_id = $1${forUpdate ? ' for update' : ''}`,
    [authorizationId],
  );
  const row = rows[0];
  if (!row) fail('oauth_authorization_not_found');
  if (isExpired(row)) {
    await db.query(`update auth.oauth_authorizations set status = 'expired' where id = $1`, [
      row.id,
    ]);
    fail('oauth_authorization_not_found');
  }
  if (row.status !== 'pending')
    fail('validation_failed', 'authorization request cannot be processed');
  return row;
}

export async function bindUser(
  db: Queryable,
  row: AuthorizationRow,
  userId: string,
): Promise<void> {
  await db.query('update auth.oauth_authorizations set user_id = $2 where id = $1', [
    row.id,
    userId,
  ]);
  row.user_id = userId;
}

/** Approves the request and gives it its one-time authorization code. */
export async function approveAuthorization(
  db: Queryable,
  row: AuthorizationRow,
): Promise<AuthorizationRow> {
  const { rows } = await db.query<AuthorizationRow>(
    `update auth.oauth_authorizations set status = 'approved', authorization_code = $2, approved_at = now()
     where id = $1 returning ${COLUMNS}`,
    [row.id, opaqueToken()],
  );
  return rows[0]!;
}

export async function denyAuthorization(db: Queryable, row: AuthorizationRow): Promise<void> {
  await db.query(`update auth.oauth_authorizations set status = 'denied' where id = $1`, [row.id]);
}

/**
 * Takes an approved request by its code, once: the row is deleted as it is read, so of two
 * exchanges of the same code only one finds it (GoTrue destroys the row in the exchange's
 * transaction; a replay is "Invalid authorization code").
 */
export async function takeAuthorizationByCode(
  db: Queryable,
  code: string,
): Promise<AuthorizationRow | null> {
  const { rows } = await db.query<AuthorizationRow>(
    `delete from auth.oauth_authorizations where authorization_code = $1 and status = 'approved' returning ${COLUMNS}`,
    [code],
  );
  return rows[0] ?? null;
}

export function scopesOf(row: AuthorizationRow): string[] {
  return parseScopes(row.scope);
}

export function authorizationExpired(row: AuthorizationRow): boolean {
  return isExpired(row);
}

/** GoTrue's VerifyPKCE: why `verifier` does not answer the request's challenge, or null when it does. */
export function pkceProblem(row: AuthorizationRow, verifier: string): string | null {
  if (!row.code_challenge) return null;
  if (!verifier) return 'code_verifier is required';
  if (verifier.length < 43 || verifier.length > 128) {
    return 'code_verifier must be between 43 and 128 characters';
  }
  const computed =
    row.code_challenge_method === 'plain'
      ? verifier
      : createHash('sha256').update(verifier).digest('base64url');
  const expected = Buffer.from(row.code_challenge);
  const given = Buffer.from(computed);
  return expected.length === given.length && timingSafeEqual(expected, given)
    ? null
    : 'code challenge does not match previously saved code verifier';
}

/** The client's redirect_uri with `code` (or the error) and `state`, as GoTrue builds it. */
export function redirectWith(redirectUri: string, params: Record<string, string | null>): string {
  const url = new URL(redirectUri);
  for (const [name, value] of Object.entries(params)) {
    if (value) url.searchParams.set(name, value);
  }
  return url.toString();
}
