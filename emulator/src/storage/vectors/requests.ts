// Request bodies of the vector operations (docs/compatibility.md#vector-buckets), validated at the
// boundary with storage-api's limits. No type coercion: a number sent as a string is an error.
import { z } from 'zod';

// How many buckets and indexes per bucket are allowed is the project's `[storage.vector]`
// setting (max_buckets, max_indexes), read in config.ts.
export const LIMITS = {
  /** pgvector's limit for the emulator's backend (S3 Vectors itself allows 4096). */
  maxDimension: 4000,
  maxPutVectors: 500,
  maxGetKeys: 100,
  maxDeleteKeys: 500,
  maxListResults: 1000,
  maxSegmentCount: 16,
  maxTopK: 100,
  maxKeyLength: 1024,
  maxListBuckets: 500,
  /** S3 Vectors: total metadata per vector. */
  maxMetadataBytes: 40 * 1024,
  maxNonFilterableKeys: 10,
} as const;

const name = (what: string) => z.string({ error: `${what} is required` });

/** S3 Vectors naming: 3–63 lowercase letters, digits, hyphens (indexes may also use dots). */
export const vectorBucketName = name('vectorBucketName').regex(
  /^[a-z0-9][a-z0-9-]{1,61}[a-z0-9]$/,
  'vectorBucketName must be 3-63 characters of lowercase letters, digits and hyphens, starting and ending with a letter or digit',
);
export const indexName = name('indexName').regex(
  /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
  'indexName must be 3-63 characters of lowercase letters, digits, hyphens and dots, starting and ending with a letter or digit',
);

const metadataPrimitive = z.union([z.string(), z.boolean(), z.number().refine(Number.isFinite, 'numbers must be finite')]);
const metadata = z.record(z.string(), z.union([metadataPrimitive, z.array(metadataPrimitive)]));
const float32 = z.array(z.number().refine(Number.isFinite, 'vector components must be finite numbers')).min(1);
const key = z.string().min(1, 'vector keys are 1-1024 characters').max(LIMITS.maxKeyLength, 'vector keys are 1-1024 characters');

export const bucketOnly = z.object({ vectorBucketName });

export const listBuckets = z.object({
  prefix: z.string().optional(),
  maxResults: z.number().int().min(1).max(LIMITS.maxListBuckets).optional(),
  nextToken: z.string().optional(),
});

export const createIndex = z.object({
  vectorBucketName,
  indexName,
  dataType: z.literal('float32', { error: 'dataType must be "float32"' }),
  dimension: z
    .number({ error: 'dimension is required' })
    .int('dimension must be a whole number')
    .min(1, 'dimension must be at least 1')
    .max(4096, 'dimension must be at most 4096'),
  distanceMetric: z.enum(['cosine', 'euclidean'], { error: 'distanceMetric must be "cosine" or "euclidean"' }),
  metadataConfiguration: z
    .object({
      nonFilterableMetadataKeys: z
        .array(z.string().min(1).max(63))
        .max(LIMITS.maxNonFilterableKeys, `at most ${LIMITS.maxNonFilterableKeys} non-filterable metadata keys`)
        .refine((keys) => new Set(keys).size === keys.length, 'non-filterable metadata keys must be unique'),
    })
    .optional(),
});

export const indexRef = z.object({ vectorBucketName, indexName });

export const listIndexes = z.object({
  vectorBucketName,
  prefix: z.string().optional(),
  maxResults: z.number().int().min(1).max(500).optional(),
  nextToken: z.string().optional(),
});

export const putVectors = z.object({
  vectorBucketName,
  indexName,
  vectors: z
    .array(z.object({ key, data: z.object({ float32 }), metadata: metadata.optional() }))
    .min(1, `vectors must contain between 1 and ${LIMITS.maxPutVectors} entries`)
    .max(LIMITS.maxPutVectors, `vectors must contain between 1 and ${LIMITS.maxPutVectors} entries`)
    .refine((vectors) => new Set(vectors.map((v) => v.key)).size === vectors.length, 'Request must not contain duplicate keys'),
});

const keys = (max: number) =>
  z.array(key).min(1, `keys must contain between 1 and ${max} entries`).max(max, `keys must contain between 1 and ${max} entries`);

export const getVectors = z.object({
  vectorBucketName,
  indexName,
  keys: keys(LIMITS.maxGetKeys),
  returnData: z.boolean().optional(),
  returnMetadata: z.boolean().optional(),
});

export const deleteVectors = z.object({ vectorBucketName, indexName, keys: keys(LIMITS.maxDeleteKeys) });

export const listVectors = z
  .object({
    vectorBucketName,
    indexName,
    maxResults: z.number().int().min(1).max(LIMITS.maxListResults).optional(),
    nextToken: z.string().optional(),
    returnData: z.boolean().optional(),
    returnMetadata: z.boolean().optional(),
    segmentCount: z.number().int().min(1).max(LIMITS.maxSegmentCount).optional(),
    segmentIndex: z.number().int().min(0).optional(),
  })
  .refine((body) => (body.segmentCount === undefined) === (body.segmentIndex === undefined), {
    message: 'segmentCount and segmentIndex must be provided together',
  })
  .refine((body) => body.segmentCount === undefined || body.segmentIndex! < body.segmentCount, {
    message: 'segmentIndex must be less than segmentCount',
  });

export const queryVectors = z.object({
  vectorBucketName,
  indexName,
  queryVector: z.object({ float32 }, { error: 'queryVector is required: {float32: number[]}' }),
  topK: z
    .number({ error: 'topK is required (1-100)' })
    .int('topK must be a whole number')
    .min(1, `topK must be between 1 and ${LIMITS.maxTopK}`)
    .max(LIMITS.maxTopK, `topK must be between 1 and ${LIMITS.maxTopK}`),
  filter: z.record(z.string(), z.unknown()).optional(),
  returnDistance: z.boolean().optional(),
  returnMetadata: z.boolean().optional(),
});

export type CreateIndexRequest = z.infer<typeof createIndex>;
export type PutVectorsRequest = z.infer<typeof putVectors>;
export type ListVectorsRequest = z.infer<typeof listVectors>;
export type QueryVectorsRequest = z.infer<typeof queryVectors>;
