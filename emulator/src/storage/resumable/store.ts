// Where resumable (TUS) uploads wait until their last byte: `<dataDir>/storage-resumable/`,
// one file of bytes per upload plus a JSON record (its length, metadata, creation time, and who
// may continue it). Bytes are appended straight to disk as each PATCH streams in, so an upload
// survives a dropped connection or a killed emulator and resumes from the length on disk.
// Nothing here is an object: the upload becomes one only when the routes commit it. Uploads
// left unfinished are deleted once they are older than the expiry (at start and periodically);
// the start-up removal of `storage-tmp/` does not touch this folder.
import { createWriteStream, mkdirSync } from 'node:fs';
import { readFile, rm, stat, writeFile, rename } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { DataStore, ERRORS, Upload } from '@tus/server';
import { deleteExpiredUploads, resumableUploadsDir } from './expiry.js';
import { decodeUploadId, type UploadTargetId } from './upload-id.js';
import type { UploadBinding, UploadRecord } from './upload-record.js';

export class ResumableStore extends DataStore {
  readonly dir: string;
  /** Bindings decided by the create request, waiting for `create` to record them. */
  private readonly pendingBindings = new Map<string, UploadBinding>();
  /** Commits under way, by upload id: the last byte is in, the object not yet decided. */
  private readonly committing = new Map<string, Promise<void>>();

  constructor(
    dataDir: string,
    private readonly expiryMs: number,
  ) {
    super();
    this.dir = resumableUploadsDir(dataDir);
    mkdirSync(this.dir, { recursive: true });
    this.extensions = ['creation', 'creation-with-upload', 'termination', 'expiration'];
  }

  private paths(id: string): { bytes: string; record: string; target: UploadTargetId } {
    const target = decodeUploadId(id);
    if (!target) throw ERRORS.FILE_NOT_FOUND;
    return {
      bytes: path.join(this.dir, target.version),
      record: path.join(this.dir, `${target.version}.json`),
      target,
    };
  }

  private async readRecord(id: string): Promise<UploadRecord | null> {
    const { record, target } = this.paths(id);
    let parsed: UploadRecord;
    try {
      parsed = JSON.parse(await readFile(record, 'utf8')) as UploadRecord;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
    // The id names the object; a record made for another path under the same version is not this upload.
    return parsed.bucket === target.bucket && parsed.key === target.key ? parsed : null;
  }

  /** Records who created upload `id`; `create` stores it with the upload. */
  bind(id: string, binding: UploadBinding): void {
    this.pendingBindings.set(id, binding);
  }

  async bindingOf(id: string): Promise<UploadBinding | null> {
    if (!decodeUploadId(id)) return null;
    return (await this.readRecord(id))?.binding ?? null;
  }

  /** The file holding the bytes received so far. */
  bytesPath(id: string): string {
    return this.paths(id).bytes;
  }

  override async create(upload: Upload): Promise<Upload> {
    const { bytes, record, target } = this.paths(upload.id);
    const binding = this.pendingBindings.get(upload.id);
    this.pendingBindings.delete(upload.id);
    if (!binding)
      throw new Error(`resumable upload ${upload.id} was created without an authorised binding`);
    const stored: UploadRecord = {
      bucket: target.bucket,
      key: target.key,
      size: upload.size ?? null,
      metadata: upload.metadata ?? {},
      creationDate: new Date().toISOString(),
      binding,
    };
    // Record first (written whole, then renamed), bytes second: a crash between the two leaves a
    // record whose bytes are missing (410, removed at expiry), never bytes nobody knows.
    await writeFile(`${record}.tmp`, JSON.stringify(stored));
    await rename(`${record}.tmp`, record);
    await writeFile(bytes, '');
    upload.creation_date = stored.creationDate;
    upload.storage = { type: 'file', path: bytes };
    return upload;
  }

  /**
   * Records the commit of upload `id`. @tus/server runs it after the PATCH (or POST) that brought
   * the last byte has released the upload's lock, and a HEAD in between read an offset equal to
   * the length: tus-js-client, resuming, took that as done and reported success for an object
   * the commit then refused. Reads of the upload wait for the commit instead.
   */
  trackCommit(id: string, commit: Promise<unknown>): void {
    const settled = commit.then(
      () => undefined,
      () => undefined,
    );
    this.committing.set(id, settled);
    void settled.then(() => {
      if (this.committing.get(id) === settled) this.committing.delete(id);
    });
  }

  override async getUpload(id: string): Promise<Upload> {
    const upload = await this.readUpload(id);
    // Checked after the reads: a commit that began while they ran is waited for too.
    const commit = this.committing.get(id);
    if (!commit) return upload;
    await commit;
    return this.readUpload(id);
  }

  private async readUpload(id: string): Promise<Upload> {
    const record = await this.readRecord(id);
    if (!record) throw ERRORS.FILE_NOT_FOUND;
    const { bytes } = this.paths(id);
    let offset: number;
    try {
      offset = (await stat(bytes)).size;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw ERRORS.FILE_NO_LONGER_EXISTS;
      throw error;
    }
    return new Upload({
      id,
      offset,
      metadata: record.metadata,
      creation_date: record.creationDate,
      storage: { type: 'file', path: bytes },
      ...(record.size === null ? {} : { size: record.size }),
    });
  }

  /** Appends the body at `offset`; what arrived before a disconnect stays, so the client can resume. */
  override async write(readable: Readable, id: string, offset: number): Promise<number> {
    const { bytes } = this.paths(id);
    try {
      await pipeline(readable, createWriteStream(bytes, { flags: 'r+', start: offset }));
      // The handler checked that `offset` is the current length, so the length is the new offset.
      return (await stat(bytes)).size;
    } catch (error) {
      // The upload expired while this PATCH streamed in, and the sweep removed its file (the open
      // stream wrote into the unlinked file): it is gone, as a HEAD would now say, not a failure.
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw ERRORS.FILE_NO_LONGER_EXISTS;
      throw ERRORS.FILE_WRITE_ERROR;
    }
  }

  override async remove(id: string): Promise<void> {
    const { bytes, record } = this.paths(id);
    if (!(await this.readRecord(id))) throw ERRORS.FILE_NOT_FOUND;
    await this.forget(id, bytes, record);
  }

  /** Drops an upload's record and whatever bytes are still here (after a commit or a refusal). */
  async discard(id: string): Promise<void> {
    const { bytes, record } = this.paths(id);
    await this.forget(id, bytes, record);
  }

  private async forget(id: string, bytes: string, record: string): Promise<void> {
    this.pendingBindings.delete(id);
    await rm(record, { force: true });
    await rm(bytes, { force: true });
  }

  override getExpiration(): number {
    return this.expiryMs;
  }

  /** Deletes uploads older than the expiry, and stray files a crash left; returns how many uploads went. */
  override deleteExpired(): Promise<number> {
    return deleteExpiredUploads(this.dir, this.expiryMs);
  }
}
