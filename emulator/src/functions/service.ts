// `/functions/v1/<name>`: the Edge Functions relay. It finds the function in
// supabase/functions, applies `verify_jwt`, and hands the request, as the caller sent it, to
// the function's own process; the function's Response streams back unchanged. `GET
// /functions/v1/` lists the functions and `GET /functions/v1/_logs/<name>` reads a function's
// recent console lines (emulator extras, for the portal's functions page).
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { getConnInfo } from '@hono/node-server/conninfo';
import { Hono, type Context } from 'hono';
import { describeLimit } from '../http/body-limit.js';
import type { GatewayEnv, ServiceFactory } from '../http/gateway-env.js';
import { functionsErrorResponse, isFunctionsError } from './errors.js';
import { findFunction, FUNCTION_NAME, functionsDir, listFunctions } from './function-catalogue.js';
import { FunctionHost } from './function-host.js';
import { FunctionLogs, type LogReader } from './function-logs.js';
import { checkFunctionJwt } from './jwt-gate.js';

const MOUNT = '/functions/v1';

function remoteAddress(c: Context<GatewayEnv>): { hostname: string; port: number } {
  try {
    const { remote } = getConnInfo(c);
    return { hostname: remote.address ?? '127.0.0.1', port: remote.port ?? 0 };
  } catch {
    return { hostname: '127.0.0.1', port: 0 };
  }
}

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

  /** The signed-in user a request comes from: the `sub` of a valid user JWT, else null. */
  const callerSub = async (authorization: string | undefined): Promise<string | null> => {
    const token = /^Bearer (\S+)$/.exec(authorization ?? '')?.[1];
    if (!token) return null;
    const verified = await keys.verify(token);
    return verified.ok && verified.claims.role === 'authenticated' && verified.claims.sub
      ? verified.claims.sub
      : null;
  };

  // Who may read which lines: the service role all of them, a signed-in user the lines of their
  // own invocations (so the browser reads them with the person's session, never a service key).
  const readLogs = async (c: Context<GatewayEnv>, name: string) => {
    const token = /^Bearer (\S+)$/.exec(c.req.header('authorization') ?? '')?.[1];
    if (!token)
      return functionsErrorResponse(
        c.req.header('authorization') ? 'malformed_authorization' : 'missing_authorization',
      );
    const verified = await keys.verify(token);
    if (!verified.ok) return functionsErrorResponse('invalid_jwt');
    const { role, sub } = verified.claims;
    let reader: LogReader;
    if (role === 'service_role') reader = { kind: 'service_role' };
    else if (role === 'authenticated' && sub) reader = { kind: 'user', sub };
    else return functionsErrorResponse('logs_forbidden');
    if (!FUNCTION_NAME.test(name) || !findFunction(config, name))
      return functionsErrorResponse('not_found', `Requested function was not found: ${name}`);
    const after = Number(c.req.query('after') ?? 0);
    const limit = Number(c.req.query('limit') ?? 100);
    return c.json({
      lines: logs.read(name, reader, {
        after: Number.isInteger(after) && after > 0 ? after : 0,
        limit: Number.isInteger(limit) && limit > 0 ? Math.min(limit, 500) : 100,
      }),
    });
  };
  const app = new Hono<GatewayEnv>();

  const invoke = async (c: Context<GatewayEnv>, name: string) => {
    const spec = findFunction(config, name);
    if (!spec || !spec.enabled)
      return functionsErrorResponse('not_found', `Requested function was not found: ${name}`);
    // OPTIONS (CORS preflight) needs no JWT, as on the CLI's relay; the gateway's CORS answers most first.
    if (spec.verifyJwt && c.req.method !== 'OPTIONS') {
      const failure = await checkFunctionJwt(c.req.header('authorization'), keys);
      if (failure) return functionsErrorResponse(failure);
    }
    // The function sees its own path, `/<name>/…`, as behind the hosted relay.
    const url = new URL(c.req.url);
    url.pathname = url.pathname.slice(MOUNT.length);
    const hasBody = c.req.method !== 'GET' && c.req.method !== 'HEAD';
    const body = hasBody ? await c.req.arrayBuffer() : null;
    const headers: [string, string][] = [];
    c.req.raw.headers.forEach((value, key) => headers.push([key, value]));
    const sub = await callerSub(c.req.header('authorization'));
    const invocation = randomUUID();
    try {
      const worker = await host.acquire(spec);
      return await worker.invoke(
        {
          method: c.req.method,
          url: url.toString(),
          headers,
          body: body && body.byteLength > 0 ? body : null,
          remoteAddr: remoteAddress(c),
        },
        {
          timeoutMs: config.functionTimeoutMs,
          signal: c.req.raw.signal,
          onLog: (level, text) => logs.add(spec.name, { level, text, invocation, sub }),
        },
      );
    } catch (error) {
      if (isFunctionsError(error)) return functionsErrorResponse(error.code, error.detail);
      throw error;
    }
  };
  app.all('*', (c) => {
    const rest = new URL(c.req.url).pathname.slice(MOUNT.length);
    if (rest === '' || rest === '/') {
      if (c.req.method === 'GET')
        return c.json({ functions: listFunctions(config, context.apiUrl) });
      return functionsErrorResponse(
        'not_found',
        'Name the function to invoke: /functions/v1/<name>',
      );
    }
    // Function names are plain slugs (they start with a letter), so `_logs` names none.
    const [, first = '', second = ''] = rest.split('/');
    if (first === '_logs' && c.req.method === 'GET') return readLogs(c, second);
    return invoke(c, first);
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
