// PUT /admin/users/:id — GoTrue's adminUserUpdate: email (its email identity follows), phone,
// password or bcrypt hash, confirmations, metadata merged, role, and a ban that ends the sessions.
import type { AuthContext } from '../../context.js';
import { fail } from '../../errors.js';
import { requireAdmin } from '../../request/guard.js';
import { json, parseBody, type AuthRequest } from '../../request/http.js';
import { validateEmail } from '../../request/validation.js';
import { findUserByPhone, validatePhone } from '../../users/phone.js';
import {
  findUserByEmail,
  findUserById,
  mergeMetadata,
  reloadUser,
  userJson,
} from '../../users/users.js';
import { banUntil, passwordHashOf, UserBody, userFromPath } from './user-fields.js';

export async function updateUser(c: AuthRequest, ctx: AuthContext): Promise<Response> {
  await requireAdmin(c, ctx.keys);
  const existing = await userFromPath(c, ctx.db);
  const body = await parseBody(c, UserBody);
  // Numbers are stored as GoTrue stores them: digits without the leading '+'.
  if (body.phone) body.phone = validatePhone(body.phone);
  const email = body.email ? validateEmail(body.email) : null;
  const passwordHash = await passwordHashOf(body, ctx);
  const bannedUntil = banUntil(body.ban_duration);
  const updated = await ctx.db.transaction(async (tx) => {
    const user = (await findUserById(tx, existing.id, true))!;
    if (email && email !== (user.email ?? '').toLowerCase()) {
      const other = await findUserByEmail(tx, email);
      if (other && other.id !== user.id) fail('email_exists');
      await tx.query('update auth.users set email = $2, updated_at = now() where id = $1', [
        user.id,
        email,
      ]);
      await tx.query(
        `update auth.identities set identity_data = identity_data || jsonb_build_object('email', $2::text), updated_at = now()
         where user_id = $1 and provider = 'email'`,
        [user.id, email],
      );
    }
    if (body.phone !== undefined && body.phone !== null) {
      if (body.phone) {
        const other = await findUserByPhone(tx, body.phone);
        if (other && other.id !== user.id) fail('phone_exists');
      }
      await tx.query(
        "update auth.users set phone = nullif($2, ''), updated_at = now() where id = $1",
        [user.id, body.phone],
      );
    }
    if (passwordHash) {
      await tx.query(
        'update auth.users set encrypted_password = $2, updated_at = now() where id = $1',
        [user.id, passwordHash],
      );
    }
    if (body.email_confirm === true) {
      await tx.query(
        'update auth.users set email_confirmed_at = coalesce(email_confirmed_at, now()) where id = $1',
        [user.id],
      );
    }
    if (body.phone_confirm === true) {
      await tx.query(
        'update auth.users set phone_confirmed_at = coalesce(phone_confirmed_at, now()) where id = $1',
        [user.id],
      );
    }
    const userMetadata = body.user_metadata ?? body.data;
    if (userMetadata) {
      await tx.query(
        'update auth.users set raw_user_meta_data = $2, updated_at = now() where id = $1',
        [user.id, JSON.stringify(mergeMetadata(user.raw_user_meta_data, userMetadata))],
      );
    }
    if (body.app_metadata) {
      await tx.query(
        'update auth.users set raw_app_meta_data = $2, updated_at = now() where id = $1',
        [user.id, JSON.stringify(mergeMetadata(user.raw_app_meta_data, body.app_metadata))],
      );
    }
    if (body.role)
      await tx.query('update auth.users set role = $2, updated_at = now() where id = $1', [
        user.id,
        body.role,
      ]);
    if (bannedUntil !== undefined) {
      await tx.query('update auth.users set banned_until = $2, updated_at = now() where id = $1', [
        user.id,
        bannedUntil,
      ]);
      // A ban ends the user's sessions, as GoTrue's does.
      if (bannedUntil) await tx.query('delete from auth.sessions where user_id = $1', [user.id]);
    }
    return userJson(tx, await reloadUser(tx, user.id));
  });
  return json(c, updated);
}
