// Object bytes on disk: `<dataDir>/storage/<bucket>/<key>/<version>` (each key is a folder of
// versions, as storage-api's file backend lays it out, so keys `a` and `a/b` can coexist).
// Bytes are streamed into `<dataDir>/storage-tmp/` first (same filesystem, so the final move
// is an atomic rename) while their size and MD5 (the ETag) are computed; a failed or aborted
// upload only ever leaves a temp file, which is removed.
import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream, mkdirSync } from 'node:fs';
import { copyFile, link, mkdir, rename, rm, rmdir, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { storageErrors } from './errors.js';

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

export function newVersion(): string {
  return randomUUID();
}

/** Thrown by `stage` when the body is larger than the limit (after the body was read to its end). */
class TooLarge extends Error {}

export class BlobStore {
  readonly root: string;
  private readonly tempDir: string;

  constructor(dataDir: string) {
    this.root = path.join(dataDir, 'storage');
    this.tempDir = path.join(dataDir, 'storage-tmp');
    // Bytes live in the data directory even when the rows are in a real PostgreSQL server.
    mkdirSync(this.root, { recursive: true });
  }

  pathOf(location: BlobLocation): string {
    // Names were validated (no `..`, no empty segments), so this stays under the bucket folder.
    return path.join(this.root, location.bucket, ...location.key.split('/'), location.version);
  }

  /**
   * Streams `source` into a temp file. Past `limit` bytes the rest is read and dropped (so the
   * client gets an answer rather than a reset connection) and EntityTooLarge is thrown.
   */
  async stage(source: Readable, limit: number): Promise<StagedBlob> {
    await mkdir(this.tempDir, { recursive: true });
    const tempPath = path.join(this.tempDir, randomUUID());
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

  /** A staged copy of a stored blob (for copy: the source may change or vanish meanwhile). */
  async stageCopy(from: BlobLocation): Promise<StagedBlob> {
    await mkdir(this.tempDir, { recursive: true });
    const tempPath = path.join(this.tempDir, randomUUID());
    try {
      await copyFile(this.pathOf(from), tempPath);
      const { size } = await stat(tempPath);
      return { tempPath, size, eTag: '' };
    } catch (error) {
      await rm(tempPath, { force: true });
      throw error;
    }
  }

  /** Moves a staged blob to its final place (atomic rename). */
  async place(staged: StagedBlob, location: BlobLocation): Promise<void> {
    const target = this.pathOf(location);
    // A concurrent removal may prune the folder between mkdir and rename: retry once.
    for (let attempt = 0; ; attempt += 1) {
      await mkdir(path.dirname(target), { recursive: true });
      try {
        await rename(staged.tempPath, target);
        return;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || attempt > 0) throw error;
      }
    }
  }

  /** A second name for a stored blob (move keeps the bytes, only the key changes). */
  async linkTo(from: BlobLocation, to: BlobLocation): Promise<void> {
    const target = this.pathOf(to);
    await mkdir(path.dirname(target), { recursive: true });
    await link(this.pathOf(from), target);
  }

  async discard(staged: StagedBlob): Promise<void> {
    await rm(staged.tempPath, { force: true });
  }

  /** Removes one version and prunes the folders it leaves empty (never the bucket folder itself). */
  async remove(location: BlobLocation): Promise<void> {
    const file = this.pathOf(location);
    await unlink(file).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error;
    });
    const bucketDir = path.join(this.root, location.bucket);
    for (let dir = path.dirname(file); dir.startsWith(bucketDir + path.sep); dir = path.dirname(dir)) {
      try {
        await rmdir(dir);
      } catch {
        return; // not empty (or already gone): stop pruning
      }
    }
  }

  async removeBucket(bucket: string): Promise<void> {
    await rm(path.join(this.root, bucket), { recursive: true, force: true });
  }

  /** Size of a stored blob, or null when the file is missing. */
  async sizeOf(location: BlobLocation): Promise<number | null> {
    try {
      return (await stat(this.pathOf(location))).size;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  open(location: BlobLocation, range?: { start: number; end: number }): Readable {
    return createReadStream(this.pathOf(location), range ? { start: range.start, end: range.end } : {});
  }
}
