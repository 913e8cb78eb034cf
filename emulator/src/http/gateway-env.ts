import type { Duplex } from 'node:stream';
import type { IncomingMessage } from 'node:http';
import type { Hono } from 'hono';
import type { Config } from '../config.js';
import type { Database } from '../db/database.js';
import type { RealtimeMonitor } from '../observability/realtime-monitor.js';
import type { RequestLog } from '../observability/request-log.js';
import type { Keys } from '../keys.js';
import type { Mailbox } from '../mail/mailbox.js';
import type { BodyLimit } from './body-limit.js';

/** What the gateway resolves for every request before a service sees it. */
export interface GatewayVariables {
  /**
   * The token to verify, after the CLI's `sb_` key mapping
   * (docs/compatibility.md#gateway-headers-and-keys); null when none.
   */
  bearer: string | null;
  /** The `apikey` header (or `?apikey=`), as sent. */
  apikey: string | null;
}

export type GatewayEnv = { Variables: GatewayVariables };

/** Everything a service needs; built once at start. */
export interface ServiceContext {
  config: Config;
  db: Database;
  keys: Keys;
  mailbox: Mailbox;
  /** The API's own base URL, e.g. http://127.0.0.1:54321 */
  apiUrl: string;
  log: (line: string) => void;
  /** The console's request log (services that answer outside HTTP, such as realtime joins, record here). */
  requests: RequestLog;
  /** The console's view of realtime channels and of each change's delivery. */
  realtimeMonitor: RealtimeMonitor;
}

export interface Service {
  /** Mount point under the gateway, e.g. `/auth/v1`. */
  mount: string;
  app: Hono<GatewayEnv>;
  /** How large a request body may be, and the service's 413; the gateway's default when absent. */
  bodyLimit?: BodyLimit;
  /** Handles a websocket upgrade under the mount; returns false when it is not for this service. */
  upgrade?(request: IncomingMessage, socket: Duplex, head: Buffer): boolean;
  close?(): Promise<void>;
}

export type ServiceFactory = (context: ServiceContext) => Service | Promise<Service>;
