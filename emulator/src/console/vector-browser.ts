// The console's Vectors page, server side: vector buckets, their indexes (data type, dimension,
// distance metric, metadata configuration) with how many vectors each holds, and the vectors'
// keys and metadata a page at a time; the floats of one vector only when asked. Read from
// storage's vector tables as the database owner.
import { Hono } from 'hono';
import { z } from 'zod';
import type { Database } from '../db/database.js';

export const VECTORS_PER_PAGE = 50;

export interface VectorIndexSummary {
  name: string;
  dataType: string;
  dimension: number;
  distanceMetric: string;
  metadataConfiguration: unknown;
  vectors: number;
  createdAt: string | null;
}

export interface VectorBucketSummary {
  name: string;
  createdAt: string | null;
  indexes: VectorIndexSummary[];
}

export interface VectorOverview {
  /** False on a server without pgvector: buckets and indexes exist, vectors cannot. */
  vectorsAvailable: boolean;
  buckets: VectorBucketSummary[];
}

export class UnknownVector extends Error {}

function iso(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  return value instanceof Date ? value.toISOString() : new Date(String(value)).toISOString();
}

function json(value: unknown): unknown {
  return typeof value === 'string' ? (JSON.parse(value) as unknown) : value;
}

async function vectorsAvailable(db: Database): Promise<boolean> {
  const { rows } = await db.query<{ present: boolean }>(`select to_regclass('storage.vector_data') is not null as present`);
  return rows[0]?.present ?? false;
}

export async function vectorOverview(db: Database): Promise<VectorOverview> {
  const available = await vectorsAvailable(db);
  const buckets = await db.query<{ id: string; created_at: unknown }>('select id, created_at from storage.buckets_vectors order by id');
  const counts = available ? 'select count(*)::int from storage.vector_data d where d.index_id = i.id' : 'select 0';
  const indexes = await db.query<{
    bucket_id: string;
    name: string;
    data_type: string;
    dimension: number;
    distance_metric: string;
    metadata_configuration: unknown;
    created_at: unknown;
    vectors: number;
  }>(
    `select i.bucket_id, i.name, i.data_type, i.dimension, i.distance_metric, i.metadata_configuration, i.created_at, (${counts}) as vectors
       from storage.vector_indexes i order by i.bucket_id, i.name`,
  );
  return {
    vectorsAvailable: available,
    buckets: buckets.rows.map((bucket) => ({
      name: bucket.id,
      createdAt: iso(bucket.created_at),
      indexes: indexes.rows
        .filter((index) => index.bucket_id === bucket.id)
        .map((index) => ({
          name: index.name,
          dataType: index.data_type,
          dimension: index.dimension,
          distanceMetric: index.distance_metric,
          metadataConfiguration: json(index.metadata_configuration) ?? null,
          vectors: index.vectors,
          createdAt: iso(index.created_at),
        })),
    })),
  };
}

async function indexId(db: Database, bucket: string, index: string): Promise<string> {
  const { rows } = await db.query<{ id: string }>('select id from storage.vector_indexes where bucket_id = $1 and name = $2', [bucket, index]);
  if (!rows[0]) throw new UnknownVector(`There is no index ${index} in the vector bucket ${bucket}.`);
  if (!(await vectorsAvailable(db))) throw new UnknownVector('This database has no pgvector: the index holds no vectors.');
  return rows[0].id;
}

/** A page of an index's vectors: keys and metadata, in key order. */
export async function vectorPage(
  db: Database,
  bucket: string,
  index: string,
  page: number,
): Promise<{ vectors: { key: string; metadata: unknown }[]; total: number; page: number; perPage: number }> {
  const id = await indexId(db, bucket, index);
  const rows = await db.query<{ key: string; metadata: unknown }>(
    'select key, metadata from storage.vector_data where index_id = $1 order by key limit $2 offset $3',
    [id, VECTORS_PER_PAGE, (page - 1) * VECTORS_PER_PAGE],
  );
  const total = await db.query<{ n: number }>('select count(*)::int as n from storage.vector_data where index_id = $1', [id]);
  return {
    vectors: rows.rows.map((row) => ({ key: row.key, metadata: json(row.metadata) ?? {} })),
    total: total.rows[0]?.n ?? 0,
    page,
    perPage: VECTORS_PER_PAGE,
  };
}

/** One vector with its floats. */
export async function vectorValues(db: Database, bucket: string, index: string, key: string): Promise<{ key: string; metadata: unknown; values: number[] }> {
  const id = await indexId(db, bucket, index);
  const { rows } = await db.query<{ metadata: unknown; values: string }>(
    'select metadata, embedding::text as values from storage.vector_data where index_id = $1 and key = $2',
    [id, key],
  );
  if (!rows[0]) throw new UnknownVector(`There is no vector ${key} in ${bucket}/${index}.`);
  return { key, metadata: json(rows[0].metadata) ?? {}, values: JSON.parse(rows[0].values) as number[] };
}

const pageQuery = z.object({ page: z.coerce.number().int().min(1).default(1) });

export function vectorRoutes(db: Database): Hono {
  const app = new Hono();
  const answer = async (c: { json: (body: unknown, status?: 404) => Response }, read: () => Promise<unknown>) => {
    try {
      return c.json(await read());
    } catch (error) {
      if (error instanceof UnknownVector) return c.json({ message: error.message }, 404);
      throw error;
    }
  };
  app.get('/', async (c) => c.json(await vectorOverview(db)));
  app.get('/:bucket/:index/vectors', async (c) => {
    const query = pageQuery.safeParse(c.req.query());
    if (!query.success) return c.json({ message: 'page must be a whole number from 1.' }, 400);
    return answer(c, () => vectorPage(db, c.req.param('bucket'), c.req.param('index'), query.data.page));
  });
  app.get('/:bucket/:index/vectors/:key', (c) => answer(c, () => vectorValues(db, c.req.param('bucket'), c.req.param('index'), c.req.param('key'))));
  return app;
}
