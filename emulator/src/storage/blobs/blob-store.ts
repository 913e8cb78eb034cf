// Where object bytes live: files under the data directory (default) or a bytea table in the
// database. Either way an upload is first streamed into a temp file in
// `<dataDir>/storage-tmp/` while its size and MD5 (the ETag) are computed, so a failed or
// aborted upload only ever leaves a temp file, which is removed; `place` then makes the bytes
// reachable under a fresh version inside the transaction that writes the row.
import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream, mkdirSync, rmSync } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Queryable } from '../../db/database.js';
import { storageErrors } from '../errors.js';

export interface StagedBlob {
  tempPath: string;
  size: number;
  /** Quoted MD5 hex, as S3 and storage-api send it. */
  eTag: string;
}

export interface BlobLocation {
  bucket: string;
  key: string;
  version: string;
}

export interface ByteRange {
  start: number;
  end: number;
}

export interface BlobStore {
  readonly kind: 'file' | 'database';
  /** Streams a body into a temp file; past `limit` bytes the rest is drained and EntityTooLarge thrown. */
  stage(source: Readable, limit: number): Promise<StagedBlob>;
  /** A staged copy of stored bytes (copy reads the source before its transaction); NoSuchKey when gone. */
  stageCopy(from: BlobLocation): Promise<StagedBlob>;
  /** Makes staged bytes the content of `location`, inside the transaction `tx` that writes the row. */
  place(staged: StagedBlob, location: BlobLocation, tx: Queryable): Promise<void>;
  /** Gives existing bytes a second location (move), inside `tx`. */
  linkTo(from: BlobLocation, to: BlobLocation, tx: Queryable): Promise<void>;
  discard(staged: StagedBlob): Promise<void>;
  /** After a commit: forgets bytes no object refers to any more. */
  remove(location: BlobLocation): Promise<void>;
  removeBucket(bucket: string): Promise<void>;
  /** Size of the stored bytes, or null when they are missing. */
  sizeOf(location: BlobLocation): Promise<number | null>;
  open(location: BlobLocation, range?: ByteRange): Promise<Readable>;
  /** For log lines. */
  describe(location: BlobLocation): string;
}

export function newVersion(): string {
  return randomUUID();
}

/** Thrown inside `stage` when the body is larger than the limit (after the body was read to its end). */
class TooLarge extends Error {}

/** The temp-file half every blob store shares. */
export class TempStaging {
  constructor(readonly dir: string) {
    // Uploads are staged in the data directory whichever store keeps the bytes. Built once at
    // start, when no upload is in flight: whatever is there was left by a process that was
    // killed mid-upload (never visible as an object), so it goes.
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
  }

  async newPath(): Promise<string> {
    await mkdir(this.dir, { recursive: true });
    return path.join(this.dir, randomUUID());
  }

  async stage(source: Readable, limit: number): Promise<StagedBlob> {
    const tempPath = await this.newPath();
    const hash = createHash('md5');
    let size = 0;
    let overLimit = false;
    const meter = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        size += chunk.length;
        if (size > limit) overLimit = true;
        if (overLimit) return done();
        hash.update(chunk);
        done(null, chunk);
      },
    });
    try {
      await pipeline(source, meter, createWriteStream(tempPath));
      if (overLimit) throw new TooLarge();
    } catch (error) {
      await rm(tempPath, { force: true });
      if (error instanceof TooLarge) throw storageErrors.entityTooLarge();
      throw error;
    }
    return { tempPath, size, eTag: `"${hash.digest('hex')}"` };
  }

  async discard(staged: StagedBlob): Promise<void> {
    await rm(staged.tempPath, { force: true });
  }
}
