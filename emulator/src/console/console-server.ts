// The console's own HTTP app, served on its own port (Studio's 54323 by default), on loopback
// only, behind the service key: the sign-in screen takes the service_role key or the secret key
// the start banner prints, and the browser then holds a random session id in an HttpOnly,
// SameSite=Strict cookie (never the key itself). Every write must come from the console's own
// page (same-origin-writes.ts) and a POST must say its body is exactly application/json.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { streamSSE } from 'hono/streaming';
import mime from 'mime-types';
import { z } from 'zod';
import { isJsonMediaType } from '../http/media-type.js';
import type { ServiceContext } from '../http/service.js';
import { SECRET_KEY, type Keys } from '../keys.js';
import { summarise, type RequestEntry } from '../observability/request-log.js';
import { consoleAssets } from './assets.js';
import { functionRoutes } from './function-browser.js';
import { countHiddenRows, explainRequest, VerdictError } from './rls-verdict.js';
import { Impersonation, ImpersonationRefused } from './impersonation.js';
import { sameOriginWrites } from './same-origin-writes.js';
import { storageRoutes } from './storage-browser.js';
import { countHiddenStorageRows } from './storage-hidden-rows.js';
import { tablesRoutes } from './tables.js';
import { usersRoutes } from './users.js';
import { vectorRoutes } from './vector-browser.js';

export const SESSION_COOKIE = 'portal_console_session';

/** What the console needs beyond what every service gets. */
export interface ConsoleSite {
  /** The mailbox (its own port), linked from the console. */
  mailUrl: string;
  /** The host names the console answers on this machine (for the impersonation hand-over). */
  hosts: readonly string[];
  /** Where the built app lives (the default builds it on first use). */
  assets?: () => Promise<string>;
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * The project's service_role key, the secret key, or any token the project's keys verify with
 * role service_role (the legacy HS256 key only while the project has not revoked its JWT secret).
 */
async function isServiceKey(keys: Keys, key: string): Promise<boolean> {
  if (sameSecret(key, keys.apiKeys.serviceRole) || sameSecret(key, SECRET_KEY)) return true;
  const verified = await keys.verify(key);
  return verified.ok && verified.claims.role === 'service_role';
}

const signInBody = z.object({ key: z.string().trim().min(1, 'Paste the service_role key or the secret key.') });

/** What the console may see of an entry: everything but the caller's claims and raw query. */
function publicEntry(entry: RequestEntry) {
  const { claims: _claims, rawQuery: _rawQuery, ...shown } = entry;
  return shown;
}

const SECURITY_HEADERS: Record<string, string> = {
  // @portal/ui inserts its one <style> element at run time.
  'content-security-policy': "default-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
};

/**
 * The console, an ordinary service on a port of its own: it reads what the emulator records
 * (observability/), the database as its owner, and the API through the gateway in process.
 */
export function consoleService(context: ServiceContext, site: ConsoleSite): Hono {
  const sessions = new Set<string>();
  const assets = site.assets ?? consoleAssets;
  const exposedSchemas = context.config.api.schemas;
  const app = new Hono();
  const signedIn = (c: Context) => {
    const session = getCookie(c, SESSION_COOKIE);
    return session !== undefined && sessions.has(session);
  };

  app.use('*', async (c, next) => {
    await next();
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) c.res.headers.set(name, value);
  });
  app.use('/api/*', sameOriginWrites());

  app.get('/api/session', (c) => c.json({ signedIn: signedIn(c) }));
  app.post('/api/session', async (c) => {
    const parsed = signInBody.safeParse(await c.req.json().catch(() => null));
    if (!parsed.success) return c.json({ message: parsed.error.issues[0]?.message ?? 'Send {"key": "…"}.' }, 400);
    if (!(await isServiceKey(context.keys, parsed.data.key))) {
      return c.json({ message: 'That is not this emulator\'s service_role key or secret key (portal-emulator status prints both).' }, 401);
    }
    const session = randomBytes(32).toString('base64url');
    sessions.add(session);
    setCookie(c, SESSION_COOKIE, session, { httpOnly: true, sameSite: 'Strict', path: '/' });
    return c.json({ signedIn: true });
  });
  app.delete('/api/session', (c) => {
    const session = getCookie(c, SESSION_COOKIE);
    if (session) sessions.delete(session);
    deleteCookie(c, SESSION_COOKIE, { path: '/' });
    return c.json({ signedIn: false });
  });

  const requireSession: MiddlewareHandler = async (c, next) => {
    if (!signedIn(c)) return c.json({ message: 'Sign in to the console with the service_role key first.' }, 401);
    // Writes come from the console's own fetch with a JSON body, a type no other page may send
    // without a preflight (which the console never answers). The type is parsed, not searched:
    // `text/plain; x="application/json"` needs no preflight.
    if (c.req.method === 'POST' && !isJsonMediaType(c.req.header('content-type'))) {
      return c.json({ message: 'Send application/json.' }, 415);
    }
    await next();
  };
  for (const area of ['requests', 'project', 'users', 'tables', 'storage', 'vectors', 'functions', 'realtime']) {
    app.use(`/api/${area}`, requireSession);
    app.use(`/api/${area}/*`, requireSession);
  }
  app.route('/api/tables', tablesRoutes(context.db, exposedSchemas));
  app.route('/api/vectors', vectorRoutes(context.db));
  app.get('/api/realtime/channels', (c) => c.json(context.realtimeMonitor.channels()));
  app.get('/api/realtime/changes', (c) => c.json(context.realtimeMonitor.changes()));

  app.get('/api/project', (c) => c.json({ apiUrl: context.apiUrl, mailUrl: site.mailUrl, siteUrl: context.config.auth.site_url }));

  const gateway = { apiUrl: context.apiUrl, serviceRoleKey: context.keys.apiKeys.serviceRole, anonKey: context.keys.apiKeys.anon, fetchGateway: context.fetchGateway };
  const impersonation = new Impersonation(gateway, site.hosts);
  app.route('/api/users', usersRoutes(gateway, impersonation));
  app.route('/api/storage', storageRoutes(context.db, gateway));
  app.route('/api/functions', functionRoutes(context.functionsMonitor, gateway, context.requests));
  // Opened by the browser on the portal's host name: sets the portal's session cookies, then
  // goes to the portal. The one-time ticket is the credential (see impersonation.ts).
  app.get('/impersonate/:ticket', async (c) => {
    try {
      const handOver = await impersonation.handOver(c.req.param('ticket'), c.req.header('cookie') ?? '');
      for (const cookie of handOver.cookies) c.header('set-cookie', cookie, { append: true });
      c.header('cache-control', 'no-store');
      return c.redirect(handOver.location, 303);
    } catch (error) {
      if (error instanceof ImpersonationRefused) return c.text(error.message, 410, { 'cache-control': 'no-store' });
      throw error;
    }
  });

  app.get('/api/requests', (c) => c.json(context.requests.list().map(summarise)));
  app.get('/api/requests/stream', (c) =>
    streamSSE(c, async (stream) => {
      const unsubscribe = context.requests.subscribe((entry) => {
        void stream.writeSSE({ event: 'request', id: String(entry.id), data: JSON.stringify(summarise(entry)) });
      });
      await new Promise<void>((resolve) => stream.onAbort(resolve));
      unsubscribe();
    }),
  );

  const entryOf = (c: Context): RequestEntry | undefined => context.requests.get(Number(c.req.param('id')));
  const gone = (c: Context) => c.json({ message: 'That request is no longer in the log (it keeps the newest 1000).' }, 404);

  app.get('/api/requests/:id', (c) => {
    const entry = entryOf(c);
    return entry ? c.json(publicEntry(entry)) : gone(c);
  });
  app.get('/api/requests/:id/verdict', async (c) => {
    const entry = entryOf(c);
    if (!entry) return gone(c);
    try {
      return c.json(await explainRequest(context.db, entry, exposedSchemas));
    } catch (error) {
      if (error instanceof VerdictError) return c.json({ message: error.message }, 422);
      throw error;
    }
  });
  app.post('/api/requests/:id/hidden-rows', async (c) => {
    const entry = entryOf(c);
    if (!entry) return gone(c);
    try {
      const verdict = await explainRequest(context.db, entry, exposedSchemas);
      if (!verdict.canCountHidden) throw new VerdictError('Hidden rows are counted for REST reads, updates and deletes that succeeded, and for storage reads.');
      return c.json(
        entry.service === 'storage'
          ? await countHiddenStorageRows(context.db, entry)
          : await countHiddenRows(entry, verdict, context.keys, context.apiUrl, context.fetchGateway),
      );
    } catch (error) {
      if (error instanceof VerdictError) return c.json({ message: error.message }, 422);
      throw error;
    }
  });
  app.all('/api/*', (c) => c.json({ message: `no route for ${c.req.method} ${c.req.path}` }, 404));

  // The app: its hashed files, and index.html for every other path (it routes in the page).
  app.get('*', async (c) => {
    const dir = await assets();
    const name = path.normalize(decodeURIComponent(c.req.path)).replace(/^([/\\])+/, '');
    const file = name && !name.startsWith('..') && name !== 'index.html' ? path.join(dir, name) : null;
    if (file) {
      const body = await readFile(file).catch(() => null);
      if (body) {
        return c.body(body, 200, {
          'content-type': mime.contentType(path.extname(file)) || 'application/octet-stream',
          'cache-control': 'public, max-age=31536000, immutable',
        });
      }
    }
    return c.html(await readFile(path.join(dir, 'index.html'), 'utf8'), 200, { 'cache-control': 'no-cache' });
  });
  app.onError((error, c) => {
    console.error(`console ${c.req.method} ${c.req.path}:`, error);
    return c.json({ message: error instanceof Error ? error.message : 'The console failed; see the emulator log.' }, 500);
  });
  return app;
}
