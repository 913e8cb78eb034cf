// The console's Users page, server side: list (search by email), create, confirm, delete, sign
// out everywhere, remove MFA factors — each through the emulator's own auth admin API — and
// impersonation (see impersonation.ts).
import { Hono } from 'hono';
import { z } from 'zod';
import { AuthAdminError, callAuth, type GatewayCaller } from './auth-admin.js';
import { Impersonation, ImpersonationRefused } from './impersonation.js';

const PER_PAGE = 50;

const goTrueFactor = z.object({ id: z.string(), factor_type: z.string(), status: z.string(), friendly_name: z.string().nullish() });
const goTrueUser = z.object({
  id: z.string(),
  email: z.string().nullish(),
  phone: z.string().nullish(),
  email_confirmed_at: z.string().nullish(),
  created_at: z.string(),
  last_sign_in_at: z.string().nullish(),
  factors: z.array(goTrueFactor).nullish(),
});
type GoTrueUser = z.infer<typeof goTrueUser>;

export interface ConsoleUser {
  id: string;
  email: string | null;
  phone: string | null;
  confirmed: boolean;
  createdAt: string;
  lastSignInAt: string | null;
  factors: { id: string; type: string; status: string; friendlyName: string | null }[];
}

function consoleUser(user: GoTrueUser): ConsoleUser {
  return {
    id: user.id,
    email: user.email || null,
    phone: user.phone || null,
    confirmed: Boolean(user.email_confirmed_at),
    createdAt: user.created_at,
    lastSignInAt: user.last_sign_in_at ?? null,
    factors: (user.factors ?? []).map((f) => ({ id: f.id, type: f.factor_type, status: f.status, friendlyName: f.friendly_name ?? null })),
  };
}

const listQuery = z.object({
  email: z.string().max(200).default(''),
  page: z.coerce.number().int().min(1).default(1),
});

const newUser = z.object({
  email: z.email('Give an email address such as ana@example.com.'),
  password: z.string().min(6, 'The password needs at least 6 characters.'),
  confirmed: z.boolean(),
});

const impersonateBody = z.object({
  portalUrl: z.url({ protocol: /^https?$/, error: 'Give the portal\'s address, such as http://127.0.0.1:3000.' }),
});

const session = z.object({ access_token: z.string() });

function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  return issue ? issue.message : 'The request is not valid.';
}

export function usersRoutes(gateway: GatewayCaller, impersonation: Impersonation): Hono {
  const app = new Hono();
  const userPath = (id: string) => `/admin/users/${encodeURIComponent(id)}`;
  const load = async (id: string) => consoleUser((await callAuth(gateway, userPath(id), goTrueUser)).data);

  app.get('/', async (c) => {
    const query = listQuery.safeParse(c.req.query());
    if (!query.success) return c.json({ message: firstIssue(query.error) }, 400);
    const params = new URLSearchParams({ page: String(query.data.page), per_page: String(PER_PAGE) });
    if (query.data.email.trim()) params.set('filter', query.data.email.trim());
    const { data, headers } = await callAuth(gateway, `/admin/users?${params}`, z.object({ users: z.array(goTrueUser) }));
    return c.json({
      users: data.users.map(consoleUser),
      total: Number(headers.get('x-total-count') ?? data.users.length),
      page: query.data.page,
      perPage: PER_PAGE,
    });
  });

  app.post('/', async (c) => {
    const body = newUser.safeParse(await c.req.json().catch(() => null));
    if (!body.success) return c.json({ message: firstIssue(body.error), field: body.error.issues[0]?.path[0] ?? null }, 400);
    const { data } = await callAuth(gateway, '/admin/users', goTrueUser, {
      method: 'POST',
      body: { email: body.data.email, password: body.data.password, email_confirm: body.data.confirmed },
    });
    return c.json(consoleUser(data), 201);
  });

  app.post('/:id/confirm', async (c) => {
    const { data } = await callAuth(gateway, userPath(c.req.param('id')), goTrueUser, { method: 'PUT', body: { email_confirm: true } });
    return c.json(consoleUser(data));
  });

  app.delete('/:id', async (c) => {
    await callAuth(gateway, userPath(c.req.param('id')), z.unknown(), { method: 'DELETE' });
    return c.json({ deleted: true });
  });

  // GoTrue's admin API signs a session out only with that session's own token: the console
  // starts one for the user (a magic link it verifies itself) and ends every session with it.
  app.post('/:id/sign-out', async (c) => {
    const user = await load(c.req.param('id'));
    if (!user.email) return c.json({ message: 'This user has no email address; the console signs out users with one.' }, 422);
    const hashedToken = await impersonation.magicLinkToken(user.email);
    const { data } = await callAuth(gateway, '/verify', session, { method: 'POST', body: { type: 'magiclink', token_hash: hashedToken } });
    await callAuth(gateway, '/logout?scope=global', z.unknown(), { method: 'POST', bearer: data.access_token });
    return c.json({ signedOut: true });
  });

  app.delete('/:id/factors/:factorId', async (c) => {
    await callAuth(gateway, `${userPath(c.req.param('id'))}/factors/${encodeURIComponent(c.req.param('factorId'))}`, z.unknown(), { method: 'DELETE' });
    return c.json(await load(c.req.param('id')));
  });

  app.post('/:id/impersonate', async (c) => {
    const body = impersonateBody.safeParse(await c.req.json().catch(() => null));
    if (!body.success) return c.json({ message: firstIssue(body.error), field: 'portalUrl' }, 400);
    const user = await load(c.req.param('id'));
    if (!user.email) return c.json({ message: 'This user has no email address; impersonation signs in with a magic link.' }, 422);
    return c.json(await impersonation.start(user.email, new URL(body.data.portalUrl), new URL(c.req.url)));
  });

  app.onError((error, c) => {
    if (error instanceof AuthAdminError) return c.json({ message: error.message }, error.status as 400);
    if (error instanceof ImpersonationRefused) return c.json({ message: error.message }, 422);
    throw error;
  });
  return app;
}
