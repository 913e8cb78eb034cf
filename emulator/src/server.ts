// The gateway: one HTTP server for every service (as Kong in the CLI's stack), plus the
// mailbox and the console on ports of their own. CORS, key mapping, request log, JSON errors
// everywhere. It knows each service by its factory alone: what the gateway needs of a service
// (its mount, headers, body limit, start-up hook) the service carries (http/service.ts).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import { Hono } from 'hono';
import type { Config } from './config.js';
import type { Database } from './db/database.js';
import { openDatabase } from './db/open.js';
import { RequestRoles } from './db/request-roles.js';
import type { MigrationReport } from './db/migrations.js';
import type { GatewayEnv } from './http/gateway-env.js';
import type { Service, ServiceContext, ServiceFactory } from './http/service.js';
import { gatewayBodyLimit, requestBodyLimit } from './http/body-limit.js';
import { answerClientErrors } from './http/client-errors.js';
import { answerWhileStarting } from './http/answer-while-starting.js';
import { GATEWAY_EXPOSED_HEADERS, gatewayCors } from './http/cors.js';
import { allowedHostnames, hostCheck, refuseUpgradeForHost, withHostCheck } from './http/host-check.js';
import { recordRequests } from './http/request-recording.js';
import { effectiveBearer, Keys, type ApiKeys } from './keys.js';
import { loadSigningKeys } from './signing-keys.js';
import { Mailbox } from './mail/mailbox.js';
import { mailApp } from './mail/server.js';
import { authService } from './auth/service.js';
import { realtimeService } from './realtime/service.js';
import { functionsService } from './functions/service.js';
import { storageService } from './storage/service.js';
import { restService } from './rest/service.js';
import { commandsService } from './commands/service.js';
import { consoleService } from './console/console-server.js';
import { FunctionsMonitor } from './observability/functions-monitor.js';
import { RealtimeMonitor } from './observability/realtime-monitor.js';
import { RequestLog } from './observability/request-log.js';

/** The API's services, in mount order; each names its own mount. */
const SERVICES: ServiceFactory[] = [authService, restService, storageService, functionsService, realtimeService, commandsService];

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
  const functionsMonitor = new FunctionsMonitor();

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
  const mailUrl = `http://${config.host}:${mailPort}`;
  const app = new Hono<GatewayEnv>();
  const services: Service[] = [];
  const seedServices = async () => {
    const lines: string[] = [];
    for (const service of services) {
      const line = await service.seed?.();
      if (line) lines.push(line);
    }
    return lines;
  };
  const context: ServiceContext = {
    config,
    db,
    keys,
    mailbox,
    apiUrl,
    log,
    fetchGateway: (request) => Promise.resolve(app.fetch(request)),
    seedServices,
    requests,
    realtimeMonitor,
    functionsMonitor,
  };
  for (const factory of SERVICES) services.push(await factory(context));

  const hosts = allowedHostnames(config.host, config.allowedHosts, config.refusedHosts);
  app.use('*', hostCheck(hosts));
  const corsHeaders = gatewayCors([...GATEWAY_EXPOSED_HEADERS, ...services.flatMap((service) => service.exposedHeaders ?? [])]);
  /** An OPTIONS that is no CORS preflight, on a path whose service answers it itself (TUS discovery). */
  const ownOptions = (method: string, path: string, preflight: boolean) =>
    method === 'OPTIONS' &&
    !preflight &&
    services.some((service) => path.startsWith(service.mount) && service.ownsOptions?.(path.slice(service.mount.length)));
  app.use('*', (c, next) =>
    ownOptions(c.req.method, c.req.path, c.req.header('access-control-request-method') !== undefined)
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
  const consoleHandler = consoleService(context, {
    mailUrl,
    hosts: consoleHost.startsWith('127.') ? [consoleHost, 'localhost'] : [consoleHost],
  });
  // The console keeps every local name, refused ones included: impersonation hands the portal its
  // session cookies from the portal's own host name (console/impersonation.ts), and the console
  // serves no stored file.
  const consoleNames = allowedHostnames(config.host, config.allowedHosts);
  consoleServer.on('request', getRequestListener(withHostCheck(consoleHandler, consoleNames).fetch));

  // The services' start-up hook: what they add to a database this start seeded.
  if (migrations.seeded) for (const line of await seedServices()) log(line);

  let stopped: Promise<void> | null = null;
  return {
    apiUrl,
    mailUrl,
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
