// Vector buckets honour the project's `[storage.vector]` limits in supabase/config.toml
// (max_buckets, max_indexes), answering storage-api's errors when one is reached — through
// supabase-js `storage.vectors` against a real emulator on PGlite + pgvector.
import type { SupabaseClient } from '@supabase/supabase-js';
import { startTestEmulator, type TestEmulator } from '../../../test/harness.js';

describe('vector bucket limits from [storage.vector]', () => {
  let emulator: TestEmulator;
  let admin: SupabaseClient;

  beforeAll(async () => {
    emulator = await startTestEmulator({
      configToml: ['[storage.vector]', 'max_buckets = 2', 'max_indexes = 1', ''].join('\n'),
    });
    admin = emulator.admin();
  }, 120_000);

  afterAll(() => emulator?.stop());

  it('refuses the bucket above max_buckets with 400 S3VectorMaxBucketsExceeded naming the configured maximum', async () => {
    const vectors = admin.storage.vectors;
    expect(await vectors.createBucket('first-bucket')).toEqual({ data: {}, error: null });
    expect(await vectors.createBucket('second-bucket')).toEqual({ data: {}, error: null });

    const over = await vectors.createBucket('third-bucket');
    expect(over.data).toBeNull();
    expect(over.error).toMatchObject({
      name: 'StorageVectorsApiError',
      message: 'Maximum number of buckets exceeded. Max allowed is 2. Contact support to increase your limit.',
      status: 400,
      statusCode: '400',
      code: 'S3VectorMaxBucketsExceeded',
    });
    const { data } = await vectors.listBuckets();
    expect(data?.vectorBuckets.map((b) => b.vectorBucketName)).toEqual(['first-bucket', 'second-bucket']);

    // A deleted bucket frees its place.
    expect((await vectors.deleteBucket('second-bucket')).error).toBeNull();
    expect(await vectors.createBucket('third-bucket')).toEqual({ data: {}, error: null });
  });

  it('refuses the index above max_indexes with 400 S3VectorMaxIndexesExceeded naming the configured maximum', async () => {
    const bucket = admin.storage.vectors.from('first-bucket');
    const index = { dataType: 'float32', dimension: 3, distanceMetric: 'cosine' } as const;
    expect(await bucket.createIndex({ indexName: 'only-one', ...index })).toEqual({ data: {}, error: null });

    const over = await bucket.createIndex({ indexName: 'one-more', ...index });
    expect(over.data).toBeNull();
    expect(over.error).toMatchObject({
      name: 'StorageVectorsApiError',
      message: 'Maximum number of indexes exceeded. Max allowed is 1. Contact support to increase your limit.',
      status: 400,
      statusCode: '400',
      code: 'S3VectorMaxIndexesExceeded',
    });

    // The limit is per bucket, as storage-api counts it.
    expect(await admin.storage.vectors.from('third-bucket').createIndex({ indexName: 'only-one', ...index })).toEqual({
      data: {},
      error: null,
    });
  });
});
