// DELETE /admin/users/:id — GoTrue's adminUserDelete: gone, or with `should_soft_delete` kept
// with obfuscated addresses and without identities, factors and sessions.
import { z } from 'zod';
import type { AuthContext } from '../../context.js';
import { requireAdmin } from '../../request/guard.js';
import { json, parseBody, type AuthRequest } from '../../request/http.js';
import { optionalBoolean } from '../../request/validation.js';
import { userFromPath } from './user-fields.js';

const DeleteBody = z.object({ should_soft_delete: optionalBoolean }).loose();

export async function deleteUser(c: AuthRequest, ctx: AuthContext): Promise<Response> {
  await requireAdmin(c, ctx.keys);
  const user = await userFromPath(c, ctx.db);
  // The body is optional here; when present it follows the same rules as every other body.
  const hasBody =
    Number(c.req.header('content-length') ?? '0') > 0 ||
    c.req.header('transfer-encoding') !== undefined;
  const soft = hasBody ? (await parseBody(c, DeleteBody)).should_soft_delete === true : false;
  await ctx.db.transaction(async (tx) => {
    if (!soft) {
      await tx.query('delete from auth.users where id = $1', [user.id]);
      return;
    }
    // GoTrue's soft delete: obfuscate the addresses, drop identities, factors and sessions.
    await tx.query(
      `update auth.users set deleted_at = now(), updated_at = now(), encrypted_password = '',
         email = case when email is null then null else 'deleted-' || id || '@deleted.invalid' end,
         phone = null, raw_app_meta_data = '{}', raw_user_meta_data = '{}'
       where id = $1`,
      [user.id],
    );
    await tx.query('delete from auth.identities where user_id = $1', [user.id]);
    await tx.query('delete from auth.mfa_factors where user_id = $1', [user.id]);
    await tx.query('delete from auth.sessions where user_id = $1', [user.id]);
  });
  return json(c, {});
}
