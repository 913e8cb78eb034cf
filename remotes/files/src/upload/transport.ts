// How bytes reach storage. The queue only knows this interface, so a resumable transport (TUS,
// `/storage/v1/upload/resumable`) can take over large files without the queue changing.
import type { SupabaseClient } from '@supabase/supabase-js';
import { describeFailure } from '../failures.js';
import { isNameTaken } from './checks.js';

export interface UploadRequest {
  bucket: string;
  key: string;
  file: Blob;
  contentType: string;
  /** Replace an object of the same name (the person chose "Replace"). */
  upsert: boolean;
}

export type UploadOutcome =
  { kind: 'stored' } | { kind: 'exists' } | { kind: 'refused'; reason: string };

export interface UploadHooks {
  /** A resumable upload found its earlier part on the server and goes on from `offset` bytes. */
  onResumedFrom?: (offset: number) => void;
}

/** The abort reason that pauses a resumable upload (any other reason cancels it). */
export const STOP_PAUSE = 'pause';

export interface UploadTransport {
  /** Whether a stopped upload can go on later from where it stopped. */
  readonly resumable: boolean;
  /**
   * Sends one file; `onProgress` gets the bytes the server has so far. Aborting the signal
   * cancels it (rejects with UploadCancelled), or pauses it when the reason is STOP_PAUSE and the
   * transport is resumable (rejects with UploadPaused).
   */
  send(
    request: UploadRequest,
    onProgress: (loaded: number) => void,
    signal: AbortSignal,
    hooks?: UploadHooks,
  ): Promise<UploadOutcome>;
  /** Deletes whatever a paused upload of this request left on the server. */
  discard?(request: UploadRequest): Promise<void>;
}

interface StorageFailure {
  message?: string;
  statusCode?: string;
  error?: string;
}

function failureOf(body: unknown, status: number): StorageFailure {
  if (typeof body === 'object' && body !== null) return body as StorageFailure;
  return { message: `HTTP ${status}`, statusCode: String(status) };
}

export class UploadCancelled extends Error {
  constructor() {
    super('The upload was cancelled.');
    this.name = 'UploadCancelled';
  }
}

export class UploadPaused extends Error {
  constructor() {
    super('The upload was paused.');
    this.name = 'UploadPaused';
  }
}

/**
 * Plain uploads with progress: supabase-js asks storage for a signed upload URL (storage tries
 * the insert as the person, so row level security and an existing name are answered before any
 * byte is sent), then XMLHttpRequest PUTs the bytes there — fetch cannot report upload progress.
 */
export function signedUrlTransport(supabase: SupabaseClient): UploadTransport {
  return {
    resumable: false,
    async send(request, onProgress, signal) {
      const bucket = supabase.storage.from(request.bucket);
      const signed = await bucket.createSignedUploadUrl(request.key, { upsert: request.upsert });
      if (signal.aborted) throw new UploadCancelled();
      if (signed.error) {
        const failure = failureOf(signed.error, 400);
        if (isNameTaken(failure)) return { kind: 'exists' };
        return { kind: 'refused', reason: describeFailure(signed.error) };
      }
      return new Promise<UploadOutcome>((resolve, reject) => {
        const xhr = new XMLHttpRequest();
        xhr.open('PUT', signed.data.signedUrl);
        xhr.setRequestHeader('content-type', request.contentType);
        xhr.setRequestHeader('cache-control', 'max-age=3600');
        xhr.setRequestHeader('x-upsert', String(request.upsert));
        xhr.upload.onprogress = (event) => onProgress(event.loaded);
        xhr.onload = () => {
          if (xhr.status >= 200 && xhr.status < 300) {
            onProgress(request.file.size);
            resolve({ kind: 'stored' });
            return;
          }
          let body: unknown = null;
          try {
            body = JSON.parse(xhr.responseText);
          } catch {
            body = null;
          }
          const failure = failureOf(body, xhr.status);
          resolve(
            isNameTaken(failure)
              ? { kind: 'exists' }
              : { kind: 'refused', reason: failure.message ?? `HTTP ${xhr.status}` },
          );
        };
        xhr.onerror = () =>
          reject(new Error('The connection to storage failed during the upload. Try again.'));
        xhr.onabort = () => reject(new UploadCancelled());
        signal.addEventListener('abort', () => xhr.abort(), { once: true });
        xhr.send(request.file);
      });
    },
  };
}
