// Object bytes in the database (`storage.object_blobs`, one bytea per object version), for
// setups that keep everything in one PostgreSQL. The bytes are written inside the caller's
// transaction through `storage.put_object_blob` (security definer: it only fills a version the
// transaction's own object row carries), so they commit or roll back with the row; reads run on
// storage's own authority. Bytes no object refers to any more are deleted after each commit.
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { Database, Queryable } from '../../db/database.js';
import type { BlobLocation, BlobStore, ByteRange, StagedBlob } from './blob-store.js';
import { TempStaging } from './blob-store.js';
import { SERVICE_CLAIMS } from '../caller.js';
import { storageErrors } from '../errors.js';

export class DatabaseBlobStore implements BlobStore {
  readonly kind = 'database' as const;
  private readonly staging: TempStaging;

  constructor(
    private readonly db: Database,
    dataDir: string,
  ) {
    this.staging = new TempStaging(path.join(dataDir, 'storage-tmp'));
  }

  private asStorage<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
    return this.db.withClaims({ claims: SERVICE_CLAIMS }, fn);
  }

  describe(location: BlobLocation): string {
    return `storage.object_blobs version ${location.version} (${location.bucket}/${location.key})`;
  }

  stage(source: Readable, limit: number): Promise<StagedBlob> {
    return this.staging.stage(source, limit);
  }

  async stageCopy(from: BlobLocation): Promise<StagedBlob> {
    const bytes = await this.asStorage(async (tx) => {
      const { rows } = await tx.query<{ data: Uint8Array }>('select data from storage.object_blobs where version = $1', [
        from.version,
      ]);
      return rows[0]?.data ?? null;
    });
    if (!bytes) throw storageErrors.noSuchKey();
    const tempPath = await this.staging.newPath();
    await writeFile(tempPath, bytes);
    return { tempPath, size: bytes.byteLength, eTag: '' };
  }

  async place(staged: StagedBlob, location: BlobLocation, tx: Queryable): Promise<void> {
    const bytes = await readFile(staged.tempPath);
    await tx.query('select storage.put_object_blob($1, $2)', [location.version, bytes]);
    await rm(staged.tempPath, { force: true });
  }

  /** Bytes belong to a version, and a move keeps the version: nothing to do. */
  async linkTo(): Promise<void> {}

  discard(staged: StagedBlob): Promise<void> {
    return this.staging.discard(staged);
  }

  async remove(location: BlobLocation): Promise<void> {
    await this.asStorage((tx) =>
      tx.query(
        `delete from storage.object_blobs b where b.version = $1
           and not exists (select 1 from storage.objects o where o.version = $1)`,
        [location.version],
      ),
    );
  }

  /** A bucket can only be deleted empty, and each removal already took its bytes. */
  async removeBucket(): Promise<void> {}

  async sizeOf(location: BlobLocation): Promise<number | null> {
    const { rows } = await this.asStorage((tx) =>
      tx.query<{ size: number }>('select octet_length(data) as size from storage.object_blobs where version = $1', [
        location.version,
      ]),
    );
    return rows[0]?.size ?? null;
  }

  async open(location: BlobLocation, range?: ByteRange): Promise<Readable> {
    const { rows } = await this.asStorage((tx) =>
      range
        ? tx.query<{ data: Uint8Array }>(
            'select substring(data from $2 for $3) as data from storage.object_blobs where version = $1',
            [location.version, range.start + 1, range.end - range.start + 1],
          )
        : tx.query<{ data: Uint8Array }>('select data from storage.object_blobs where version = $1', [location.version]),
    );
    if (!rows[0]) throw storageErrors.noSuchKey();
    return Readable.from([Buffer.from(rows[0].data)]);
  }
}
