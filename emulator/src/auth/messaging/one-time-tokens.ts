// Where emailed tokens live: GoTrue keeps each hash both in its auth.users column (the
// legacy place seeds and old tools read) and in auth.one_time_tokens.
import type { Queryable } from '../../db/database.js';
import type { UserRow } from '../users/users.js';

export type TokenKind =
  | 'confirmation_token'
  | 'recovery_token'
  | 'email_change_token_new'
  | 'email_change_token_current'
  | 'reauthentication_token'
  | 'phone_change_token';

type TokenColumn =
  | 'confirmation_token'
  | 'recovery_token'
  | 'email_change_token_new'
  | 'email_change_token_current'
  | 'reauthentication_token'
  | 'phone_change_token';
type SentAtColumn =
  | 'confirmation_sent_at'
  | 'recovery_sent_at'
  | 'email_change_sent_at'
  | 'reauthentication_sent_at'
  | 'phone_change_sent_at';

/** auth.users column of each kind, and the column recording when it was sent. */
const COLUMNS: Record<TokenKind, [token: TokenColumn, sentAt: SentAtColumn]> = {
  confirmation_token: ['confirmation_token', 'confirmation_sent_at'],
  recovery_token: ['recovery_token', 'recovery_sent_at'],
  email_change_token_new: ['email_change_token_new', 'email_change_sent_at'],
  email_change_token_current: ['email_change_token_current', 'email_change_sent_at'],
  reauthentication_token: ['reauthentication_token', 'reauthentication_sent_at'],
  phone_change_token: ['phone_change_token', 'phone_change_sent_at'],
};

export function tokenColumn(kind: TokenKind): TokenColumn {
  return COLUMNS[kind][0];
}

/** The hash of this kind the user's row holds ('' or null when none). */
export function storedToken(user: UserRow, kind: TokenKind): string | null {
  return user[COLUMNS[kind][0]];
}

/** When the user's token of this kind was sent. */
export function sentAt(user: UserRow, kind: TokenKind): Date | null {
  return user[COLUMNS[kind][1]];
}

export async function storeToken(
  tx: Queryable,
  userId: string,
  kind: TokenKind,
  hash: string,
  relatesTo: string,
): Promise<void> {
  const [token, sentAt] = COLUMNS[kind];
  await tx.query(
    `update auth.users set ${token} = $2, ${sentAt} = now(), updated_at = now() where id = $1`,
    [userId, hash],
  );
  await tx.query(
    `insert into auth.one_time_tokens (id, user_id, token_type, token_hash, relates_to, created_at, updated_at)
     values (extensions.gen_random_uuid(), $1, $2, $3, $4, now(), now())
     on conflict (user_id, token_type) do update
       set token_hash = excluded.token_hash, relates_to = excluded.relates_to, updated_at = now()`,
    [userId, kind, hash, relatesTo],
  );
}

export async function clearToken(tx: Queryable, userId: string, kind: TokenKind): Promise<void> {
  await tx.query(`update auth.users set ${COLUMNS[kind][0]} = '' where id = $1`, [userId]);
  await tx.query('delete from auth.one_time_tokens where user_id = $1 and token_type = $2', [
    userId,
    kind,
  ]);
}
