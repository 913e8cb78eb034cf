// GET /admin/users — GoTrue's adminUsers: newest first, `?filter=` on email or full name, paged
// by `?page=&per_page=` with X-Total-Count and a Link header (next, last) as GoTrue sends them.
import type { AuthContext } from '../../context.js';
import { requireAdmin } from '../../request/guard.js';
import { json, type AuthRequest } from '../../request/http.js';
import { requestedPage } from '../../request/pagination.js';
import { USER_COLUMNS, userJson, type UserRow } from '../../users/users.js';

export async function listUsers(c: AuthRequest, ctx: AuthContext): Promise<Response> {
  await requireAdmin(c, ctx.keys);
  const { page, perPage } = requestedPage(c.req.query());
  const filter = c.req.query('filter') ?? '';
  const where = filter
    ? `where aud = 'authenticated' and (email ilike $3 or raw_user_meta_data->>'full_name' ilike $3)`
    : `where aud = 'authenticated'`;
  const params: unknown[] = [perPage, (page - 1) * perPage];
  if (filter) params.push(`%${filter.replace(/[%_\\]/g, '\\$&')}%`);
  const users = await ctx.db.transaction(async (tx) => {
    const { rows } = await tx.query<UserRow>(
      `select ${USER_COLUMNS} from auth.users ${where} order by created_at desc, id limit $1 offset $2`,
      params,
    );
    const list = [];
    for (const row of rows) list.push(await userJson(tx, row));
    const count = await tx.query<{ n: number }>(
      `select count(*)::int as n from auth.users ${where.replaceAll('$3', '$1')}`,
      filter ? [params[2]] : [],
    );
    return { list, total: count.rows[0]?.n ?? 0 };
  });
  const lastPage = Math.max(1, Math.ceil(users.total / perPage));
  const base = `${ctx.settings.apiUrl}/auth/v1/admin/users`;
  const links: string[] = [];
  // The client reads the page number right after the first '=', so `page` comes first.
  if (page < lastPage) links.push(`<${base}?page=${page + 1}&per_page=${perPage}>; rel="next"`);
  links.push(`<${base}?page=${lastPage}&per_page=${perPage}>; rel="last"`);
  c.header('X-Total-Count', String(users.total));
  if (users.total > 0) c.header('Link', links.join(', '));
  return json(c, { users: users.list, aud: 'authenticated' });
}
