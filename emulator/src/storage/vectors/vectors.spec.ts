// Vector buckets (`/storage/v1/vector/<Op>`) through supabase-js `storage.vectors` against a
// real emulator on PGlite + pgvector: every operation, the filter grammar and the limits
// (docs/compatibility.md#vector-buckets).
import type { SupabaseClient } from '@supabase/supabase-js';
import { ANON_KEY, SERVICE_ROLE_KEY, startTestEmulator, type TestEmulator } from '../../../test/harness.js';

interface VectorErrorBody {
  statusCode: string;
  code: string;
  message: string;
}

describe('vector buckets', () => {
  let emulator: TestEmulator;
  let admin: SupabaseClient;

  /** Raw POST, for what the client refuses to send (it checks some limits itself). */
  const op = async (name: string, body: unknown, key = SERVICE_ROLE_KEY) => {
    const response = await fetch(`${emulator.apiUrl}/storage/v1/vector/${name}`, {
      method: 'POST',
      headers: { apikey: key, Authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : null) as VectorErrorBody | null };
  };

  const vectors = () => admin.storage.vectors;

  beforeAll(async () => {
    emulator = await startTestEmulator();
    admin = emulator.admin();
  }, 120_000);

  afterAll(() => emulator?.stop());

  it('is for the service role only', async () => {
    const asAnon = await op('ListVectorBuckets', {}, ANON_KEY);
    expect(asAnon.status).toBe(403);
    expect(asAnon.body).toMatchObject({ statusCode: '403', code: 'AccessDenied' });
    const viaClient = await emulator.client().storage.vectors.listBuckets();
    expect(viaClient.error).toMatchObject({ status: 403 });
  });

  describe('buckets', () => {
    it('creates, gets, lists (prefix, pages) and deletes vector buckets', async () => {
      expect(await vectors().createBucket('docs-a')).toEqual({ data: {}, error: null });
      await vectors().createBucket('docs-b');
      await vectors().createBucket('other');

      const { data: got } = await vectors().getBucket('docs-a');
      expect(got?.vectorBucket.vectorBucketName).toBe('docs-a');
      expect(got?.vectorBucket.creationTime).toBeGreaterThan(1_600_000_000);

      const { data: prefixed } = await vectors().listBuckets({ prefix: 'docs-' });
      expect(prefixed?.vectorBuckets.map((b) => b.vectorBucketName)).toEqual(['docs-a', 'docs-b']);

      const first = await vectors().listBuckets({ maxResults: 2 });
      expect(first.data?.vectorBuckets.map((b) => b.vectorBucketName)).toEqual(['docs-a', 'docs-b']);
      expect(first.data?.nextToken).toBe('docs-b');
      const second = await vectors().listBuckets({ maxResults: 2, nextToken: first.data!.nextToken! });
      expect(second.data?.vectorBuckets.map((b) => b.vectorBucketName)).toEqual(['other']);
      expect(second.data?.nextToken).toBeUndefined();

      expect((await vectors().deleteBucket('other')).error).toBeNull();
      const gone = await vectors().getBucket('other');
      expect(gone.error).toMatchObject({ status: 404, statusCode: '404' });
    });

    it('answers ConflictException, NotFoundException and name errors with real statuses', async () => {
      const duplicate = await op('CreateVectorBucket', { vectorBucketName: 'docs-a' });
      expect(duplicate).toMatchObject({ status: 409, body: { code: 'ConflictException' } });
      const missing = await op('DeleteVectorBucket', { vectorBucketName: 'nope-bucket' });
      expect(missing).toMatchObject({ status: 404, body: { code: 'NotFoundException' } });
      const badName = await op('CreateVectorBucket', { vectorBucketName: 'Bad_Name' });
      expect(badName.status).toBe(400);
      expect(badName.body?.message).toMatch(/vectorBucketName must be 3-63 characters/);
      const noBody = await op('CreateVectorBucket', {});
      expect(noBody.body?.message).toMatch(/vectorBucketName is required/);
      const unknown = await op('MakeCoffee', {});
      expect(unknown.status).toBe(404);
    });

    it('stops at the bucket limit', async () => {
      const { data } = await vectors().listBuckets();
      const existing = data!.vectorBuckets.length;
      for (let i = existing; i < 10; i += 1) {
        expect((await op('CreateVectorBucket', { vectorBucketName: `fill-${i}` })).status).toBe(200);
      }
      const over = await op('CreateVectorBucket', { vectorBucketName: 'one-too-many' });
      expect(over).toMatchObject({ status: 400, body: { code: 'S3VectorMaxBucketsExceeded' } });
      for (let i = existing; i < 10; i += 1) await op('DeleteVectorBucket', { vectorBucketName: `fill-${i}` });
    });
  });

  describe('indexes', () => {
    it('creates, gets, lists and deletes indexes, and keeps a bucket with indexes', async () => {
      const bucket = vectors().from('docs-b');
      const created = await bucket.createIndex({
        indexName: 'pages',
        dataType: 'float32',
        dimension: 4,
        distanceMetric: 'euclidean',
        metadataConfiguration: { nonFilterableMetadataKeys: ['body'] },
      });
      expect(created.error).toBeNull();
      await bucket.createIndex({ indexName: 'titles.v2', dataType: 'float32', dimension: 2, distanceMetric: 'cosine' });

      const { data: index } = await bucket.getIndex('pages');
      expect(index?.index).toMatchObject({
        indexName: 'pages',
        vectorBucketName: 'docs-b',
        dataType: 'float32',
        dimension: 4,
        distanceMetric: 'euclidean',
        metadataConfiguration: { nonFilterableMetadataKeys: ['body'] },
      });

      const { data: listed } = await bucket.listIndexes({ prefix: 'ti' });
      expect(listed?.indexes.map((i) => i.indexName)).toEqual(['titles.v2']);

      const notEmpty = await vectors().deleteBucket('docs-b');
      expect(notEmpty.error).toMatchObject({ status: 400, statusCode: '400' });
      expect((await op('DeleteVectorBucket', { vectorBucketName: 'docs-b' })).body?.code).toBe('VectorBucketNotEmpty');

      expect((await bucket.deleteIndex('titles.v2')).error).toBeNull();
      expect((await bucket.getIndex('titles.v2')).error).toMatchObject({ status: 404 });
    });

    it('validates dimension, metric, data type, names and duplicates, and stops at 5 indexes', async () => {
      const base = { vectorBucketName: 'docs-a', dataType: 'float32', distanceMetric: 'cosine' };
      expect((await op('CreateIndex', { ...base, indexName: 'zero', dimension: 0 })).status).toBe(400);
      const tooWide = await op('CreateIndex', { ...base, indexName: 'wide', dimension: 4001 });
      expect(tooWide.body?.message).toMatch(/must be 1\.\.4000/);
      expect((await op('CreateIndex', { ...base, indexName: 'dot', dimension: 2, distanceMetric: 'dotproduct' })).status).toBe(400);
      expect((await op('CreateIndex', { ...base, indexName: 'f16', dimension: 2, dataType: 'float16' })).status).toBe(400);
      expect((await op('CreateIndex', { ...base, indexName: 'X', dimension: 2 })).status).toBe(400);
      expect((await op('CreateIndex', { ...base, indexName: 'abc', dimension: '2' })).status).toBe(400);
      const noBucket = await op('CreateIndex', { ...base, vectorBucketName: 'absent', indexName: 'abc', dimension: 2 });
      expect(noBucket).toMatchObject({ status: 404, body: { code: 'NotFoundException' } });

      for (let i = 0; i < 5; i += 1) {
        expect((await op('CreateIndex', { ...base, indexName: `idx-${i}`, dimension: 2 })).status).toBe(200);
      }
      expect((await op('CreateIndex', { ...base, indexName: 'idx-0', dimension: 2 })).body?.code).toBe('ConflictException');
      expect((await op('CreateIndex', { ...base, indexName: 'idx-5', dimension: 2 })).body?.code).toBe(
        'S3VectorMaxIndexesExceeded',
      );
      for (let i = 0; i < 5; i += 1) await op('DeleteIndex', { vectorBucketName: 'docs-a', indexName: `idx-${i}` });
    });
  });

  describe('vectors', () => {
    const points = [
      { key: 'origin', data: { float32: [0, 0, 0, 0] }, metadata: { kind: 'point', year: 2020, tags: ['a', 'b'] } },
      { key: 'three-four', data: { float32: [3, 4, 0, 0] }, metadata: { kind: 'point', year: 2021, body: 'long text' } },
      { key: 'far', data: { float32: [10, 10, 10, 10] }, metadata: { kind: 'outlier', year: '2020', flag: true } },
      { key: 'near', data: { float32: [1, 0, 0, 0] }, metadata: { kind: 'point', year: 2024, tags: ['c'] } },
    ];
    const pages = () => vectors().from('docs-b').index('pages');

    beforeAll(async () => {
      const put = await pages().putVectors({ vectors: points });
      expect(put.error).toBeNull();
    });

    it('gets vectors by key, with data and metadata on request', async () => {
      const { data } = await pages().getVectors({ keys: ['near', 'missing', 'origin'], returnData: true, returnMetadata: true });
      expect(data?.vectors).toEqual([
        { key: 'near', data: { float32: [1, 0, 0, 0] }, metadata: { kind: 'point', year: 2024, tags: ['c'] } },
        { key: 'origin', data: { float32: [0, 0, 0, 0] }, metadata: { kind: 'point', year: 2020, tags: ['a', 'b'] } },
      ]);
      const { data: bare } = await pages().getVectors({ keys: ['near'] });
      expect(bare?.vectors).toEqual([{ key: 'near' }]);
    });

    it('queries by euclidean distance with topK, distances and metadata', async () => {
      const { data } = await pages().queryVectors({
        queryVector: { float32: [0, 0, 0, 0] },
        topK: 3,
        returnDistance: true,
        returnMetadata: true,
      });
      expect(data?.distanceMetric).toBe('euclidean');
      expect(data?.vectors.map((v) => [v.key, v.distance])).toEqual([
        ['origin', 0],
        ['near', 1],
        ['three-four', 5],
      ]);
      expect(data?.vectors[0]?.metadata).toEqual({ kind: 'point', year: 2020, tags: ['a', 'b'] });
      const { data: plain } = await pages().queryVectors({ queryVector: { float32: [0, 0, 0, 0] }, topK: 1 });
      expect(plain?.vectors).toEqual([{ key: 'origin' }]);
    });

    it('queries by cosine distance', async () => {
      const titles = vectors().from('docs-a');
      await titles.createIndex({ indexName: 'cosine', dataType: 'float32', dimension: 2, distanceMetric: 'cosine' });
      await titles.index('cosine').putVectors({
        vectors: [
          { key: 'east', data: { float32: [1, 0] } },
          { key: 'north', data: { float32: [0, 5] } },
          { key: 'west', data: { float32: [-2, 0] } },
        ],
      });
      const { data } = await titles.index('cosine').queryVectors({ queryVector: { float32: [3, 0] }, topK: 3, returnDistance: true });
      expect(data?.vectors.map((v) => v.key)).toEqual(['east', 'north', 'west']);
      expect(data?.vectors.map((v) => Number(v.distance!.toFixed(6)))).toEqual([0, 1, 2]);
      const zero = await op('QueryVectors', {
        vectorBucketName: 'docs-a',
        indexName: 'cosine',
        queryVector: { float32: [0, 0] },
        topK: 1,
      });
      expect(zero.body?.message).toMatch(/cosine distance is undefined for a zero vector/);
      await titles.deleteIndex('cosine');
    });

    const keysFor = async (filter: Record<string, unknown>) => {
      const { data, error } = await pages().queryVectors({ queryVector: { float32: [0, 0, 0, 0] }, topK: 10, filter });
      expect(error).toBeNull();
      return data!.vectors.map((v) => v.key).sort();
    };

    it('filters with $eq (type-aware, arrays contain), $ne, $gt/$gte/$lt/$lte, $in, $nin, $exists', async () => {
      expect(await keysFor({ kind: 'outlier' })).toEqual(['far']);
      expect(await keysFor({ year: 2020 })).toEqual(['origin']);
      expect(await keysFor({ year: '2020' })).toEqual(['far']);
      expect(await keysFor({ tags: { $eq: 'b' } })).toEqual(['origin']);
      expect(await keysFor({ kind: { $ne: 'point' } })).toEqual(['far']);
      expect(await keysFor({ flag: { $ne: true } })).toEqual(['near', 'origin', 'three-four']);
      expect(await keysFor({ year: { $gt: 2020 } })).toEqual(['near', 'three-four']);
      expect(await keysFor({ year: { $gte: 2021, $lt: 2024 } })).toEqual(['three-four']);
      expect(await keysFor({ year: { $lte: 2020 } })).toEqual(['origin']);
      expect(await keysFor({ year: { $in: [2020, 2024] } })).toEqual(['near', 'origin']);
      expect(await keysFor({ tags: { $in: ['c', 'z'] } })).toEqual(['near']);
      expect(await keysFor({ year: { $nin: [2020, 2024] } })).toEqual(['far', 'three-four']);
      expect(await keysFor({ tags: { $exists: true } })).toEqual(['near', 'origin']);
      expect(await keysFor({ tags: { $exists: false } })).toEqual(['far', 'three-four']);
    });

    it('combines conditions with $and, $or and nesting', async () => {
      expect(await keysFor({ kind: 'point', year: { $gte: 2021 } })).toEqual(['near', 'three-four']);
      expect(await keysFor({ $and: [{ kind: 'point' }, { tags: { $exists: true } }] })).toEqual(['near', 'origin']);
      expect(await keysFor({ $or: [{ kind: 'outlier' }, { year: 2024 }] })).toEqual(['far', 'near']);
      expect(
        await keysFor({ $or: [{ $and: [{ kind: 'point' }, { year: { $lt: 2021 } }] }, { flag: true }] }),
      ).toEqual(['far', 'origin']);
    });

    it('rejects malformed filters and non-filterable keys with a 400 that says why', async () => {
      const query = (filter: unknown) =>
        op('QueryVectors', { vectorBucketName: 'docs-b', indexName: 'pages', queryVector: { float32: [0, 0, 0, 0] }, topK: 1, filter });
      const cases: [unknown, RegExp][] = [
        [{ year: { $regex: '20' } }, /unknown operator \$regex/],
        [{ year: { $gt: '2020' } }, /\$gt needs a finite number/],
        [{ year: { $in: [] } }, /\$in needs a non-empty array/],
        [{ $and: [] }, /\$and needs a non-empty array/],
        [{ $or: [{ kind: 'point' }], kind: 'x' }, /must be the only key/],
        [{ $not: { kind: 'point' } }, /\$not is not allowed/],
        [{ tags: { $exists: 'yes' } }, /\$exists needs true or false/],
        [{ body: 'long text' }, /"body" is a non-filterable metadata key/],
        [{ kind: { a: 1 } }, /unknown operator a/],
        [{}, /at least one condition/],
      ];
      for (const [filter, message] of cases) {
        const response = await query(filter);
        expect(response.status).toBe(400);
        expect(response.body?.message).toMatch(message);
      }
    });

    it('lists vectors in pages and in disjoint segments', async () => {
      const first = await pages().listVectors({ maxResults: 3, returnMetadata: true });
      expect(first.data?.vectors.map((v) => v.key)).toEqual(['far', 'near', 'origin']);
      expect(first.data?.vectors[0]?.metadata).toMatchObject({ kind: 'outlier' });
      const rest = await pages().listVectors({ maxResults: 3, nextToken: first.data!.nextToken! });
      expect(rest.data?.vectors).toEqual([{ key: 'three-four' }]);
      expect(rest.data?.nextToken).toBeUndefined();

      const segments = await Promise.all(
        [0, 1, 2].map((segmentIndex) => pages().listVectors({ segmentCount: 3, segmentIndex })),
      );
      const keys = segments.flatMap((s) => s.data!.vectors.map((v) => v.key));
      expect(keys.sort()).toEqual(['far', 'near', 'origin', 'three-four']);
      const withData = await pages().listVectors({ maxResults: 1, returnData: true });
      expect(withData.data?.vectors[0]?.data?.float32).toEqual([10, 10, 10, 10]);
    });

    it('replaces vectors put again under the same key and deletes by key', async () => {
      await pages().putVectors({ vectors: [{ key: 'near', data: { float32: [2, 0, 0, 0] }, metadata: { kind: 'moved' } }] });
      const { data } = await pages().getVectors({ keys: ['near'], returnData: true, returnMetadata: true });
      expect(data?.vectors).toEqual([{ key: 'near', data: { float32: [2, 0, 0, 0] }, metadata: { kind: 'moved' } }]);
      expect((await pages().deleteVectors({ keys: ['near', 'not-there'] })).error).toBeNull();
      expect((await pages().getVectors({ keys: ['near'] })).data?.vectors).toEqual([]);
    });

    it('enforces the request limits', async () => {
      const ref = { vectorBucketName: 'docs-b', indexName: 'pages' };
      const many = (n: number) => Array.from({ length: n }, (_, i) => ({ key: `k${i}`, data: { float32: [i, 1, 0, 0] } }));
      expect((await op('PutVectors', { ...ref, vectors: many(501) })).body?.message).toMatch(/between 1 and 500/);
      expect((await op('PutVectors', { ...ref, vectors: [] })).status).toBe(400);
      const dup = await op('PutVectors', { ...ref, vectors: [many(1)[0], many(1)[0]] });
      expect(dup.body?.message).toMatch(/duplicate keys/);
      const wrongDimension = await op('PutVectors', { ...ref, vectors: [{ key: 'x', data: { float32: [1, 2] } }] });
      expect(wrongDimension.body?.message).toMatch(/has 2 dimensions but index "pages" has 4/);
      const badMetadata = await op('PutVectors', { ...ref, vectors: [{ key: 'x', data: { float32: [1, 2, 3, 4] }, metadata: { a: { b: 1 } } }] });
      expect(badMetadata.status).toBe(400);
      const longKey = await op('PutVectors', { ...ref, vectors: [{ key: 'k'.repeat(1025), data: { float32: [1, 2, 3, 4] } }] });
      expect(longKey.body?.message).toMatch(/1-1024 characters/);
      expect((await op('GetVectors', { ...ref, keys: many(101).map((v) => v.key) })).body?.message).toMatch(/between 1 and 100/);
      expect((await op('DeleteVectors', { ...ref, keys: many(501).map((v) => v.key) })).status).toBe(400);
      const query = { ...ref, queryVector: { float32: [0, 0, 0, 0] } };
      expect((await op('QueryVectors', { ...query, topK: 0 })).body?.message).toMatch(/between 1 and 100/);
      expect((await op('QueryVectors', { ...query, topK: 101 })).body?.message).toMatch(/between 1 and 100/);
      expect((await op('QueryVectors', { ...query })).body?.message).toMatch(/topK is required/);
      expect((await op('QueryVectors', { ...query, topK: 1, queryVector: { float32: [1] } })).body?.message).toMatch(
        /queryVector has 1 dimensions/,
      );
      expect((await op('ListVectors', { ...ref, maxResults: 1001 })).status).toBe(400);
      expect((await op('ListVectors', { ...ref, segmentCount: 17, segmentIndex: 0 })).status).toBe(400);
      expect((await op('ListVectors', { ...ref, segmentCount: 2 })).body?.message).toMatch(/provided together/);
      expect((await op('ListVectors', { ...ref, segmentCount: 2, segmentIndex: 2 })).body?.message).toMatch(/less than segmentCount/);
      const missingIndex = await op('GetVectors', { vectorBucketName: 'docs-b', indexName: 'absent', keys: ['a'] });
      expect(missingIndex).toMatchObject({ status: 404, body: { code: 'NotFoundException' } });
    });
  });

  it('logged no unexpected failure along the way', () => {
    expect(emulator.output.filter((line) => /^vectors: |Unexpected failure|request failed/.test(line))).toEqual([]);
  });
});
