// Sessions, their refresh tokens and amr claims, as GoTrue keeps them in auth.sessions,
// auth.refresh_tokens and auth.mfa_amr_claims; and the Session JSON a sign-in answers with.
import type { Queryable } from '../../db/database.js';
import type { Keys } from '../../keys.js';
import { signAccessToken, type AmrEntry } from './access-token.js';
import { newRefreshToken } from './secrets.js';
import type { AuthSettings } from '../settings.js';
import { userJson, type Json, type UserRow } from '../users/users.js';

/** GoTrue's authentication method names, as they appear in `amr` (§1.3). */
export type AuthMethod =
  | 'password'
  | 'otp'
  | 'oauth'
  | 'totp'
  | 'magiclink'
  | 'email/signup'
  | 'recovery'
  | 'invite'
  | 'email_change'
  | 'token_refresh'
  | 'anonymous'
  | 'mfa/phone'
  | 'mfa/webauthn'
  | 'web3'
  | 'passkey'
  | 'sso/saml'
  | 'oauth_provider/authorization_code';

export interface SessionRow {
  id: string;
  user_id: string;
  created_at: Date;
  updated_at: Date | null;
  factor_id: string | null;
  aal: string | null;
  not_after: Date | null;
  /** The OAuth client that started the session (`/oauth/token`), else null. */
  oauth_client_id: string | null;
}

export interface ClientInfo {
  userAgent: string | null;
  ip: string | null;
}

export interface SessionResponse extends Json {
  access_token: string;
  token_type: 'bearer';
  expires_in: number;
  expires_at: number;
  refresh_token: string;
  user: Json;
}

export async function findSession(
  tx: Queryable,
  id: string,
  forUpdate = false,
): Promise<SessionRow | null> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
  const { rows } = await tx.query<SessionRow>(
    `select id, user_id, created_at, updated_at, factor_id, aal::text as aal, not_after,
       oauth_client_id::text as oauth_client_id
     from auth.sessions where id = $1${forUpdate ? ' for update' : ''}`,
    [id],
  );
  return rows[0] ?? null;
}

export async function addAmrClaim(
  tx: Queryable,
  sessionId: string,
  method: AuthMethod,
): Promise<void> {
  await tx.query(
    `insert into auth.mfa_amr_claims (id, session_id, authentication_method, created_at, updated_at)
     values (extensions.gen_random_uuid(), $1, $2, now(), now())
     on conflict (session_id, authentication_method) do update set updated_at = now()`,
    [sessionId, method],
  );
}

/** The session's amr, most recent first, as GoTrue orders it. */
export async function amrOf(tx: Queryable, sessionId: string): Promise<AmrEntry[]> {
  const { rows } = await tx.query<{ method: string; at: Date }>(
    `select authentication_method as method, updated_at as at from auth.mfa_amr_claims where session_id = $1`,
    [sessionId],
  );
  return rows
    .map((row) => ({
      method: row.method,
      timestamp: Math.floor(new Date(row.at).getTime() / 1000),
    }))
    .sort((a, b) => b.timestamp - a.timestamp);
}

export async function insertRefreshToken(
  tx: Queryable,
  userId: string,
  sessionId: string,
  parent: string | null,
): Promise<string> {
  const token = newRefreshToken();
  await tx.query(
    `insert into auth.refresh_tokens (instance_id, token, user_id, revoked, created_at, updated_at, parent, session_id)
     values ('00000000-0000-0000-0000-000000000000', $1, $2, false, now(), now(), $3, $4)`,
    [token, userId, parent, sessionId],
  );
  return token;
}

export interface Issuer {
  keys: Keys;
  settings: AuthSettings;
}

/** Builds the Session JSON for a session whose current refresh token is `refreshToken`. */
export async function sessionResponse(
  tx: Queryable,
  issuer: Issuer,
  user: UserRow,
  sessionId: string,
  refreshToken: string,
): Promise<SessionResponse> {
  const amr = await amrOf(tx, sessionId);
  const { rows } = await tx.query<{ oauth_client_id: string | null }>(
    'select oauth_client_id from auth.sessions where id = $1',
    [sessionId],
  );
  const { token, expiresAt } = await signAccessToken(issuer.keys, issuer.settings, user, {
    id: sessionId,
    amr,
    clientId: rows[0]?.oauth_client_id ?? null,
  });
  return {
    access_token: token,
    token_type: 'bearer',
    expires_in: issuer.settings.jwtExpiry,
    expires_at: expiresAt,
    refresh_token: refreshToken,
    user: await userJson(tx, user),
  };
}

/** The OAuth client a session is started for (the OAuth 2.1 server's code exchange), and its scopes. */
export interface OAuthGrant {
  clientId: string;
  scopes: string;
}

/**
 * A new session for `user` signed in by `method` (GoTrue's issueRefreshToken): the session
 * row, its first refresh token, the amr claim, last_sign_in_at; answers the Session JSON.
 */
export async function startSession(
  tx: Queryable,
  issuer: Issuer,
  user: UserRow,
  method: AuthMethod,
  client: ClientInfo,
  oauth: OAuthGrant | null = null,
): Promise<SessionResponse> {
  const { rows } = await tx.query<{ id: string }>(
    `insert into auth.sessions (id, user_id, created_at, updated_at, aal, user_agent, ip, refreshed_at, oauth_client_id, scopes)
     values (extensions.gen_random_uuid(), $1, now(), now(), 'aal1', $2, $3::inet, now() at time zone 'utc', $4, $5)
     returning id`,
    [user.id, client.userAgent, toInet(client.ip), oauth?.clientId ?? null, oauth?.scopes ?? null],
  );
  const sessionId = rows[0]!.id;
  await addAmrClaim(tx, sessionId, method);
  const refreshToken = await insertRefreshToken(tx, user.id, sessionId, null);
  const updated = await tx.query<{ last_sign_in_at: Date }>(
    `update auth.users set last_sign_in_at = now(), updated_at = now() where id = $1 returning last_sign_in_at`,
    [user.id],
  );
  user.last_sign_in_at = updated.rows[0]?.last_sign_in_at ?? new Date();
  return sessionResponse(tx, issuer, user, sessionId, refreshToken);
}

function toInet(ip: string | null): string | null {
  if (!ip) return null;
  const plain = ip.replace(/^::ffff:/, '');
  return /^[0-9a-f:.]+$/i.test(plain) ? plain : null;
}

/** Signs out: one session, every session of the user, or every other session (`/logout` scopes). */
export async function endSessions(
  tx: Queryable,
  userId: string,
  sessionId: string | null,
  scope: 'local' | 'global' | 'others',
): Promise<void> {
  if (scope === 'global' || (!sessionId && scope === 'local')) {
    await tx.query('delete from auth.sessions where user_id = $1', [userId]);
  } else if (scope === 'local') {
    await tx.query('delete from auth.sessions where id = $1', [sessionId]);
  } else {
    await tx.query(
      'delete from auth.sessions where user_id = $1 and id is distinct from $2::uuid',
      [userId, sessionId],
    );
  }
}
