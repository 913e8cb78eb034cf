// The REST service (`/rest/v1`): PostgREST 14's API over the emulator's Postgres. Routes:
// `/` (OpenAPI), `/rpc/<function>`, `/<table or view>`; everything else is PGRST125.
// Every failure leaves as PostgREST's `{code, message, details, hint}` with its status.
import { Hono, type Context } from 'hono';
import { describeLimit } from '../http/body-limit.js';
import type { GatewayEnv } from '../http/gateway-env.js';
import type { ServiceContext, ServiceFactory } from '../http/service.js';
import { requestErrors, schemaErrors, toRestError } from './errors.js';
import { FuzzySet } from './plan/fuzzy-set.js';
import { bodyFormat, type BodyFormat } from './parse/media.js';
import { readRequest, VerifiedTokens, type RestRequest } from './request.js';
import { errorResponse } from './respond.js';
import { serveOpenApi } from './routes/openapi.js';
import { readRelation, type RouteDeps } from './routes/read.js';
import { callFunction } from './routes/rpc.js';
import { writeRelation } from './routes/write.js';
import { SchemaCacheStore } from './schema/cache.js';
import { findRelation } from './schema/model.js';

export const REST_MOUNT = '/rest/v1';

function decodePathSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    throw requestErrors.invalidPath();
  }
}

function bodyFormatOrNull(contentType: string | null): BodyFormat | null {
  try {
    return bodyFormat(contentType);
  } catch {
    return null;
  }
}

async function bodyOf(c: Context<GatewayEnv>): Promise<string> {
  return c.req.method === 'GET' || c.req.method === 'HEAD' ? '' : await c.req.text();
}

export const restService: ServiceFactory = async (service: ServiceContext) => {
  const cache = new SchemaCacheStore(service.db, service.config.api.schemas);
  await cache.start();
  const deps: RouteDeps = { service, cache };
  const tokens = new VerifiedTokens();
  const app = new Hono<GatewayEnv>();

  /** Runs a handler with the request resolved, turning any failure into PostgREST's error. */
  const handle =
    (handler: (c: Context<GatewayEnv>, request: RestRequest) => Promise<Response>) =>
    async (c: Context<GatewayEnv>) => {
      let request: RestRequest | null = null;
      try {
        request = await readRequest(c, service, REST_MOUNT, tokens);
        return await handler(c, request);
      } catch (error) {
        const restError = toRestError(error, request?.anonymous ?? true);
        if (restError.status >= 500)
          service.log(
            `REST ${c.req.method} ${c.req.path}: ${(error as Error)?.stack ?? String(error)}`,
          );
        return errorResponse(restError);
      }
    };

  app.all(
    '*',
    handle(async (c, request) => {
      const segments = request.path.split('/').filter(Boolean).map(decodePathSegment);
      const accept = c.req.header('accept') ?? null;
      const contentType = c.req.header('content-type') ?? null;
      const method = request.method;
      if (segments.length === 0) {
        if (method !== 'GET' && method !== 'HEAD') throw requestErrors.unsupportedMethod(method);
        return serveOpenApi(deps, request, accept);
      }
      if (segments.length === 2 && segments[0] === 'rpc') {
        // A bytea argument comes as the raw body: read it as bytes, not as text.
        const binary = bodyFormatOrNull(contentType) === 'binary' && method === 'POST';
        const body = binary ? new Uint8Array(await c.req.arrayBuffer()) : await bodyOf(c);
        return callFunction(deps, request, segments[1]!, { accept, contentType }, body);
      }
      if (segments.length !== 1) throw requestErrors.invalidPath();
      if (!['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'].includes(method))
        throw requestErrors.unsupportedMethod(method);
      const name = segments[0]!;
      const schemaCache = await cache.get();
      const relation = findRelation(schemaCache, request.schema, name);
      if (!relation) {
        const names = [...schemaCache.relations.values()]
          .filter((r) => r.schema === request.schema)
          .map((r) => r.name);
        // PostgREST's tableNotFoundHint: the closest name scoring 0.75 or more.
        const suggestion = new FuzzySet(names).getOne(name, 0.75);
        throw schemaErrors.tableNotFound(
          `${request.schema}.${name}`,
          suggestion ? `${request.schema}.${suggestion}` : null,
        );
      }
      if (method === 'GET' || method === 'HEAD')
        return readRelation(deps, request, relation, accept, c.req.header('range') ?? null);
      return writeRelation(
        deps,
        request,
        relation,
        method as 'POST' | 'PUT' | 'PATCH' | 'DELETE',
        { accept, contentType },
        await bodyOf(c),
      );
    }),
  );

  return {
    mount: REST_MOUNT,
    app,
    bodyLimit: {
      bytesFor: () => service.config.api.max_request_body_size,
      tooLarge: (_c, limit) => errorResponse(requestErrors.bodyTooLarge(describeLimit(limit))),
    },
    close: () => cache.close(),
  };
};
