import type { RequestEntry } from '../observability/request-log.js';
import { VerdictError } from './rls-verdict.js';
import { storageScope } from './storage-hidden-rows.js';

function entry(method: string, path: string, body: unknown = null): RequestEntry {
  return {
    id: 1,
    time: '2025-01-01T00:00:00.000Z',
    service: 'storage',
    method,
    path,
    query: '',
    role: 'authenticated',
    user: null,
    email: null,
    status: 200,
    durationMs: 1,
    rows: null,
    requestHeaders: {},
    requestBody: { text: body === null ? null : JSON.stringify(body), note: null },
    responseHeaders: {},
    responseBody: { text: null, note: null },
    claims: { role: 'authenticated' },
    rawQuery: '',
  };
}

describe('storageScope', () => {
  it('reads a list prefix as a folder, with its search, case-insensitively as storage lists', () => {
    const scope = storageScope(entry('POST', '/storage/v1/object/list/papers', { prefix: 'sam', search: 'Pl%an' }));
    expect(scope).toEqual({
      table: 'objects',
      where: `bucket_id = $1 and lower(name) like lower($2) escape '\\'`,
      params: ['papers', 'sam/Pl\\%an%'],
      description: 'objects of papers under sam/Pl%an',
    });
  });

  it('takes a list-v2 prefix as it is', () => {
    const scope = storageScope(entry('POST', '/storage/v1/object/list-v2/papers', { prefix: 'sam/pl' }));
    expect(scope.where).toBe(`bucket_id = $1 and name like $2 escape '\\'`);
    expect(scope.params).toEqual(['papers', 'sam/pl%']);
  });

  it('names one object for downloads, info and signing, decoding the path', () => {
    for (const path of ['/storage/v1/object/papers/a%20b/c.txt', '/storage/v1/object/authenticated/papers/a%20b/c.txt', '/storage/v1/object/info/papers/a%20b/c.txt', '/storage/v1/object/sign/papers/a%20b/c.txt']) {
      expect(storageScope(entry('GET', path))).toMatchObject({ table: 'objects', where: 'bucket_id = $1 and name = $2', params: ['papers', 'a b/c.txt'] });
    }
  });

  it('counts the signed paths of a batch, and buckets for the bucket list', () => {
    expect(storageScope(entry('POST', '/storage/v1/object/sign/papers', { paths: ['a.txt', 'b.txt', 3] })).params).toEqual(['papers', ['a.txt', 'b.txt']]);
    expect(storageScope(entry('GET', '/storage/v1/bucket'))).toMatchObject({ table: 'buckets', where: 'true', params: [] });
    expect(storageScope(entry('GET', '/storage/v1/bucket/papers'))).toMatchObject({ table: 'buckets', where: 'id = $1', params: ['papers'] });
  });

  it('says why when the request names nothing to count', () => {
    expect(() => storageScope(entry('POST', '/storage/v1/object/list/'))).toThrow(VerdictError);
    expect(() => storageScope(entry('POST', '/storage/v1/object/move'))).toThrow('The request names no object.');
  });
});
