// GET /admin/users/{id}/passkeys and DELETE /admin/users/{id}/passkeys/{passkey_id}: a user's
// passkeys as auth-js's auth.admin.passkey lists and removes them.
import type { AuthContext } from '../../context.js';
import { fail } from '../../errors.js';
import { findPasskey, passkeysOf, toPasskeyJson } from '../../factors/passkeys.js';
import { requireAdmin } from '../../request/guard.js';
import { json, type AuthRequest } from '../../request/http.js';
import { findUserById, isUuid, type UserRow } from '../../users/users.js';
import { passkeyNotFound } from '../factors/passkeys.js';

async function targetUser(c: AuthRequest, ctx: AuthContext): Promise<UserRow> {
  await requireAdmin(c, ctx.keys);
  const id = c.req.param('id') ?? '';
  const user = isUuid(id) ? await findUserById(ctx.db, id) : null;
  if (!user) fail('user_not_found');
  return user;
}

export async function listUserPasskeys(c: AuthRequest, ctx: AuthContext): Promise<Response> {
  const user = await targetUser(c, ctx);
  return json(c, (await passkeysOf(ctx.db, user.id)).map(toPasskeyJson));
}

export async function deleteUserPasskey(c: AuthRequest, ctx: AuthContext): Promise<Response> {
  const user = await targetUser(c, ctx);
  const passkey = await findPasskey(ctx.db, user.id, c.req.param('passkeyId') ?? '');
  if (!passkey) passkeyNotFound();
  await ctx.db.query('delete from auth.webauthn_credentials where id = $1', [passkey.id]);
  return c.body(null, 204);
}
