// What every functions route shares: the project's configuration and keys, the database, the
// host that runs each function in its own process, and the log of their console lines.
import type { Config } from '../../config.js';
import type { Database } from '../../db/database.js';
import type { Keys } from '../../keys.js';
import type { FunctionLogs } from '../function-logs.js';
import type { FunctionHost } from '../host/function-host.js';

export interface FunctionsRelay {
  config: Config;
  keys: Keys;
  /** The project's database (the function logs ask whether a reader has a second factor). */
  db: Database;
  host: FunctionHost;
  logs: FunctionLogs;
  /** The API's own base URL, for the catalogue's invocation URLs. */
  apiUrl: string;
  /** The service's mount, `/functions/v1`. */
  mount: string;
}
