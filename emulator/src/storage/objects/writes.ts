// Writes that touch both the row and the bytes, ordered so that nothing is left behind:
// bytes are staged in a temp file first; inside the caller's transaction the row is written
// (RLS decides) and the staged file is renamed to its own new version path (no one references
// that path until the row commits); if anything fails the transaction rolls back and the
// file is removed. Replaced versions are deleted only after the commit.
import type { Context } from 'hono';
import type { Queryable } from '../../db/database.js';
import type { GatewayEnv } from '../../http/gateway-env.js';
import { newVersion, type BlobLocation, type StagedBlob } from '../blobs/blob-store.js';
import { ownerColumns, type Caller } from '../caller.js';
import { storageErrors } from '../errors.js';
import { receiveUpload } from './incoming-upload.js';
import { effectiveSizeLimit, isMimeTypeAllowed } from '../buckets/limits.js';
import { validateObjectKey } from './names.js';
import {
  deleteAllObjects,
  deleteObjects,
  findBucket,
  findObject,
  insertObject,
  objectMetadata,
  renameObject,
  replaceObject,
  type BucketRow,
  type ObjectRow,
} from './rows.js';
import { asCaller, asService, type StorageRuntime } from '../runtime.js';

type StorageContext = Context<GatewayEnv>;

/** create: fail on an existing key; upsert: replace it (x-upsert); update: it must exist (PUT). */
export type WriteMode = 'create' | 'upsert' | 'update';

/** The bucket as storage itself sees it (for limits), whatever the caller may see. */
export async function requireBucket(rt: StorageRuntime, c: StorageContext, bucketId: string): Promise<BucketRow> {
  const bucket = await asService(rt, c, (tx) => findBucket(tx, bucketId));
  if (!bucket) throw storageErrors.noSuchBucket();
  return bucket;
}

async function removeQuietly(rt: StorageRuntime, location: BlobLocation): Promise<void> {
  await rt.blobs.remove(location).catch((error: Error) => {
    rt.context.log(`storage: could not remove ${rt.blobs.describe(location)}: ${error.message}`);
  });
}

export interface UploadTarget {
  bucketId: string;
  key: string;
  mode: WriteMode;
  /** Whose transaction the row is written in: the caller, or storage itself for signed uploads. */
  actingAs: Caller | 'service';
  /** Who owns the new object (the caller, or the owner recorded in a signed upload token). */
  owner: Pick<Caller, 'sub'> | null;
}

export async function storeUpload(rt: StorageRuntime, c: StorageContext, target: UploadTarget): Promise<ObjectRow> {
  const key = validateObjectKey(target.key);
  const bucket = await requireBucket(rt, c, target.bucketId);
  const upload = await receiveUpload(c.req.raw, rt.blobs, {
    sizeLimit: effectiveSizeLimit(bucket.file_size_limit, rt.globalSizeLimit),
    allowedMimeTypes: bucket.allowed_mime_types,
  });
  const metadata = objectMetadata({
    eTag: upload.staged.eTag,
    size: upload.staged.size,
    mimetype: upload.contentType,
    cacheControl: upload.cacheControl,
  });
  return commitBlob(rt, c, target, key, upload.staged, metadata, upload.userMetadata);
}

export interface StagedUpload {
  staged: StagedBlob;
  contentType: string;
  cacheControl: string;
  userMetadata: Record<string, unknown> | null;
}

/**
 * Commits bytes that were received elsewhere (a finished resumable upload): the bucket's limits
 * are checked again (they may have changed since the upload began), then the row is written as
 * the target says, exactly as a plain upload commits. The staged file is consumed either way.
 */
export async function storeStaged(
  rt: StorageRuntime,
  c: StorageContext,
  target: UploadTarget,
  upload: StagedUpload,
): Promise<ObjectRow> {
  try {
    const key = validateObjectKey(target.key);
    const bucket = await requireBucket(rt, c, target.bucketId);
    if (!isMimeTypeAllowed(upload.contentType, bucket.allowed_mime_types)) {
      throw storageErrors.invalidMimeType(upload.contentType);
    }
    if (upload.staged.size > effectiveSizeLimit(bucket.file_size_limit, rt.globalSizeLimit)) {
      throw storageErrors.entityTooLarge();
    }
    const metadata = objectMetadata({
      eTag: upload.staged.eTag,
      size: upload.staged.size,
      mimetype: upload.contentType,
      cacheControl: upload.cacheControl,
    });
    return await commitBlob(rt, c, target, key, upload.staged, metadata, upload.userMetadata);
  } catch (error) {
    await rt.blobs.discard(upload.staged);
    throw error;
  }
}

/** Thrown to roll back the permission probe. */
class ProbeDone extends Error {}

/**
 * storage-api's canUpload: tries the insert (an upsert with `upsert`) as the caller and rolls
 * it back, so INSERT (and UPDATE) policies, and an existing name, refuse before any byte is sent.
 */
export async function probeUpload(
  rt: StorageRuntime,
  c: StorageContext,
  caller: Caller,
  bucketId: string,
  key: string,
  upsert: boolean,
): Promise<void> {
  const { owner, ownerId } = ownerColumns(caller);
  try {
    await asCaller(
      rt,
      c,
      caller,
      async (tx) => {
        await insertObject(
          tx,
          {
            bucketId,
            name: key,
            owner,
            ownerId,
            version: newVersion(),
            metadata: objectMetadata({ eTag: '""', size: 0, mimetype: 'application/octet-stream', cacheControl: 'no-cache' }),
            userMetadata: null,
          },
          upsert,
        );
        throw new ProbeDone();
      },
      storageErrors.keyAlreadyExists,
    );
  } catch (error) {
    if (!(error instanceof ProbeDone)) throw error;
  }
}

async function commitBlob(
  rt: StorageRuntime,
  c: StorageContext,
  target: UploadTarget,
  key: string,
  staged: StagedBlob,
  metadata: ReturnType<typeof objectMetadata>,
  userMetadata: Record<string, unknown> | null,
): Promise<ObjectRow> {
  const version = newVersion();
  const location = { bucket: target.bucketId, key, version };
  const { owner, ownerId } = ownerColumns(target.owner);
  const write = { bucketId: target.bucketId, name: key, owner, ownerId, version, metadata, userMetadata };
  let placed = false;
  const work = async (tx: Queryable) => {
    const previous =
      target.mode === 'create' ? null : ((await findObject(tx, target.bucketId, key, { forUpdate: true }))?.version ?? null);
    let row: ObjectRow | null;
    if (target.mode === 'update') {
      row = await replaceObject(tx, write);
      if (!row) throw storageErrors.noSuchKey();
    } else {
      row = await insertObject(tx, write, target.mode === 'upsert');
    }
    await rt.blobs.place(staged, location, tx);
    placed = true;
    return { row, previous };
  };
  try {
    const { row, previous } =
      target.actingAs === 'service'
        ? await asService(rt, c, work, storageErrors.keyAlreadyExists)
        : await asCaller(rt, c, target.actingAs, work, storageErrors.keyAlreadyExists);
    if (previous && previous !== version) await removeQuietly(rt, { bucket: target.bucketId, key, version: previous });
    return row;
  } catch (error) {
    await rt.blobs.discard(staged);
    if (placed) await removeQuietly(rt, location);
    throw error;
  }
}

export interface Transfer {
  sourceBucket: string;
  sourceKey: string;
  destinationBucket: string;
  destinationKey: string;
}

/** Copy: SELECT on the source and INSERT (UPDATE too with upsert) on the destination, by RLS. */
export async function copyObject(
  rt: StorageRuntime,
  c: StorageContext,
  caller: Caller,
  transfer: Transfer,
  upsert: boolean,
): Promise<ObjectRow> {
  const sourceKey = validateObjectKey(transfer.sourceKey);
  const destinationKey = validateObjectKey(transfer.destinationKey);
  const destination = await requireBucket(rt, c, transfer.destinationBucket);
  const source = await asCaller(rt, c, caller, (tx) => findObject(tx, transfer.sourceBucket, sourceKey));
  if (!source?.version || !source.metadata) throw storageErrors.noSuchKey();
  if (!isMimeTypeAllowed(source.metadata.mimetype, destination.allowed_mime_types)) {
    throw storageErrors.invalidMimeType(source.metadata.mimetype);
  }
  if (source.metadata.size > effectiveSizeLimit(destination.file_size_limit, rt.globalSizeLimit)) {
    throw storageErrors.entityTooLarge();
  }
  const staged = await rt.blobs.stageCopy({ bucket: source.bucket_id, key: source.name, version: source.version });
  const metadata = objectMetadata({
    eTag: source.metadata.eTag,
    size: staged.size,
    mimetype: source.metadata.mimetype,
    cacheControl: source.metadata.cacheControl,
  });
  return commitBlob(
    rt,
    c,
    { bucketId: transfer.destinationBucket, key: destinationKey, mode: upsert ? 'upsert' : 'create', actingAs: caller, owner: caller },
    destinationKey,
    staged,
    metadata,
    source.user_metadata,
  );
}

/** Move: one UPDATE of bucket_id/name, so RLS checks UPDATE on the old and the new row. */
export async function moveObject(rt: StorageRuntime, c: StorageContext, caller: Caller, transfer: Transfer): Promise<void> {
  const sourceKey = validateObjectKey(transfer.sourceKey);
  const destinationKey = validateObjectKey(transfer.destinationKey);
  if (transfer.sourceBucket === transfer.destinationBucket && sourceKey === destinationKey) return;
  await requireBucket(rt, c, transfer.destinationBucket);
  const { owner, ownerId } = ownerColumns(caller);
  let linked: BlobLocation | null = null;
  let oldLocation: BlobLocation | null = null;
  try {
    await asCaller(
      rt,
      c,
      caller,
      async (tx) => {
        const moved = await renameObject(
          tx,
          { bucketId: transfer.sourceBucket, name: sourceKey },
          { bucketId: transfer.destinationBucket, name: destinationKey, owner, ownerId },
        );
        if (!moved) throw storageErrors.noSuchKey();
        if (moved.version) {
          oldLocation = { bucket: transfer.sourceBucket, key: sourceKey, version: moved.version };
          const target = { bucket: transfer.destinationBucket, key: destinationKey, version: moved.version };
          await rt.blobs.linkTo(oldLocation, target, tx);
          linked = target;
        }
      },
      storageErrors.keyAlreadyExists,
    );
  } catch (error) {
    if (linked) await removeQuietly(rt, linked);
    throw error;
  }
  if (oldLocation) await removeQuietly(rt, oldLocation);
}

async function removeFilesOf(rt: StorageRuntime, rows: ObjectRow[]): Promise<void> {
  for (const row of rows) {
    if (row.version) await removeQuietly(rt, { bucket: row.bucket_id, key: row.name, version: row.version });
  }
}

/** DELETE /object/{bucket} with `{prefixes}` (exact names, despite the field's name). */
export async function removeObjects(
  rt: StorageRuntime,
  c: StorageContext,
  caller: Caller,
  bucketId: string,
  names: string[],
): Promise<ObjectRow[]> {
  const removed = await asCaller(rt, c, caller, (tx) => deleteObjects(tx, bucketId, names));
  await removeFilesOf(rt, removed);
  return removed;
}

export async function emptyBucket(rt: StorageRuntime, c: StorageContext, caller: Caller, bucketId: string): Promise<void> {
  const removed = await asCaller(rt, c, caller, (tx) => deleteAllObjects(tx, bucketId));
  await removeFilesOf(rt, removed);
}
