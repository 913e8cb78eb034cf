// The OAuth 2.1 server's admin API, `/admin/oauth/clients` (supabase-js `auth.admin.oauth`):
// register, list, get, update, delete and regenerate a client's secret. Off unless
// `[auth.oauth_server] enabled`; then GoTrue answers 404 feature_disabled "OAuth server is
// disabled", after checking the admin token (docs/compatibility.md#auth-oauth-server).
import type { AuthContext } from '../../context.js';
import { fail } from '../../errors.js';
import { requireAdmin } from '../../request/guard.js';
import { json, type AuthRequest } from '../../request/http.js';
import {
  clientJson,
  deleteClient,
  findClient,
  listClients,
  regenerateSecret,
  registerClient,
  updateClient,
} from '../../oauth-server/oauth-clients.js';
import { requireOAuthServer } from '../../oauth-server/server-enabled.js';
import { readClientBody, RegisterClientBody, UpdateClientBody } from '../oauth-server/client-body.js';

const clientId = (c: AuthRequest): string => c.req.param('id') ?? '';

/** requireAdmin, then requireOAuthServerEnabled, as GoTrue's router nests them. */
async function requireOAuthServerAdmin(c: AuthRequest, ctx: AuthContext): Promise<void> {
  await requireAdmin(c, ctx.keys);
  requireOAuthServer(ctx);
}

/** POST /admin/oauth/clients — 201 with the secret, shown this once. */
export async function registerOAuthClient(c: AuthRequest, ctx: AuthContext): Promise<Response> {
  await requireOAuthServerAdmin(c, ctx);
  const { row, secret } = await registerClient(ctx.db, await readClientBody(c, RegisterClientBody), 'manual');
  return json(c, clientJson(row, secret), 201);
}

/** GET /admin/oauth/clients — every client at once; GoTrue leaves an empty list out (omitempty). */
export async function listOAuthClients(c: AuthRequest, ctx: AuthContext): Promise<Response> {
  await requireOAuthServerAdmin(c, ctx);
  const clients = (await listClients(ctx.db)).map((row) => clientJson(row));
  return json(c, clients.length ? { clients } : {});
}

/** GET /admin/oauth/clients/:id */
export async function getOAuthClient(c: AuthRequest, ctx: AuthContext): Promise<Response> {
  await requireOAuthServerAdmin(c, ctx);
  return json(c, clientJson(await findClient(ctx.db, clientId(c))));
}

/** PUT /admin/oauth/clients/:id */
export async function updateOAuthClient(c: AuthRequest, ctx: AuthContext): Promise<Response> {
  await requireOAuthServerAdmin(c, ctx);
  const client = await findClient(ctx.db, clientId(c));
  return json(c, clientJson(await updateClient(ctx.db, client, await readClientBody(c, UpdateClientBody))));
}

/** DELETE /admin/oauth/clients/:id — soft delete, 204. */
export async function deleteOAuthClient(c: AuthRequest, ctx: AuthContext): Promise<Response> {
  await requireOAuthServerAdmin(c, ctx);
  await deleteClient(ctx.db, await findClient(ctx.db, clientId(c)));
  return c.body(null, 204);
}

/** POST /admin/oauth/clients/:id/regenerate_secret */
export async function regenerateOAuthClientSecret(
  c: AuthRequest,
  ctx: AuthContext,
): Promise<Response> {
  await requireOAuthServerAdmin(c, ctx);
  const { row, secret } = await regenerateSecret(ctx.db, await findClient(ctx.db, clientId(c)));
  return json(c, clientJson(row, secret));
}

/**
 * Any other /oauth/* path: while the server is off GoTrue answers it with the same "disabled"
 * error rather than a missing route; while on, it is a missing route.
 */
export async function oauthServerDisabledOnly(c: AuthRequest, ctx: AuthContext): Promise<Response> {
  requireOAuthServer(ctx);
  fail('not_found', `No auth endpoint ${c.req.method} ${new URL(c.req.url).pathname}`);
}
