// Hidden rows for a storage read: the rows of storage.objects (or storage.buckets) the recorded
// request reached for — its bucket and prefix, or the object it named — counted as the service
// role and as the caller (the same claims, set as storage sets them), in one read-only
// transaction each. The difference is what row level security hid from the caller.
import type { Database } from '../db/database.js';
import type { RequestEntry } from '../observability/request-log.js';
import { VerdictError, type HiddenRows } from './rls-verdict.js';

export interface StorageScope {
  table: 'objects' | 'buckets';
  /** SQL condition on the table's rows, its parameters from $1. */
  where: string;
  params: unknown[];
  /** What was counted, in words. */
  description: string;
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

function bodyOf(entry: RequestEntry): Record<string, unknown> {
  try {
    const parsed = JSON.parse(entry.requestBody.text ?? '{}') as unknown;
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** What a recorded storage read reached for, from its path and body. */
export function storageScope(entry: RequestEntry): StorageScope {
  const segments = entry.path.slice('/storage/v1/'.length).split('/').map(decodeURIComponent);
  const [first, second, ...rest] = segments;
  if (first === 'bucket') {
    return second
      ? { table: 'buckets', where: 'id = $1', params: [second], description: `the bucket ${second}` }
      : { table: 'buckets', where: 'true', params: [], description: 'every bucket' };
  }
  if (first !== 'object' || !second) throw new VerdictError('Hidden rows are counted for storage reads of buckets and objects.');
  if (second === 'list' || second === 'list-v2') {
    const bucket = rest[0];
    if (!bucket) throw new VerdictError('The listing names no bucket.');
    const body = bodyOf(entry);
    let prefix = text(body.prefix);
    // storage-api's list treats the prefix as a folder and matches the search case-insensitively.
    if (second === 'list') {
      if (prefix && !prefix.endsWith('/')) prefix += '/';
      prefix += text(body.search);
    }
    return {
      table: 'objects',
      where: second === 'list' ? `bucket_id = $1 and lower(name) like lower($2) escape '\\'` : `bucket_id = $1 and name like $2 escape '\\'`,
      params: [bucket, `${escapeLike(prefix)}%`],
      description: prefix ? `objects of ${bucket} under ${prefix}` : `objects of ${bucket}`,
    };
  }
  // /object/<bucket>/<name>, or /object/{public,authenticated,info,sign}/<bucket>/<name>.
  const routed = ['public', 'authenticated', 'info', 'sign'].includes(second);
  const bucket = routed ? rest[0] : second;
  const name = (routed ? rest.slice(1) : rest).join('/');
  if (bucket && !name && second === 'sign') {
    const paths = Array.isArray(bodyOf(entry).paths) ? (bodyOf(entry).paths as unknown[]).filter((p): p is string => typeof p === 'string') : [];
    return { table: 'objects', where: 'bucket_id = $1 and name = any($2::text[])', params: [bucket, paths], description: `the ${paths.length} objects signed in ${bucket}` };
  }
  if (!bucket || !name) throw new VerdictError('The request names no object.');
  return { table: 'objects', where: 'bucket_id = $1 and name = $2', params: [bucket, name], description: `the object ${name} in ${bucket}` };
}

async function countAs(db: Database, claims: Record<string, unknown>, scope: StorageScope): Promise<number> {
  const { rows } = await db.withClaims({ claims }, async (tx) => {
    await tx.query('set transaction read only');
    return tx.query<{ n: number }>(`select count(*)::int as n from storage.${scope.table} where ${scope.where}`, scope.params);
  });
  return rows[0]?.n ?? 0;
}

export async function countHiddenStorageRows(db: Database, entry: RequestEntry): Promise<HiddenRows> {
  const scope = storageScope(entry);
  const total = await countAs(db, { role: 'service_role' }, scope);
  const visible = await countAs(db, entry.claims ?? { role: 'anon' }, scope);
  return { total, visible, hidden: Math.max(0, total - visible), scope: scope.description };
}
