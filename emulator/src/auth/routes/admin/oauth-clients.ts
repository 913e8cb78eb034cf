// The OAuth 2.1 server's admin API, `/admin/oauth/clients` (supabase-js `auth.admin.oauth`):
// register, list, get, update, delete and regenerate a client's secret. Off unless
// `[auth.oauth_server] enabled`; then GoTrue answers 404 feature_disabled "OAuth server is
// disabled", after checking the admin token (docs/compatibility.md#auth-oauth-server).
import type { Hono } from 'hono';
import { z } from 'zod';
import type { GatewayEnv } from '../../../http/gateway-env.js';
import type { AuthContext } from '../../context.js';
import { AuthError, fail } from '../../errors.js';
import { requireAdmin } from '../../request/guard.js';
import { json, readJsonObject, route, type AuthRequest } from '../../request/http.js';
import {
  clientJson,
  deleteClient,
  findClient,
  listClients,
  regenerateSecret,
  registerClient,
  updateClient,
} from '../../oauth-server/oauth-clients.js';

const text = z.string().nullish();
const list = z.array(z.string()).nullish();
const RegisterBody = z
  .object({
    redirect_uris: list,
    grant_types: list,
    client_name: text,
    client_uri: text,
    logo_uri: text,
    client_type: text,
    token_endpoint_auth_method: text,
  })
  .loose();
const UpdateBody = z
  .object({ redirect_uris: list, grant_types: list, client_name: text, client_uri: text, logo_uri: text })
  .loose();

/** GoTrue decodes these bodies with json.Decoder: any decoding failure is "Invalid JSON body". */
async function clientBody<Schema extends z.ZodType>(c: AuthRequest, schema: Schema): Promise<z.output<Schema>> {
  let raw: unknown;
  try {
    raw = await readJsonObject(c);
  } catch (error) {
    if (error instanceof AuthError && error.code === 'bad_json') fail('bad_json', 'Invalid JSON body');
    throw error;
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) fail('bad_json', 'Invalid JSON body');
  return parsed.data;
}

const clientId = (c: AuthRequest): string => c.req.param('id') ?? '';

export function oauthServerRoutes(app: Hono<GatewayEnv>, ctx: AuthContext): void {
  const { db, keys, settings } = ctx;

  function requireOAuthServer(): void {
    if (!settings.oauthServerEnabled) fail('feature_disabled', 'OAuth server is disabled');
  }

  /** requireAdmin, then requireOAuthServerEnabled, as GoTrue's router nests them. */
  const admin = (fn: (c: AuthRequest) => Promise<Response>) =>
    route(ctx.log, async (c) => {
      await requireAdmin(c, keys);
      requireOAuthServer();
      return fn(c);
    });

  app.post(
    '/admin/oauth/clients',
    admin(async (c) => {
      const { row, secret } = await registerClient(db, await clientBody(c, RegisterBody), 'manual');
      return json(c, clientJson(row, secret), 201);
    }),
  );

  app.get(
    '/admin/oauth/clients',
    // GoTrue lists every client at once and leaves the list out when it is empty (omitempty).
    admin(async (c) => {
      const clients = (await listClients(db)).map((row) => clientJson(row));
      return json(c, clients.length ? { clients } : {});
    }),
  );

  app.get(
    '/admin/oauth/clients/:id',
    admin(async (c) => json(c, clientJson(await findClient(db, clientId(c))))),
  );

  app.put(
    '/admin/oauth/clients/:id',
    admin(async (c) => {
      const client = await findClient(db, clientId(c));
      return json(c, clientJson(await updateClient(db, client, await clientBody(c, UpdateBody))));
    }),
  );

  app.delete(
    '/admin/oauth/clients/:id',
    admin(async (c) => {
      await deleteClient(db, await findClient(db, clientId(c)));
      return c.body(null, 204);
    }),
  );

  app.post(
    '/admin/oauth/clients/:id/regenerate_secret',
    admin(async (c) => {
      const { row, secret } = await regenerateSecret(db, await findClient(db, clientId(c)));
      return json(c, clientJson(row, secret));
    }),
  );

  // The server's public side (discovery, /oauth/*) is not served; while it is off GoTrue
  // answers these with the same "disabled" error rather than a missing route.
  const disabledOnly = route(ctx.log, async (c) => {
    requireOAuthServer();
    fail('not_found', `No auth endpoint ${c.req.method} ${new URL(c.req.url).pathname}`);
  });
  app.get('/.well-known/oauth-authorization-server', disabledOnly);
  app.all('/oauth/*', disabledOnly);
}
