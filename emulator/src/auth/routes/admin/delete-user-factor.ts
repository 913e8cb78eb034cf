// DELETE /admin/users/:id/factors/:factorId — removes a factor; sessions that reached aal2 with
// it fall back to aal1.
import type { AuthContext } from '../../context.js';
import { fail } from '../../errors.js';
import { downgradeSessions, findFactor, toFactorJson } from '../../factors/factors.js';
import { requireAdmin } from '../../request/guard.js';
import { json, type AuthRequest } from '../../request/http.js';
import { userFromPath } from './user-fields.js';

export async function deleteUserFactor(c: AuthRequest, ctx: AuthContext): Promise<Response> {
  await requireAdmin(c, ctx.keys);
  const user = await userFromPath(c, ctx.db);
  const factor = await findFactor(ctx.db, c.req.param('factorId') ?? '');
  if (!factor || factor.user_id !== user.id) fail('mfa_factor_not_found', 'Factor not found');
  await ctx.db.transaction(async (tx) => {
    await tx.query('delete from auth.mfa_factors where id = $1', [factor.id]);
    await downgradeSessions(tx, factor.id);
  });
  return json(c, toFactorJson(factor));
}
