// A user's consents to OAuth clients (auth.oauth_consents): one row per user and client, its
// scopes widened by each approval; revoking keeps the row with revoked_at, as GoTrue does.
import { randomUUID } from 'node:crypto';
import type { Queryable } from '../../db/database.js';
import { parseScopes } from './scopes.js';

export interface ConsentRow {
  id: string;
  client_id: string;
  scopes: string;
  granted_at: Date;
}

export async function findActiveConsent(
  db: Queryable,
  userId: string,
  clientId: string,
): Promise<ConsentRow | null> {
  const { rows } = await db.query<ConsentRow>(
    `select id, client_id, scopes, granted_at from auth.oauth_consents
     where user_id = $1 and client_id = $2 and revoked_at is null`,
    [userId, clientId],
  );
  return rows[0] ?? null;
}

/** GoTrue's UpsertOAuthServerConsent: records the approved scopes (a revoked consent is granted afresh). */
export async function grantConsent(
  db: Queryable,
  userId: string,
  clientId: string,
  scopes: string[],
): Promise<void> {
  await db.query(
    `insert into auth.oauth_consents (id, user_id, client_id, scopes, granted_at)
     values ($1, $2, $3, $4, now())
     on conflict (user_id, client_id) do update set
       scopes = case when auth.oauth_consents.revoked_at is null
                  then (select string_agg(distinct s, ' ') from unnest(
                          string_to_array(auth.oauth_consents.scopes || ' ' || excluded.scopes, ' ')) as s where s <> '')
                  else excluded.scopes end,
       granted_at = case when auth.oauth_consents.revoked_at is null then auth.oauth_consents.granted_at else now() end,
       revoked_at = null`,
    [randomUUID(), userId, clientId, parseScopes(scopes.join(' ')).join(' ')],
  );
}

/** The user's active consents to clients that still exist, most recent first. */
export async function listActiveConsents(db: Queryable, userId: string): Promise<ConsentRow[]> {
  const { rows } = await db.query<ConsentRow>(
    `select c.id, c.client_id, c.scopes, c.granted_at from auth.oauth_consents c
     join auth.oauth_clients k on k.id = c.client_id and k.deleted_at is null
     where c.user_id = $1 and c.revoked_at is null order by c.granted_at desc`,
    [userId],
  );
  return rows;
}

/**
 * GoTrue's revoke: the consent is marked revoked and every session the client started for the
 * user is deleted, taking its refresh tokens with it.
 */
export async function revokeConsent(
  db: Queryable,
  consent: ConsentRow,
  userId: string,
): Promise<void> {
  await db.query('update auth.oauth_consents set revoked_at = now() where id = $1', [consent.id]);
  await db.query('delete from auth.sessions where user_id = $1 and oauth_client_id = $2', [
    userId,
    consent.client_id,
  ]);
}
