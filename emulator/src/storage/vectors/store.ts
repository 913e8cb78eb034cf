// Vector buckets, indexes and vectors on pgvector. Each function runs in the transaction it is
// given (the service_role caller's), with `$n` parameters only. Similarity search is an exact
// scan ordered by pgvector's distance operator (<=> cosine, <-> euclidean): deterministic
// results for development data sizes, without an approximate index to tune.
import type { Queryable } from '../../db/database.js';
import { storageErrors } from '../errors.js';
import { translateFilter } from './filter.js';
import type { CreateIndexRequest, ListVectorsRequest, PutVectorsRequest, QueryVectorsRequest } from './requests.js';
import { LIMITS } from './requests.js';

interface IndexRow {
  id: string;
  name: string;
  bucket_id: string;
  data_type: string;
  dimension: number;
  distance_metric: 'cosine' | 'euclidean';
  metadata_configuration: { nonFilterableMetadataKeys?: string[] } | null;
  created_at: Date | string;
}

function epochSeconds(value: Date | string): number {
  return Math.floor(new Date(value).getTime() / 1000);
}

/** pgvector's text form; values are float32-rounded first, as the client does. */
function vectorLiteral(values: number[]): string {
  return `[${Array.from(new Float32Array(values)).join(',')}]`;
}

function parseVectorLiteral(text: string): number[] {
  return text
    .slice(1, -1)
    .split(',')
    .filter((part) => part !== '')
    .map(Number);
}

const DISTANCE_OPERATOR = { cosine: 'operator(extensions.<=>)', euclidean: 'operator(extensions.<->)' } as const;

/** Whether this database can hold vectors (pgvector installed and the data table created). */
export async function vectorsAvailable(tx: Queryable): Promise<boolean> {
  const { rows } = await tx.query<{ ok: boolean }>(`select to_regclass('storage.vector_data') is not null as ok`);
  return rows[0]?.ok === true;
}

// ── buckets ──────────────────────────────────────────────────────────────────────────────

/** The project's `[storage.vector]` limits. */
export interface VectorLimits {
  maxBuckets: number;
  maxIndexes: number;
}

export async function createBucket(tx: Queryable, name: string, limits: VectorLimits): Promise<void> {
  // Serialise bucket creation so the limit holds under concurrent requests.
  await tx.query(`select pg_advisory_xact_lock(hashtext('storage.buckets_vectors'))`);
  const { rows } = await tx.query<{ count: number }>('select count(*)::int as count from storage.buckets_vectors');
  const existing = await tx.query('select 1 from storage.buckets_vectors where id = $1', [name]);
  if (existing.rows.length > 0) throw storageErrors.vectorConflict('vector bucket', name);
  if ((rows[0]?.count ?? 0) >= limits.maxBuckets) throw storageErrors.vectorMaxBuckets(limits.maxBuckets);
  await tx.query('insert into storage.buckets_vectors (id) values ($1)', [name]);
}

async function requireBucket(tx: Queryable, name: string): Promise<{ id: string; created_at: Date | string }> {
  const { rows } = await tx.query<{ id: string; created_at: Date | string }>(
    'select id, created_at from storage.buckets_vectors where id = $1',
    [name],
  );
  if (!rows[0]) throw storageErrors.vectorNotFound('vector bucket', name);
  return rows[0];
}

export async function getBucket(tx: Queryable, name: string) {
  const bucket = await requireBucket(tx, name);
  return { vectorBucket: { vectorBucketName: bucket.id, creationTime: epochSeconds(bucket.created_at) } };
}

export async function listBuckets(tx: Queryable, query: { prefix?: string; maxResults?: number; nextToken?: string }) {
  const params: unknown[] = [];
  const where: string[] = [];
  if (query.prefix) {
    params.push(query.prefix);
    where.push(`starts_with(id, $${params.length})`);
  }
  if (query.nextToken) {
    params.push(query.nextToken);
    where.push(`id collate "C" > $${params.length}`);
  }
  const limit = query.maxResults ?? LIMITS.maxListBuckets;
  params.push(limit + 1);
  const { rows } = await tx.query<{ id: string; created_at: Date | string }>(
    `select id, created_at from storage.buckets_vectors ${where.length ? `where ${where.join(' and ')}` : ''}
     order by id collate "C" limit $${params.length}`,
    params,
  );
  const page = rows.slice(0, limit);
  return {
    vectorBuckets: page.map((b) => ({ vectorBucketName: b.id, creationTime: epochSeconds(b.created_at) })),
    ...(rows.length > limit ? { nextToken: page[page.length - 1]!.id } : {}),
  };
}

export async function deleteBucket(tx: Queryable, name: string): Promise<void> {
  await requireBucket(tx, name);
  const { rows } = await tx.query('select 1 from storage.vector_indexes where bucket_id = $1 limit 1', [name]);
  if (rows.length > 0) throw storageErrors.vectorBucketNotEmpty(name);
  await tx.query('delete from storage.buckets_vectors where id = $1', [name]);
}

// ── indexes ──────────────────────────────────────────────────────────────────────────────

export async function createIndex(tx: Queryable, request: CreateIndexRequest, limits: VectorLimits): Promise<void> {
  if (request.dimension > LIMITS.maxDimension) {
    throw storageErrors.invalidParameter(
      'dimension',
      `Invalid dimension for pgvector: ${request.dimension} (must be 1..${LIMITS.maxDimension})`,
    );
  }
  await requireBucket(tx, request.vectorBucketName);
  await tx.query(`select pg_advisory_xact_lock(hashtext('vector_indexes:' || $1))`, [request.vectorBucketName]);
  const { rows } = await tx.query<{ count: number; taken: boolean }>(
    `select count(*)::int as count, bool_or(name = $2) as taken from storage.vector_indexes where bucket_id = $1`,
    [request.vectorBucketName, request.indexName],
  );
  if (rows[0]?.taken) throw storageErrors.vectorConflict('vector index', request.indexName);
  if ((rows[0]?.count ?? 0) >= limits.maxIndexes) throw storageErrors.vectorMaxIndexes(limits.maxIndexes);
  const keys = request.metadataConfiguration?.nonFilterableMetadataKeys ?? [];
  await tx.query(
    `insert into storage.vector_indexes (name, bucket_id, data_type, dimension, distance_metric, metadata_configuration)
     values ($1, $2, $3, $4, $5, $6)`,
    [
      request.indexName,
      request.vectorBucketName,
      request.dataType,
      request.dimension,
      request.distanceMetric,
      keys.length ? JSON.stringify({ nonFilterableMetadataKeys: keys }) : null,
    ],
  );
}

async function requireIndex(tx: Queryable, bucket: string, name: string): Promise<IndexRow> {
  await requireBucket(tx, bucket);
  const { rows } = await tx.query<IndexRow>(
    `select id, name, bucket_id, data_type, dimension, distance_metric, metadata_configuration, created_at
     from storage.vector_indexes where bucket_id = $1 and name = $2`,
    [bucket, name],
  );
  if (!rows[0]) throw storageErrors.vectorNotFound('vector index', name);
  return rows[0];
}

export async function getIndex(tx: Queryable, bucket: string, name: string) {
  const index = await requireIndex(tx, bucket, name);
  return {
    index: {
      indexName: index.name,
      vectorBucketName: index.bucket_id,
      dataType: index.data_type,
      dimension: index.dimension,
      distanceMetric: index.distance_metric,
      ...(index.metadata_configuration ? { metadataConfiguration: index.metadata_configuration } : {}),
      creationTime: epochSeconds(index.created_at),
    },
  };
}

export async function listIndexes(
  tx: Queryable,
  query: { vectorBucketName: string; prefix?: string; maxResults?: number; nextToken?: string },
) {
  await requireBucket(tx, query.vectorBucketName);
  const params: unknown[] = [query.vectorBucketName];
  const where = ['bucket_id = $1'];
  if (query.prefix) {
    params.push(query.prefix);
    where.push(`starts_with(name, $${params.length})`);
  }
  if (query.nextToken) {
    params.push(query.nextToken);
    where.push(`name > $${params.length}`);
  }
  const limit = query.maxResults ?? 500;
  params.push(limit + 1);
  const { rows } = await tx.query<{ name: string; bucket_id: string; created_at: Date | string }>(
    `select name, bucket_id, created_at from storage.vector_indexes where ${where.join(' and ')}
     order by name limit $${params.length}`,
    params,
  );
  const page = rows.slice(0, limit);
  return {
    indexes: page.map((i) => ({ indexName: i.name, vectorBucketName: i.bucket_id, creationTime: epochSeconds(i.created_at) })),
    ...(rows.length > limit ? { nextToken: page[page.length - 1]!.name } : {}),
  };
}

export async function deleteIndex(tx: Queryable, bucket: string, name: string): Promise<void> {
  const index = await requireIndex(tx, bucket, name);
  // storage.vector_data rows go with it (on delete cascade).
  await tx.query('delete from storage.vector_indexes where id = $1', [index.id]);
}

// ── vectors ──────────────────────────────────────────────────────────────────────────────

function checkVector(index: IndexRow, values: number[], what: string): void {
  if (values.length !== index.dimension) {
    throw storageErrors.invalidParameter(
      what,
      `${what} has ${values.length} dimensions but index "${index.name}" has ${index.dimension}`,
    );
  }
  if (index.distance_metric === 'cosine' && values.every((v) => v === 0)) {
    throw storageErrors.invalidParameter(what, `${what} is all zeros: cosine distance is undefined for a zero vector`);
  }
}

export async function putVectors(tx: Queryable, request: PutVectorsRequest): Promise<void> {
  const index = await requireIndex(tx, request.vectorBucketName, request.indexName);
  const rows = request.vectors.map((vector) => {
    checkVector(index, vector.data.float32, `vector "${vector.key}"`);
    const metadata = JSON.stringify(vector.metadata ?? {});
    if (Buffer.byteLength(metadata) > LIMITS.maxMetadataBytes) {
      throw storageErrors.invalidParameter(
        'vectors.metadata',
        `Metadata of vector "${vector.key}" is ${Buffer.byteLength(metadata)} bytes; the limit is ${LIMITS.maxMetadataBytes}`,
      );
    }
    return { key: vector.key, embedding: vectorLiteral(vector.data.float32), metadata: vector.metadata ?? {} };
  });
  await tx.query(
    `insert into storage.vector_data (index_id, key, embedding, metadata)
     select $1, r.key, r.embedding::extensions.vector, r.metadata
     from jsonb_to_recordset($2::jsonb) as r(key text, embedding text, metadata jsonb)
     on conflict (index_id, key) do update set embedding = excluded.embedding, metadata = excluded.metadata`,
    [index.id, JSON.stringify(rows)],
  );
}

interface VectorRow {
  key: string;
  embedding?: string;
  metadata?: Record<string, unknown>;
  distance?: number;
}

function vectorJson(row: VectorRow, returnData: boolean, returnMetadata: boolean) {
  return {
    key: row.key,
    ...(returnData && row.embedding ? { data: { float32: parseVectorLiteral(row.embedding) } } : {}),
    ...(returnMetadata ? { metadata: row.metadata ?? {} } : {}),
  };
}

export async function getVectors(
  tx: Queryable,
  request: { vectorBucketName: string; indexName: string; keys: string[]; returnData?: boolean; returnMetadata?: boolean },
) {
  const index = await requireIndex(tx, request.vectorBucketName, request.indexName);
  const { rows } = await tx.query<VectorRow>(
    `select key, embedding::text as embedding, metadata from storage.vector_data
     where index_id = $1 and key = any($2::text[])`,
    [index.id, request.keys],
  );
  const byKey = new Map(rows.map((row) => [row.key, row]));
  const found = request.keys.map((key) => byKey.get(key)).filter((row): row is VectorRow => row !== undefined);
  return { vectors: found.map((row) => vectorJson(row, request.returnData === true, request.returnMetadata === true)) };
}

export async function listVectors(tx: Queryable, request: ListVectorsRequest) {
  const index = await requireIndex(tx, request.vectorBucketName, request.indexName);
  const params: unknown[] = [index.id];
  const where = ['index_id = $1'];
  if (request.nextToken) {
    params.push(request.nextToken);
    where.push(`key > $${params.length}`);
  }
  if (request.segmentCount !== undefined) {
    // Segments split the keys by hash, so parallel readers see disjoint, complete parts.
    params.push(request.segmentCount, request.segmentIndex);
    where.push(`mod(abs(hashtext(key)::bigint), $${params.length - 1}::bigint) = $${params.length}::bigint`);
  }
  const limit = request.maxResults ?? 500;
  params.push(limit + 1);
  const { rows } = await tx.query<VectorRow>(
    `select key, embedding::text as embedding, metadata from storage.vector_data
     where ${where.join(' and ')} order by key limit $${params.length}`,
    params,
  );
  const page = rows.slice(0, limit);
  return {
    vectors: page.map((row) => vectorJson(row, request.returnData === true, request.returnMetadata === true)),
    ...(rows.length > limit ? { nextToken: page[page.length - 1]!.key } : {}),
  };
}

export async function queryVectors(tx: Queryable, request: QueryVectorsRequest) {
  const index = await requireIndex(tx, request.vectorBucketName, request.indexName);
  checkVector(index, request.queryVector.float32, 'queryVector');
  const params: unknown[] = [index.id, vectorLiteral(request.queryVector.float32)];
  let filterSql = '';
  if (request.filter) {
    const nonFilterableKeys = new Set(index.metadata_configuration?.nonFilterableMetadataKeys ?? []);
    filterSql = ` and (${translateFilter(request.filter, params, { nonFilterableKeys })})`;
  }
  params.push(request.topK);
  const operator = DISTANCE_OPERATOR[index.distance_metric];
  const { rows } = await tx.query<VectorRow>(
    `select key, metadata, (embedding ${operator} $2::extensions.vector)::float8 as distance
     from storage.vector_data
     where index_id = $1${filterSql}
     order by distance, key
     limit $${params.length}`,
    params,
  );
  return {
    vectors: rows.map((row) => ({
      key: row.key,
      ...(request.returnDistance ? { distance: row.distance } : {}),
      ...(request.returnMetadata ? { metadata: row.metadata ?? {} } : {}),
    })),
    distanceMetric: index.distance_metric,
  };
}

export async function deleteVectors(
  tx: Queryable,
  request: { vectorBucketName: string; indexName: string; keys: string[] },
): Promise<void> {
  const index = await requireIndex(tx, request.vectorBucketName, request.indexName);
  await tx.query('delete from storage.vector_data where index_id = $1 and key = any($2::text[])', [index.id, request.keys]);
}
