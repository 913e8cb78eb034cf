// The gateway: one HTTP server for every service (as Kong in the CLI's stack), plus the
// mailbox on its own port. CORS, key mapping, request log, JSON errors everywhere.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import { Hono } from 'hono';
import type { Config } from './config.js';
import type { Database } from './db/database.js';
import { openDatabase } from './db/open.js';
import { RequestRoles } from './db/request-roles.js';
import type { MigrationReport } from './db/migrations.js';
import type { GatewayEnv, Service, ServiceContext, ServiceFactory } from './http/gateway-env.js';
import { gatewayBodyLimit, requestBodyLimit } from './http/body-limit.js';
import { answerClientErrors } from './http/client-errors.js';
import { answerWhileStarting } from './http/answer-while-starting.js';
import { gatewayCors } from './http/cors.js';
import { allowedHostnames, hostCheck, refuseUpgradeForHost, withHostCheck } from './http/host-check.js';
import { notImplementedService } from './http/not-implemented.js';
import { effectiveBearer, Keys, type ApiKeys } from './keys.js';
import { loadSigningKeys } from './signing-keys.js';
import { Mailbox } from './mail/mailbox.js';
import { mailApp } from './mail/server.js';
import { authService } from './auth/service.js';
import { realtimeService } from './realtime/service.js';
import { functionsService } from './functions/service.js';
import { storageService } from './storage/service.js';
import { RESUMABLE_EXPOSED_HEADERS, RESUMABLE_PATH } from './storage/routes/resumable.js';
import { seedConfiguredBuckets } from './storage/buckets/seed.js';
import { restService } from './rest/service.js';
import { commandsService } from './commands/service.js';
import { consoleApp } from './console/console-server.js';
import { RealtimeMonitor } from './observability/realtime-monitor.js';
import { RequestLog } from './observability/request-log.js';
import { recordRequests } from './http/request-recording.js';

/** Headers browsers may read (docs/compatibility.md#gateway-cors). */
export const EXPOSED_HEADERS = [
  'Content-Range',
  'Content-Location',
  'Content-Length',
  'Content-Type',
  'Content-Disposition',
  'ETag',
  'Last-Modified',
  'Location',
  'Link',
  'Preference-Applied',
  'Range-Unit',
  'X-Total-Count',
  'X-Supabase-Api-Version',
  'X-Relay-Error',
  'X-Client-Info',
  'sb-request-id',
  ...RESUMABLE_EXPOSED_HEADERS,
];

/** Each service in mount order; later issues replace the 501 placeholders. */
const SERVICES: [mount: string, name: string, factory: ServiceFactory | null][] = [
  ['/auth/v1', 'auth', authService],
  ['/rest/v1', 'the REST API', restService],
  ['/storage/v1', 'storage', storageService],
  ['/functions/v1', 'functions', functionsService],
  ['/realtime/v1', 'realtime', realtimeService],
  ['/_emulator/v1', 'portal-emulator commands', commandsService],
];

export interface RunningEmulator {
  apiUrl: string;
  mailUrl: string;
  /** The console (request log, RLS verdicts), on loopback only. */
  consoleUrl: string;
  db: Database;
  mailbox: Mailbox;
  migrations: MigrationReport;
  /** The team's migration files this start applied (`--team-migrations`). */
  teamMigrations: string[];
  /** The anon and service_role keys this project hands out. */
  apiKeys: ApiKeys;
  stop(): Promise<void>;
}

function listen(server: Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || host === '[::1]' || host.startsWith('127.');
}

function close(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}

export async function startEmulator(config: Config): Promise<RunningEmulator> {
  const log = config.quiet ? () => undefined : (line: string) => console.log(line);
  // A broken keys file stops the start before the database is opened.
  const signingKeys = await loadSigningKeys(config);
  const { db, migrations, teamMigrations } = await openDatabase(config);
  const keys = await Keys.load(config.jwtSecret, new RequestRoles(db), signingKeys);
  const mailbox = new Mailbox();

  const requests = new RequestLog();
  const realtimeMonitor = new RealtimeMonitor();

  const api = createServer();
  const mail = createServer();
  const consoleServer = createServer();
  for (const server of [api, mail, consoleServer]) answerClientErrors(server);
  // It listens before the services are in (they need its port): meanwhile it answers 503.
  const starting = answerWhileStarting(api);
  // The console shows every request and its bodies: it never listens beyond this machine.
  const consoleHost = isLoopback(config.host) ? config.host : '127.0.0.1';
  let apiPort: number;
  let mailPort: number;
  let consolePort: number;
  try {
    apiPort = await listen(api, config.port, config.host);
    mailPort = await listen(mail, config.mailPort, config.host);
    consolePort = await listen(consoleServer, config.consolePort, consoleHost);
  } catch (error) {
    await Promise.all([close(api), close(mail)]);
    await db.close();
    throw error;
  }
  const apiUrl = `http://${config.host}:${apiPort}`;
  const context: ServiceContext = { config, db, keys, mailbox, apiUrl, log, requests, realtimeMonitor };

  const services: Service[] = [];
  for (const [mount, name, factory] of SERVICES) {
    services.push(factory ? await factory(context) : notImplementedService(mount, name));
  }

  const app = new Hono<GatewayEnv>();
  const hosts = allowedHostnames(config.host, config.allowedHosts, config.refusedHosts);
  app.use('*', hostCheck(hosts));
  const corsHeaders = gatewayCors(EXPOSED_HEADERS);
  app.use('*', (c, next) =>
    // An OPTIONS that is no CORS preflight is TUS discovery (Tus-Version, Tus-Extension…): storage answers it.
    c.req.method === 'OPTIONS' &&
    !c.req.header('access-control-request-method') &&
    c.req.path.startsWith(`/storage/v1${RESUMABLE_PATH}`)
      ? next()
      : corsHeaders(c, next),
  );
  app.use('*', async (c, next) => {
    const started = performance.now();
    const apikey = c.req.header('apikey') ?? c.req.query('apikey') ?? null;
    c.set('apikey', apikey);
    c.set('bearer', effectiveBearer(c.req.header('authorization') ?? null, apikey, keys.apiKeys));
    await next();
    // Quiet, the line is not even made (parsing the URL again costs on every request).
    if (!config.quiet)
      log(`${c.req.method} ${new URL(c.req.url).pathname} ${c.res.status} ${(performance.now() - started).toFixed(1)}ms`);
  });
  app.use('*', recordRequests(requests));
  // Bodies are bounded before any service reads one (413 in the service's own shape).
  for (const service of services) {
    const limit = service.bodyLimit ?? gatewayBodyLimit(config.api.max_request_body_size);
    app.use(`${service.mount}/*`, requestBodyLimit(limit));
  }
  // Browsers ask every origin for an icon (e.g. on the test OAuth provider page).
  app.get('/favicon.ico', (c) => c.body(null, 204));
  for (const service of services) app.route(service.mount, service.app);
  app.notFound((c) => c.json({ message: `no route for ${c.req.method} ${new URL(c.req.url).pathname}` }, 404));
  app.onError((error, c) => {
    console.error(`${c.req.method} ${c.req.path}:`, error);
    return c.json({ code: 'unexpected_failure', message: 'Unexpected failure, please check the emulator log.' }, 500);
  });

  starting.ready(
    getRequestListener(app.fetch, {
      errorHandler: (error) => {
        console.error('request failed:', error);
        return new Response(JSON.stringify({ message: 'bad request' }), {
          status: 400,
          headers: { 'content-type': 'application/json' },
        });
      },
    }),
    (request, socket, head) => {
      if (refuseUpgradeForHost(request, socket, hosts)) return;
      for (const service of services) {
        if (request.url?.startsWith(service.mount) && service.upgrade?.(request, socket, head)) return;
      }
      socket.end('HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\n\r\n');
    },
  );
  mail.on('request', getRequestListener(withHostCheck(mailApp(mailbox), hosts).fetch));
  const consoleHandler = consoleApp({
    log: requests,
    realtimeMonitor,
    config,
    db,
    keys,
    apiUrl,
    mailUrl: `http://${config.host}:${mailPort}`,
    siteUrl: config.auth.site_url,
    consoleHosts: consoleHost.startsWith('127.') ? [consoleHost, 'localhost'] : [consoleHost],
    exposedSchemas: config.api.schemas,
    fetchGateway: (request) => Promise.resolve(app.fetch(request)),
  });
  // The console keeps every local name, refused ones included: impersonation hands the portal its
  // session cookies from the portal's own host name (console/impersonation.ts), and the console
  // serves no stored file.
  const consoleNames = allowedHostnames(config.host, config.allowedHosts);
  consoleServer.on('request', getRequestListener(withHostCheck(consoleHandler, consoleNames).fetch));

  // Demo files ship beside seed.sql (SQL cannot hold object bytes); seeded with the database.
  if (migrations.seeded && Object.keys(config.storage.buckets).length > 0) {
    const serviceRole = await keys.sign({ role: 'service_role', iss: 'supabase-demo' });
    const names = await seedConfiguredBuckets(
      config.storage.buckets,
      config.supabaseDir,
      apiUrl,
      serviceRole,
      (request) => Promise.resolve(app.fetch(request)),
    );
    log(`Seeded ${names.length} storage objects from config.toml [storage.buckets]`);
  }

  let stopped: Promise<void> | null = null;
  return {
    apiUrl,
    mailUrl: `http://${config.host}:${mailPort}`,
    consoleUrl: `http://${consoleHost}:${consolePort}`,
    db,
    mailbox,
    migrations,
    teamMigrations,
    apiKeys: keys.apiKeys,
    stop() {
      stopped ??= (async () => {
        for (const service of services) await service.close?.().catch(() => undefined);
        await Promise.all([close(api), close(mail), close(consoleServer)]);
        await db.close();
      })();
      return stopped;
    },
  };
}
