// Completing an email change (GoTrue's ConfirmEmailChange): the new address becomes the
// user's confirmed email, the email identity follows, and an anonymous user becomes permanent.
import type { Queryable } from '../../db/database.js';
import { emailIdentityData, insertIdentity } from '../identities/identities.js';
import { reloadUser, setAppMetadata, withProvider, type UserRow } from './users.js';

export async function confirmEmailChange(
  tx: Queryable,
  user: UserRow,
  newEmail: string,
): Promise<UserRow> {
  await tx.query(
    `update auth.users set email = $2, email_change = '', email_change_token_new = '', email_change_token_current = '',
       email_change_confirm_status = 0, email_confirmed_at = now(), is_anonymous = false, updated_at = now()
     where id = $1`,
    [user.id, newEmail],
  );
  await tx.query(
    `delete from auth.one_time_tokens where user_id = $1
       and token_type in ('email_change_token_new', 'email_change_token_current')`,
    [user.id],
  );
  const updated = await tx.query(
    `update auth.identities set identity_data = identity_data || jsonb_build_object('email', $2::text, 'email_verified', true),
       updated_at = now()
     where user_id = $1 and provider = 'email'`,
    [user.id, newEmail],
  );
  if (updated.affectedRows === 0) {
    await insertIdentity(tx, {
      userId: user.id,
      provider: 'email',
      providerId: user.id,
      data: emailIdentityData(user.id, newEmail, true),
    });
    const refreshed = await reloadUser(tx, user.id);
    const appMetadata =
      refreshed.is_anonymous || user.is_anonymous
        ? { ...withProvider({}, 'email'), ...stripAnonymous(refreshed.raw_app_meta_data) }
        : withProvider(refreshed.raw_app_meta_data, 'email');
    await setAppMetadata(tx, user.id, appMetadata);
  }
  return reloadUser(tx, user.id);
}

/** An upgraded anonymous user's app_metadata names email as its provider. */
function stripAnonymous(appMetadata: Record<string, unknown> | null): Record<string, unknown> {
  const current = { ...(appMetadata ?? {}) };
  const providers = Array.isArray(current.providers)
    ? (current.providers as unknown[]).map(String).filter((p) => p !== 'anonymous')
    : [];
  if (!providers.includes('email')) providers.unshift('email');
  return { ...current, provider: 'email', providers };
}
