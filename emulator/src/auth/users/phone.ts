// Phone numbers as GoTrue keeps them (docs/compatibility.md#auth-phone-and-sms): E.164 digits
// without the leading '+' in auth.users.phone, a 'phone' identity with provider_id = the user's id,
// and the queries and updates the phone flows share.
import type { Queryable } from '../../db/database.js';
import { isPostgresError } from '../../db/database.js';
import { AuthError, fail } from '../errors.js';
import { insertIdentity } from '../identities/identities.js';
import {
  insertUser,
  reloadUser,
  setAppMetadata,
  USER_COLUMNS,
  withProvider,
  type Json,
  type UserRow,
} from './users.js';

/** GoTrue's validatePhone: '+' and spaces dropped, then 2 to 15 digits not starting with 0. */
export function validatePhone(phone: string | null | undefined): string {
  const formatted = (phone ?? '')
    .trim()
    .replace(/^\+/, '')
    .replace(/[\s\-()]/g, '');
  if (!/^[1-9][0-9]{1,14}$/.test(formatted)) {
    fail('validation_failed', 'Invalid phone number format (E.164 required)');
  }
  return formatted;
}

/** GoTrue's channels for phone OTPs; every one is delivered to the mailbox here. */
export function validateChannel(channel: string | null | undefined): 'sms' | 'whatsapp' {
  const value = channel || 'sms';
  if (value !== 'sms' && value !== 'whatsapp') {
    fail('validation_failed', 'Invalid channel, only sms and whatsapp are supported');
  }
  return value;
}

export function isPhoneConfirmed(user: UserRow): boolean {
  return user.phone_confirmed_at !== null;
}

export async function findUserByPhone(
  tx: Queryable,
  phone: string,
  forUpdate = false,
): Promise<UserRow | null> {
  const { rows } = await tx.query<UserRow>(
    `select ${USER_COLUMNS} from auth.users
     where phone = $1 and is_sso_user = false and aud = 'authenticated'
     order by created_at limit 1${forUpdate ? ' for update' : ''}`,
    [phone],
  );
  return rows[0] ?? null;
}

/** The user waiting to change their number to `phone`. */
export async function findUserByPhoneChange(tx: Queryable, phone: string): Promise<UserRow | null> {
  const { rows } = await tx.query<UserRow>(
    `select ${USER_COLUMNS} from auth.users
     where phone_change = $1 and is_sso_user = false and aud = 'authenticated'
     order by phone_change_sent_at desc nulls last limit 1 for update`,
    [phone],
  );
  return rows[0] ?? null;
}

export function phoneIdentityData(userId: string, phone: string, verified: boolean): Json {
  return { sub: userId, phone, email_verified: false, phone_verified: verified };
}

/** GoTrue's signupNewUser for provider 'phone': the user and its phone identity. */
export async function createPhoneUser(
  tx: Queryable,
  user: { phone: string; passwordHash: string | null; userMetadata: Json; confirmed: boolean },
): Promise<UserRow> {
  try {
    const row = await insertUser(tx, {
      email: null,
      phone: user.phone,
      passwordHash: user.passwordHash,
      appMetadata: { provider: 'phone', providers: ['phone'] },
      userMetadata: user.userMetadata,
      phoneConfirmed: user.confirmed,
    });
    await insertIdentity(tx, {
      userId: row.id,
      provider: 'phone',
      providerId: row.id,
      data: phoneIdentityData(row.id, user.phone, user.confirmed),
      signedIn: false,
    });
    return row;
  } catch (error) {
    if (isPostgresError(error)) {
      if (error.code === '23505') fail('phone_exists');
      throw new AuthError('unexpected_failure', `Database error saving new user: ${error.message}`);
    }
    throw error;
  }
}

/** A verified SMS code confirms the number (GoTrue's ConfirmPhone). */
export async function confirmPhone(tx: Queryable, user: UserRow): Promise<UserRow> {
  await tx.query(
    `update auth.users set phone_confirmed_at = coalesce(phone_confirmed_at, now()), confirmation_token = '',
       updated_at = now() where id = $1`,
    [user.id],
  );
  await tx.query(
    `delete from auth.one_time_tokens where user_id = $1 and token_type = 'confirmation_token'`,
    [user.id],
  );
  await tx.query(
    `update auth.identities set identity_data = identity_data || '{"phone_verified": true}'::jsonb, updated_at = now()
     where user_id = $1 and provider = 'phone'`,
    [user.id],
  );
  return reloadUser(tx, user.id);
}

/**
 * The new number becomes the user's confirmed phone (GoTrue's ConfirmPhoneChange): its phone
 * identity follows or is created, and an anonymous user becomes permanent.
 */
export async function applyPhoneChange(
  tx: Queryable,
  user: UserRow,
  phone: string,
): Promise<UserRow> {
  try {
    await tx.query(
      `update auth.users set phone = $2, phone_change = '', phone_change_token = '', phone_confirmed_at = now(),
         is_anonymous = false, updated_at = now() where id = $1`,
      [user.id, phone],
    );
  } catch (error) {
    if (isPostgresError(error) && error.code === '23505') fail('phone_exists');
    throw error;
  }
  await tx.query(
    `delete from auth.one_time_tokens where user_id = $1 and token_type = 'phone_change_token'`,
    [user.id],
  );
  const updated = await tx.query(
    `update auth.identities set identity_data = identity_data || jsonb_build_object('phone', $2::text, 'phone_verified', true),
       updated_at = now()
     where user_id = $1 and provider = 'phone'`,
    [user.id, phone],
  );
  if (updated.affectedRows === 0) {
    await insertIdentity(tx, {
      userId: user.id,
      provider: 'phone',
      providerId: user.id,
      data: phoneIdentityData(user.id, phone, true),
    });
    const current = user.is_anonymous
      ? { provider: 'phone', providers: ['phone'] }
      : withProvider(user.raw_app_meta_data, 'phone');
    await setAppMetadata(tx, user.id, { ...(user.raw_app_meta_data ?? {}), ...current });
  }
  return reloadUser(tx, user.id);
}
