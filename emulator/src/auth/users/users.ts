// auth.users rows ↔ GoTrue's User JSON (docs/compatibility.md#auth-shapes), and the queries on
// users the routes share. Every function takes the transaction it runs in.
import type { Queryable } from '../../db/database.js';
import { identitiesOf, toIdentityJson, type IdentityRow } from '../identities/identities.js';
import { factorsOf, toFactorJson, type FactorRow } from '../factors/factors.js';

export const NIL_INSTANCE = '00000000-0000-0000-0000-000000000000';

export interface UserRow {
  id: string;
  aud: string | null;
  role: string | null;
  email: string | null;
  encrypted_password: string | null;
  email_confirmed_at: Date | null;
  invited_at: Date | null;
  phone: string | null;
  phone_confirmed_at: Date | null;
  confirmation_token: string | null;
  confirmation_sent_at: Date | null;
  confirmed_at: Date | null;
  recovery_token: string | null;
  recovery_sent_at: Date | null;
  email_change_token_current: string | null;
  email_change_token_new: string | null;
  email_change: string | null;
  email_change_sent_at: Date | null;
  email_change_confirm_status: number | null;
  phone_change: string | null;
  phone_change_token: string | null;
  phone_change_sent_at: Date | null;
  reauthentication_token: string | null;
  reauthentication_sent_at: Date | null;
  last_sign_in_at: Date | null;
  raw_app_meta_data: Record<string, unknown> | null;
  raw_user_meta_data: Record<string, unknown> | null;
  banned_until: Date | null;
  created_at: Date | null;
  updated_at: Date | null;
  deleted_at: Date | null;
  is_anonymous: boolean;
  is_sso_user: boolean;
}

export const USER_COLUMNS = `id, aud, role, email, encrypted_password, email_confirmed_at, invited_at, phone,
  phone_confirmed_at, confirmation_token, confirmation_sent_at, confirmed_at, recovery_token, recovery_sent_at,
  email_change_token_current, email_change_token_new, email_change, email_change_sent_at,
  email_change_confirm_status, phone_change, phone_change_token, phone_change_sent_at, reauthentication_token,
  reauthentication_sent_at, last_sign_in_at, raw_app_meta_data, raw_user_meta_data, banned_until, created_at,
  updated_at, deleted_at, is_anonymous, is_sso_user`;

export type Json = Record<string, unknown>;

const iso = (value: Date | string | null | undefined): string | undefined =>
  value === null || value === undefined ? undefined : new Date(value).toISOString();

/** A user is banned while banned_until lies in the future. */
export function isBanned(user: UserRow): boolean {
  return user.banned_until !== null && new Date(user.banned_until).getTime() > Date.now();
}

export function isEmailConfirmed(user: UserRow): boolean {
  return user.email_confirmed_at !== null;
}

/** GoTrue's User JSON: optional timestamps are left out when unset, as Go's omitempty does. */
export function toUserJson(user: UserRow, identities: IdentityRow[], factors: FactorRow[]): Json {
  const json: Json = {
    id: user.id,
    aud: user.aud ?? '',
    role: user.role ?? '',
    email: user.email ?? '',
    email_confirmed_at: iso(user.email_confirmed_at),
    invited_at: iso(user.invited_at),
    phone: user.phone ?? '',
    phone_confirmed_at: iso(user.phone_confirmed_at),
    confirmation_sent_at: iso(user.confirmation_sent_at),
    confirmed_at: iso(user.confirmed_at ?? user.email_confirmed_at ?? user.phone_confirmed_at),
    recovery_sent_at: iso(user.recovery_sent_at),
    new_email: user.email_change || undefined,
    email_change_sent_at: iso(user.email_change_sent_at),
    new_phone: user.phone_change || undefined,
    phone_change_sent_at: iso(user.phone_change_sent_at),
    reauthentication_sent_at: iso(user.reauthentication_sent_at),
    last_sign_in_at: iso(user.last_sign_in_at),
    app_metadata: user.raw_app_meta_data ?? {},
    user_metadata: user.raw_user_meta_data ?? {},
    factors: factors.length ? factors.map(toFactorJson) : undefined,
    identities: identities.map(toIdentityJson),
    banned_until: iso(user.banned_until),
    created_at: iso(user.created_at) ?? new Date(0).toISOString(),
    updated_at: iso(user.updated_at) ?? new Date(0).toISOString(),
    deleted_at: iso(user.deleted_at),
    is_anonymous: user.is_anonymous,
  };
  for (const key of Object.keys(json)) if (json[key] === undefined) delete json[key];
  return json;
}

export async function findUserById(
  tx: Queryable,
  id: string,
  forUpdate = false,
): Promise<UserRow | null> {
  if (!isUuid(id)) return null;
  const { rows } = await tx.query<UserRow>(
    `select ${USER_COLUMNS} from auth.users where id = $1${forUpdate ? ' for update' : ''}`,
    [id],
  );
  return rows[0] ?? null;
}

/**
 * GoTrue matches emails case-insensitively among non-SSO users of the audience. `forUpdate`
 * locks the row until the transaction ends (a verify that spends the user's token).
 */
export async function findUserByEmail(
  tx: Queryable,
  email: string,
  forUpdate = false,
): Promise<UserRow | null> {
  const { rows } = await tx.query<UserRow>(
    `select ${USER_COLUMNS} from auth.users
     where lower(email) = lower($1) and is_sso_user = false and aud = 'authenticated'
     order by created_at limit 1${forUpdate ? ' for update' : ''}`,
    [email],
  );
  return rows[0] ?? null;
}

/** The full User JSON (identities and factors included), read in the given transaction. */
export async function userJson(tx: Queryable, user: UserRow): Promise<Json> {
  const [identities, factors] = await Promise.all([
    identitiesOf(tx, user.id),
    factorsOf(tx, user.id),
  ]);
  return toUserJson(user, identities, factors);
}

export async function reloadUser(tx: Queryable, id: string): Promise<UserRow> {
  const user = await findUserById(tx, id);
  if (!user) throw new Error(`user ${id} vanished inside its own transaction`);
  return user;
}

export function isUuid(value: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
}

/** Merges metadata as GoTrue does: keys set to null are removed. */
export function mergeMetadata(current: Json | null, patch: Json): Json {
  const merged: Json = { ...(current ?? {}) };
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete merged[key];
    else merged[key] = value;
  }
  return merged;
}

export interface NewUser {
  id?: string;
  email: string | null;
  phone?: string | null;
  passwordHash: string | null;
  appMetadata: Json;
  userMetadata: Json;
  role?: string;
  isAnonymous?: boolean;
  emailConfirmed?: boolean;
  phoneConfirmed?: boolean;
  invited?: boolean;
  bannedUntil?: Date | null;
  /** Made by SAML single sign-on: outside the unique index on emails of other users. */
  isSsoUser?: boolean;
}

/**
 * Inserts a user as the database superuser, so `after insert on auth.users` triggers a
 * project defines (e.g. one creating a profile) run exactly as on Supabase.
 */
export async function insertUser(tx: Queryable, user: NewUser): Promise<UserRow> {
  const { rows } = await tx.query<UserRow>(
    `insert into auth.users (instance_id, id, aud, role, email, phone, encrypted_password, raw_app_meta_data,
       raw_user_meta_data, is_anonymous, email_confirmed_at, phone_confirmed_at, invited_at, banned_until,
       created_at, updated_at, confirmation_token, recovery_token, email_change_token_new, email_change,
       email_change_token_current, phone_change, phone_change_token, reauthentication_token, is_sso_user)
     values ($1, coalesce($2::uuid, extensions.gen_random_uuid()), 'authenticated', $3, $4, $5, $6, $7, $8, $9,
       case when $10 then now() end, case when $11 then now() end, case when $12 then now() end, $13,
       now(), now(), '', '', '', '', '', '', '', '', $14)
     returning ${USER_COLUMNS}`,
    [
      NIL_INSTANCE,
      user.id ?? null,
      user.role ?? 'authenticated',
      user.email,
      user.phone ?? null,
      user.passwordHash,
      JSON.stringify(user.appMetadata),
      JSON.stringify(user.userMetadata),
      user.isAnonymous ?? false,
      user.emailConfirmed ?? false,
      user.phoneConfirmed ?? false,
      user.invited ?? false,
      user.bannedUntil ?? null,
      user.isSsoUser ?? false,
    ],
  );
  return rows[0]!;
}

/** app_metadata.provider(s) after a provider was added to the user. */
export function withProvider(appMetadata: Json | null, provider: string): Json {
  const current = appMetadata ?? {};
  const providers = Array.isArray(current.providers)
    ? (current.providers as unknown[]).map(String)
    : [];
  if (!providers.includes(provider)) providers.push(provider);
  return {
    ...current,
    provider: typeof current.provider === 'string' ? current.provider : provider,
    providers,
  };
}

export async function setAppMetadata(
  tx: Queryable,
  userId: string,
  appMetadata: Json,
): Promise<void> {
  await tx.query('update auth.users set raw_app_meta_data = $2, updated_at = now() where id = $1', [
    userId,
    JSON.stringify(appMetadata),
  ]);
}

export async function confirmEmail(tx: Queryable, userId: string): Promise<void> {
  await tx.query(
    `update auth.users set email_confirmed_at = coalesce(email_confirmed_at, now()), confirmation_token = '',
       updated_at = now() where id = $1`,
    [userId],
  );
  await tx.query(
    `delete from auth.one_time_tokens where user_id = $1 and token_type = 'confirmation_token'`,
    [userId],
  );
  // The email identity's data says whether the address was verified.
  await tx.query(
    `update auth.identities set identity_data = identity_data || '{"email_verified": true}'::jsonb, updated_at = now()
     where user_id = $1 and provider = 'email'`,
    [userId],
  );
}
