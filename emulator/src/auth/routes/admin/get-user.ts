// GET /admin/users/:id — one user as GoTrue's User JSON.
import type { AuthContext } from '../../context.js';
import { requireAdmin } from '../../request/guard.js';
import { json, type AuthRequest } from '../../request/http.js';
import { userJson } from '../../users/users.js';
import { userFromPath } from './user-fields.js';

export async function getUser(c: AuthRequest, ctx: AuthContext): Promise<Response> {
  await requireAdmin(c, ctx.keys);
  const user = await userFromPath(c, ctx.db);
  return json(c, await userJson(ctx.db, user));
}
