// Object bytes as files: `<dataDir>/storage/<bucket>/<key>/<version>` (each key is a folder of
// versions, as storage-api's file backend lays it out, so keys `a` and `a/b` can coexist).
// `place` is an atomic rename from the temp folder on the same filesystem; the new version's
// path is referenced by nobody until the row commits, and is removed if the commit fails.
import { createReadStream, mkdirSync } from 'node:fs';
import { copyFile, link, mkdir, rename, rm, rmdir, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { BlobLocation, BlobStore, ByteRange, StagedBlob } from './blob-store.js';
import { TempStaging } from './blob-store.js';
import { storageErrors } from '../errors.js';

export class FileBlobStore implements BlobStore {
  readonly kind = 'file' as const;
  readonly root: string;
  private readonly staging: TempStaging;

  constructor(dataDir: string) {
    this.root = path.join(dataDir, 'storage');
    this.staging = new TempStaging(path.join(dataDir, 'storage-tmp'));
    mkdirSync(this.root, { recursive: true });
  }

  pathOf(location: BlobLocation): string {
    // Names were validated (no `..`, no empty segments), so this stays under the bucket folder.
    return path.join(this.root, location.bucket, ...location.key.split('/'), location.version);
  }

  describe(location: BlobLocation): string {
    return this.pathOf(location);
  }

  stage(source: Readable, limit: number): Promise<StagedBlob> {
    return this.staging.stage(source, limit);
  }

  async stageCopy(from: BlobLocation): Promise<StagedBlob> {
    const tempPath = await this.staging.newPath();
    try {
      await copyFile(this.pathOf(from), tempPath);
      const { size } = await stat(tempPath);
      return { tempPath, size, eTag: '' };
    } catch (error) {
      await rm(tempPath, { force: true });
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw storageErrors.noSuchKey();
      throw error;
    }
  }

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

  async linkTo(from: BlobLocation, to: BlobLocation): Promise<void> {
    const target = this.pathOf(to);
    await mkdir(path.dirname(target), { recursive: true });
    try {
      await link(this.pathOf(from), target);
    } catch (error) {
      // A row without bytes (inserted by SQL) moves as it is.
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }

  discard(staged: StagedBlob): Promise<void> {
    return this.staging.discard(staged);
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

  async sizeOf(location: BlobLocation): Promise<number | null> {
    try {
      return (await stat(this.pathOf(location))).size;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async open(location: BlobLocation, range?: ByteRange): Promise<Readable> {
    return createReadStream(this.pathOf(location), range ? { start: range.start, end: range.end } : {});
  }
}
