// What a service is to the gateway, and what the gateway hands every service at start. A service
// carries everything the gateway needs of it (its mount, the headers browsers may read from it,
// its body limit, its start-up hook, its websocket upgrade), so server.ts names no service's
// internals and a service is added by naming its factory there.
import type { Duplex } from 'node:stream';
import type { IncomingMessage } from 'node:http';
import type { Hono } from 'hono';
import type { Config } from '../config.js';
import type { Database } from '../db/database.js';
import type { Keys } from '../keys.js';
import type { Mailbox } from '../mail/mailbox.js';
import type { FunctionsMonitor } from '../observability/functions-monitor.js';
import type { RealtimeMonitor } from '../observability/realtime-monitor.js';
import type { RequestLog } from '../observability/request-log.js';
import type { BodyLimit } from './body-limit.js';
import type { GatewayEnv } from './gateway-env.js';

/** Everything a service needs; built once at start. */
export interface ServiceContext {
  config: Config;
  db: Database;
  keys: Keys;
  mailbox: Mailbox;
  /** The API's own base URL, e.g. http://127.0.0.1:54321 */
  apiUrl: string;
  log: (line: string) => void;
  /**
   * The gateway itself, called in process (not recorded in the request log): how a service
   * reaches another, through its HTTP API as any client would, never through its files.
   */
  fetchGateway: (request: Request) => Promise<Response>;
  /** Runs every service's `seed` (after `db reset` seeded the database again); the lines they log. */
  seedServices: () => Promise<string[]>;
  /** The request log (services that answer outside HTTP, such as realtime joins, record here). */
  requests: RequestLog;
  /** Realtime's open channels and each change's delivery, as the realtime service describes them. */
  realtimeMonitor: RealtimeMonitor;
  /** The project's functions, as the functions service describes them. */
  functionsMonitor: FunctionsMonitor;
}

export interface Service {
  /** Mount point under the gateway, e.g. `/auth/v1`. */
  mount: string;
  app: Hono<GatewayEnv>;
  /** Response headers browsers may read from this service, beside the gateway's own (docs/compatibility.md#gateway-cors). */
  exposedHeaders?: readonly string[];
  /**
   * True for a path under the mount (`/upload/resumable`) where an OPTIONS that is no CORS
   * preflight is the service's own request (TUS discovery), which the gateway's CORS passes on.
   */
  ownsOptions?(subPath: string): boolean;
  /** How large a request body may be, and the service's 413; the gateway's default when absent. */
  bodyLimit?: BodyLimit;
  /**
   * The start-up hook: what the service adds to a freshly seeded database once the gateway
   * answers (at a start that ran seed.sql, and after `db reset`); a line for the log, or null.
   */
  seed?(): Promise<string | null>;
  /** Handles a websocket upgrade under the mount; returns false when it is not for this service. */
  upgrade?(request: IncomingMessage, socket: Duplex, head: Buffer): boolean;
  close?(): Promise<void>;
}

export type ServiceFactory = (context: ServiceContext) => Service | Promise<Service>;
