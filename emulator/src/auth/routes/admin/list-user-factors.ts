// GET /admin/users/:id/factors — the user's MFA factors, verified or not.
import type { AuthContext } from '../../context.js';
import { factorsOf, toFactorJson } from '../../factors/factors.js';
import { requireAdmin } from '../../request/guard.js';
import { json, type AuthRequest } from '../../request/http.js';
import { userFromPath } from './user-fields.js';

export async function listUserFactors(c: AuthRequest, ctx: AuthContext): Promise<Response> {
  await requireAdmin(c, ctx.keys);
  const user = await userFromPath(c, ctx.db);
  return json(c, (await factorsOf(ctx.db, user.id)).map(toFactorJson));
}
