// `/functions/v1/<name>`: the Edge Functions relay, the router only. It finds the function in
// supabase/functions, applies `verify_jwt`, and hands the request, as the caller sent it, to
// the function's own process; the function's Response streams back unchanged
// (routes/invoke.ts). `GET /functions/v1/` lists the functions (routes/catalogue.ts) and
// `GET /functions/v1/_logs/<name>` reads a function's recent console lines (routes/logs.ts),
// emulator extras for the portal's functions page.
import path from 'node:path';
import { Hono } from 'hono';
import { describeLimit } from '../http/body-limit.js';
import type { GatewayEnv } from '../http/gateway-env.js';
import type { ServiceFactory } from '../http/service.js';
import { functionsErrorResponse } from './errors.js';
import { functionsDir } from './function-catalogue.js';
import { FunctionLogs } from './function-logs.js';
import { FunctionHost } from './host/function-host.js';
import { describeFunctions } from './monitoring.js';
import { functionCatalogue } from './routes/catalogue.js';
import { invokeFunction } from './routes/invoke.js';
import { readFunctionLogs } from './routes/logs.js';
import type { FunctionsRelay } from './routes/relay.js';

const MOUNT = '/functions/v1';

export const functionsService: ServiceFactory = (context) => {
  const { config, keys } = context;
  const logs = new FunctionLogs();
  const host = new FunctionHost({
    apiUrl: context.apiUrl,
    databaseUrl: config.databaseUrl,
    apiKeys: keys.apiKeys,
    projectDir: config.workdir,
    functionsDir: functionsDir(config),
    cacheDir: path.join(config.dataDir, 'functions'),
    warn: (line) => console.error(line),
    onLog: (name, level, text) => logs.add(name, { level, text, invocation: null, sub: null }),
  });
  const relay: FunctionsRelay = { config, keys, db: context.db, host, logs, apiUrl: context.apiUrl, mount: MOUNT };
  context.functionsMonitor.attach(describeFunctions(config, context.apiUrl));

  const app = new Hono<GatewayEnv>();
  app.all('*', (c) => {
    const rest = new URL(c.req.url).pathname.slice(MOUNT.length);
    if (rest === '' || rest === '/') return functionCatalogue(relay, c);
    // Function names are plain slugs (they start with a letter), so `_logs` names none.
    const [, first = '', second = ''] = rest.split('/');
    if (first === '_logs' && c.req.method === 'GET') return readFunctionLogs(relay, c, second);
    return invokeFunction(relay, c, first);
  });

  return {
    mount: MOUNT,
    app,
    // The body is handed to the worker whole, so it is bounded (generously: functions take files).
    bodyLimit: {
      bytesFor: () => config.edge_runtime.max_request_body_size,
      tooLarge: (_c, limit) =>
        functionsErrorResponse(
          'payload_too_large',
          `The request body is larger than ${describeLimit(limit)}`,
        ),
    },
    close: () => host.close(),
  };
};
