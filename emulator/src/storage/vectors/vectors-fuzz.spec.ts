// Hostile input over the vector bucket operations through HTTP: bucket, index and vector
// bodies with wrong types, NUL and control characters, huge and non-finite numbers, nested
// filters, odd headers and operation paths. Every answer must be a vector-shaped refusal or a
// success — never a 5xx — and vector buckets keep serving afterwards.
import { ANON_KEY, SERVICE_ROLE_KEY, startTestEmulator, type TestEmulator } from '../../../test/harness.js';
import { fuzzRequests, send, type FuzzRequest } from '../../../test/http-fuzz.js';

const CASES = 2000;
const V = '/storage/v1/vector';
const DIMENSION = 4;

describe('vector bucket operations on hostile input', () => {
  jest.setTimeout(300_000);
  let emulator: TestEmulator;
  const auth = { apikey: SERVICE_ROLE_KEY, authorization: `Bearer ${SERVICE_ROLE_KEY}` };

  beforeAll(async () => {
    emulator = await startTestEmulator();
    const vectors = emulator.admin().storage.vectors;
    expect((await vectors.createBucket('fuzz-vectors')).error).toBeNull();
    const bucket = vectors.from('fuzz-vectors');
    expect(
      (await bucket.createIndex({ indexName: 'docs', dataType: 'float32', dimension: DIMENSION, distanceMetric: 'cosine' })).error,
    ).toBeNull();
    expect(
      (
        await bucket.index('docs').putVectors({
          vectors: [
            { key: 'a', data: { float32: [1, 0, 0, 0] }, metadata: { group: 1, lang: 'en', tags: ['x', 'y'] } },
            { key: 'b', data: { float32: [0, 1, 0, 0] }, metadata: { group: 2, lang: 'fr' } },
          ],
        })
      ).error,
    ).toBeNull();
  }, 150_000);

  afterAll(() => emulator?.stop(), 60_000);

  function templates(): FuzzRequest[] {
    const op = (name: string, value: unknown, headers: Record<string, string> = auth): FuzzRequest => ({
      method: 'POST',
      path: `${V}/${name}`,
      headers,
      body: { kind: 'json', value },
    });
    const ref = { vectorBucketName: 'fuzz-vectors', indexName: 'docs' };
    return [
      op('CreateVectorBucket', { vectorBucketName: 'made-here' }),
      op('GetVectorBucket', { vectorBucketName: 'fuzz-vectors' }),
      op('ListVectorBuckets', { prefix: 'fuzz', maxResults: 10, nextToken: '' }),
      op('DeleteVectorBucket', { vectorBucketName: 'not-there' }),
      op('CreateIndex', {
        vectorBucketName: 'fuzz-vectors',
        indexName: 'more',
        dataType: 'float32',
        dimension: 3,
        distanceMetric: 'euclidean',
        metadataConfiguration: { nonFilterableMetadataKeys: ['body'] },
      }),
      op('GetIndex', ref),
      op('ListIndexes', { vectorBucketName: 'fuzz-vectors', prefix: 'd', maxResults: 5 }),
      op('DeleteIndex', { vectorBucketName: 'fuzz-vectors', indexName: 'not-there' }),
      op('PutVectors', {
        ...ref,
        vectors: [{ key: 'c', data: { float32: [0, 0, 1, 0] }, metadata: { group: 3, lang: 'en', note: 'n' } }],
      }),
      op('GetVectors', { ...ref, keys: ['a', 'b', 'none'], returnData: true, returnMetadata: true }),
      op('ListVectors', { ...ref, maxResults: 10, nextToken: '', returnData: true, returnMetadata: true, segmentCount: 2, segmentIndex: 1 }),
      op('QueryVectors', {
        ...ref,
        queryVector: { float32: [1, 1, 0, 0] },
        topK: 3,
        filter: { $and: [{ group: { $lt: 3 } }, { lang: { $in: ['en', 'fr'] } }, { tags: { $exists: true } }] },
        returnDistance: true,
        returnMetadata: true,
      }),
      op('DeleteVectors', { ...ref, keys: ['none', 'c'] }),
      op('QueryVectors', { ...ref, queryVector: { float32: [0, 1, 0, 0] }, topK: 1 }, { apikey: ANON_KEY, authorization: `Bearer ${ANON_KEY}` }),
    ];
  }

  it('refuses a NUL character in a listing prefix with 400 InvalidRequest', async () => {
    for (const [operation, value] of [
      ['ListVectorBuckets', { prefix: 'a\u0000' }],
      ['ListIndexes', { vectorBucketName: 'fuzz-vectors', prefix: '\u0000' }],
    ] as const) {
      const answer = await send(emulator.apiUrl, { method: 'POST', path: `${V}/${operation}`, headers: auth, body: { kind: 'json', value } });
      expect({ operation, status: answer.status }).toEqual({ operation, status: 400 });
      expect(JSON.parse(answer.body)).toMatchObject({ statusCode: '400', code: 'InvalidRequest', message: expect.stringMatching(/NUL/) });
    }
  });

  it(`answers ${CASES} mutated vector requests without a 5xx`, async () => {
    const failures = await fuzzRequests(emulator.apiUrl, {
      seed: 20261202,
      cases: CASES,
      templates: templates(),
      headerNames: ['content-type', 'authorization', 'apikey', 'accept'],
      label: 'vectors',
    });
    expect(failures).toEqual([]);
    const answer = await send(emulator.apiUrl, {
      method: 'POST',
      path: `${V}/GetVectors`,
      headers: auth,
      body: { kind: 'json', value: { vectorBucketName: 'fuzz-vectors', indexName: 'docs', keys: ['a'] } },
    });
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({ vectors: [{ key: 'a' }] });
  });
});
