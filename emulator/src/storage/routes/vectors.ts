// `/storage/v1/vector/<Op>` (docs/compatibility.md#vector-buckets): every operation is a POST with
// a JSON body, answered with JSON or an empty 200. Only service_role may call them (storage-api's
// enforceJwtRole), and unlike the object routes errors keep their real HTTP status.
import { Hono } from 'hono';
import type { z } from 'zod';
import { isPostgresError, type Queryable } from '../../db/database.js';
import type { GatewayEnv } from '../../http/gateway-env.js';
import type { ServiceContext } from '../../http/service.js';
import { readJsonBody } from '../../http/json-body.js';
import { requireCaller } from '../caller.js';
import {
  fromPostgresError,
  isStorageError,
  STORAGE_EMPTY_BODY,
  storageBodyErrors,
  StorageError,
  storageErrors,
  unknownRoute,
} from '../errors.js';
import * as requests from '../vectors/requests.js';
import * as store from '../vectors/store.js';

type Operation<Schema extends z.ZodType> = {
  schema: Schema;
  run: (tx: Queryable, body: z.infer<Schema>, limits: store.VectorLimits) => Promise<object | void>;
};

function operation<Schema extends z.ZodType>(
  schema: Schema,
  run: (tx: Queryable, body: z.infer<Schema>, limits: store.VectorLimits) => Promise<object | void>,
): Operation<Schema> {
  return { schema, run };
}

const OPERATIONS: Record<string, Operation<z.ZodType>> = {
  CreateVectorBucket: operation(requests.bucketOnly, (tx, b, limits) => store.createBucket(tx, b.vectorBucketName, limits)),
  GetVectorBucket: operation(requests.bucketOnly, (tx, b) => store.getBucket(tx, b.vectorBucketName)),
  ListVectorBuckets: operation(requests.listBuckets, (tx, b) => store.listBuckets(tx, b)),
  DeleteVectorBucket: operation(requests.bucketOnly, (tx, b) => store.deleteBucket(tx, b.vectorBucketName)),
  CreateIndex: operation(requests.createIndex, (tx, b, limits) => store.createIndex(tx, b, limits)),
  GetIndex: operation(requests.indexRef, (tx, b) => store.getIndex(tx, b.vectorBucketName, b.indexName)),
  ListIndexes: operation(requests.listIndexes, (tx, b) => store.listIndexes(tx, b)),
  DeleteIndex: operation(requests.indexRef, (tx, b) => store.deleteIndex(tx, b.vectorBucketName, b.indexName)),
  PutVectors: operation(requests.putVectors, (tx, b) => store.putVectors(tx, b)),
  GetVectors: operation(requests.getVectors, (tx, b) => store.getVectors(tx, b)),
  ListVectors: operation(requests.listVectors, (tx, b) => store.listVectors(tx, b)),
  QueryVectors: operation(requests.queryVectors, (tx, b) => store.queryVectors(tx, b)),
  DeleteVectors: operation(requests.deleteVectors, (tx, b) => store.deleteVectors(tx, b)),
};

export function vectorRoutes(context: ServiceContext): Hono<GatewayEnv> {
  const app = new Hono<GatewayEnv>();
  let available = false;
  const limits: store.VectorLimits = {
    maxBuckets: context.config.storage.vector.max_buckets,
    maxIndexes: context.config.storage.vector.max_indexes,
  };

  app.post('/:operation', async (c) => {
    const name = c.req.param('operation');
    const op = OPERATIONS[name];
    // storage-api registers one route per operation: any other name is Fastify's unknown route.
    if (!op) return c.json(unknownRoute(c.req.method, `/vector/${name}${new URL(c.req.url).search}`), 404);
    const caller = await requireCaller(c, context.keys);
    if (caller.role !== 'service_role') {
      throw storageErrors.accessDenied('Vector buckets can only be used with the service_role key (or a service_role JWT)');
    }
    const body = await readJsonBody(c, op.schema, storageBodyErrors, STORAGE_EMPTY_BODY);
    const result = await context.db.withClaims(
      { claims: caller.claims, method: 'POST', path: new URL(c.req.url).pathname },
      async (tx) => {
        if (!available) {
          available = await store.vectorsAvailable(tx);
          if (!available) throw storageErrors.vectorsUnavailable();
        }
        return op.run(tx, body, limits);
      },
    );
    return result ? c.json(result) : c.body(null, 200);
  });

  app.onError((error, c) => {
    let vectorError: StorageError;
    const refused = fromPostgresError(error, storageErrors.resourceAlreadyExists);
    if (isStorageError(error)) {
      vectorError = error;
    } else if (refused) {
      // The caller's doing (e.g. a NUL character in a prefix), refused as the object routes do.
      vectorError = refused;
    } else if (isPostgresError(error)) {
      console.error(`vectors: ${c.req.path}: database error ${error.code}: ${error.message}`);
      vectorError = new StorageError('DatabaseError', 500, `database error, code: ${error.code}: ${error.message}`);
    } else {
      console.error(`vectors: ${c.req.path}:`, error);
      vectorError = storageErrors.internal();
    }
    return c.json(vectorError.body(), vectorError.statusCode as 400);
  });

  return app;
}
