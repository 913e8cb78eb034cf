// `/functions/v1/<name>`: the Edge Functions relay. It finds the function in
// supabase/functions, applies `verify_jwt`, and hands the request, as the caller sent it, to
// the function's own process; the function's Response streams back unchanged. `GET
// /functions/v1/` lists the functions (an emulator extra, for the portal's catalogue).
import path from 'node:path';
import { getConnInfo } from '@hono/node-server/conninfo';
import { Hono, type Context } from 'hono';
import { describeLimit } from '../http/body-limit.js';
import type { GatewayEnv, ServiceFactory } from '../http/gateway-env.js';
import { functionsErrorResponse, isFunctionsError } from './errors.js';
import { findFunction, functionsDir, listFunctions } from './function-catalogue.js';
import { FunctionHost } from './function-host.js';
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
  const host = new FunctionHost({
    apiUrl: context.apiUrl,
    databaseUrl: config.databaseUrl,
    projectDir: config.workdir,
    functionsDir: functionsDir(config),
    cacheDir: path.join(config.dataDir, 'functions'),
    warn: (line) => console.error(line),
  });
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
        { timeoutMs: config.functionTimeoutMs, signal: c.req.raw.signal },
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
    // Function names are plain slugs; anything percent-encoded cannot name one.
    return invoke(c, rest.split('/')[1] ?? '');
  });

  return {
    mount: MOUNT,
    app,
    // The body is handed to the worker whole, so it is bounded (generously: functions take files).
    bodyLimit: {
      bytesFor: () => config.edge_runtime.max_request_body_size,
      tooLarge: (_c, limit) =>
        functionsErrorResponse('payload_too_large', `The request body is larger than ${describeLimit(limit)}`),
    },
    close: () => host.close(),
  };
};
