// `/functions/v1/<name>/…`: runs the function. It must exist and be enabled; `verify_jwt` is
// applied (except to CORS preflights, as on the CLI's relay); the request goes to the function's
// own process as the caller sent it, and its Response streams back unchanged.
import { randomUUID } from 'node:crypto';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import type { GatewayEnv } from '../../http/gateway-env.js';
import type { Keys } from '../../keys.js';
import { functionsErrorResponse, isFunctionsError } from '../errors.js';
import { findFunction } from '../function-catalogue.js';
import { checkFunctionJwt } from '../jwt-gate.js';
import type { FunctionsRelay } from './relay.js';

function remoteAddress(c: Context<GatewayEnv>): { hostname: string; port: number } {
  try {
    const { remote } = getConnInfo(c);
    return { hostname: remote.address ?? '127.0.0.1', port: remote.port ?? 0 };
  } catch {
    return { hostname: '127.0.0.1', port: 0 };
  }
}

/** The signed-in user a request comes from: the `sub` of a valid user JWT, else null. */
async function callerSub(keys: Keys, authorization: string | undefined): Promise<string | null> {
  const token = /^Bearer (\S+)$/.exec(authorization ?? '')?.[1];
  if (!token) return null;
  const verified = await keys.verify(token);
  return verified.ok && verified.claims.role === 'authenticated' && verified.claims.sub
    ? verified.claims.sub
    : null;
}

export async function invokeFunction(
  relay: FunctionsRelay,
  c: Context<GatewayEnv>,
  name: string,
): Promise<Response> {
  const { config, keys, host, logs, mount } = relay;
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
  url.pathname = url.pathname.slice(mount.length);
  const hasBody = c.req.method !== 'GET' && c.req.method !== 'HEAD';
  const body = hasBody ? await c.req.arrayBuffer() : null;
  const headers: [string, string][] = [];
  c.req.raw.headers.forEach((value, key) => headers.push([key, value]));
  const sub = await callerSub(keys, c.req.header('authorization'));
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
}
