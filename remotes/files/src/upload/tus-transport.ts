// Resumable uploads through Supabase's TUS endpoint (`/storage/v1/upload/resumable`) with
// tus-js-client, set up as Supabase's docs set it up: 6 MB chunks, the object's bucket, name,
// type and cache-control as metadata, `x-upsert` for "Replace", the person's access token.
// Each upload's address is kept in localStorage under a fingerprint of (person, bucket, name,
// file), so the same file picked again — after a pause, a dropped connection or a closed tab —
// continues from the offset the server reports instead of from the first byte.
import type { SupabaseClient } from '@supabase/supabase-js';
import {
  defaultOptions,
  DetailedError,
  Upload,
  type HttpRequest,
  type UploadOptions,
} from 'tus-js-client';
import {
  UploadCancelled,
  UploadPaused,
  STOP_PAUSE,
  type UploadHooks,
  type UploadOutcome,
  type UploadRequest,
  type UploadTransport,
} from './transport.js';

export const TUS_CHUNK_SIZE = 6 * 1024 * 1024;
/** Waits before tus-js-client retries a request that failed on the network or with a 5xx/409/423. */
const RETRY_DELAYS = [0, 1000, 3000, 5000, 10000];

/** `<supabaseUrl>/storage/v1`, spelled the way the client itself spells storage addresses. */
export function storageBaseUrl(supabase: SupabaseClient): string {
  const publicUrl = supabase.storage.from('b').getPublicUrl('o').data.publicUrl;
  return publicUrl.slice(0, publicUrl.indexOf('/object/public/'));
}

async function accessToken(supabase: SupabaseClient): Promise<string> {
  const { data, error } = await supabase.auth.getSession();
  if (error) throw new Error(`Could not read your session: ${error.message}`);
  if (!data.session) throw new Error('You are signed out; sign in again to upload.');
  return data.session.access_token;
}

interface StorageFailure {
  message?: string;
  error?: string;
  statusCode?: string;
}

/** What storage answered, in its own words (its JSON error body), or the network's. */
function outcomeOfError(error: Error | DetailedError): UploadOutcome | Error {
  const response = error instanceof DetailedError ? error.originalResponse : null;
  if (!response)
    return new Error(`The connection to storage failed during the upload: ${error.message}`);
  const status = response.getStatus();
  let failure: StorageFailure = {};
  try {
    failure = JSON.parse(response.getBody()) as StorageFailure;
  } catch {
    failure = { message: response.getBody() || `HTTP ${status}` };
  }
  if (status === 409 || failure.error === 'Duplicate') return { kind: 'exists' };
  if (status >= 400 && status < 500)
    return { kind: 'refused', reason: failure.message ?? `HTTP ${status}` };
  return new Error(`Storage failed the upload (HTTP ${status}): ${failure.message ?? ''}`.trim());
}

export function tusTransport(supabase: SupabaseClient, userId: string): UploadTransport {
  const endpoint = `${storageBaseUrl(supabase)}/upload/resumable`;

  const options = (request: UploadRequest): UploadOptions => ({
    endpoint,
    chunkSize: TUS_CHUNK_SIZE,
    retryDelays: RETRY_DELAYS,
    uploadDataDuringCreation: true,
    removeFingerprintOnSuccess: true,
    headers: { 'x-upsert': String(request.upsert) },
    metadata: {
      bucketName: request.bucket,
      objectName: request.key,
      contentType: request.contentType,
      cacheControl: '3600',
    },
    // The same file for the same object by the same person; another folder or person starts anew.
    fingerprint: (file) =>
      Promise.resolve(
        [
          'portal-files',
          endpoint,
          userId,
          request.bucket,
          request.key,
          file.name,
          file.size,
          file.lastModified,
        ].join('|'),
      ),
    // Read the token for every request: an upload can outlive one access token.
    onBeforeRequest: async (req: HttpRequest) => {
      req.setHeader('authorization', `Bearer ${await accessToken(supabase)}`);
    },
  });

  return {
    resumable: true,
    async send(request, onProgress, signal, hooks: UploadHooks = {}) {
      if (!(request.file instanceof File))
        throw new Error('Resumable uploads need a File (a picked or dropped file).');
      const file = request.file;
      await accessToken(supabase);
      return new Promise<UploadOutcome>((resolve, reject) => {
        let resuming = false;
        const upload = new Upload(file, {
          ...options(request),
          onProgress: (sent) => onProgress(sent),
          onAfterResponse: (req, res) => {
            // The HEAD that asks where a previous upload stopped answers with its offset.
            const offset = Number(res.getHeader('Upload-Offset'));
            if (resuming && req.getMethod() === 'HEAD' && res.getStatus() === 200 && offset >= 0) {
              resuming = false;
              onProgress(offset);
              hooks.onResumedFrom?.(offset);
            }
          },
          onSuccess: () => {
            onProgress(file.size);
            resolve({ kind: 'stored' });
          },
          onError: (error) => {
            const outcome = outcomeOfError(error);
            if (outcome instanceof Error) reject(outcome);
            else resolve(outcome);
          },
        });
        const stop = () => {
          const pausing = signal.reason === STOP_PAUSE;
          // Pause keeps the server's part for later; cancel deletes it (TUS termination).
          void upload.abort(!pausing).then(
            () => reject(pausing ? new UploadPaused() : new UploadCancelled()),
            (error: Error) => reject(error),
          );
        };
        if (signal.aborted) return stop();
        signal.addEventListener('abort', stop, { once: true });
        void upload.findPreviousUploads().then((previous) => {
          if (signal.aborted) return;
          const latest = previous.sort((a, b) => b.creationTime.localeCompare(a.creationTime))[0];
          if (latest) {
            resuming = true;
            upload.resumeFromPreviousUpload(latest);
          }
          upload.start();
        }, reject);
      });
    },
    async discard(request) {
      if (!(request.file instanceof File)) return;
      const opts = options(request);
      const probe = new Upload(request.file, opts);
      for (const previous of await probe.findPreviousUploads()) {
        if (previous.uploadUrl) {
          await Upload.terminate(previous.uploadUrl, opts).catch((error: Error) => {
            // Already gone (finished, expired or terminated elsewhere): nothing is left to delete.
            const status = error instanceof DetailedError ? error.originalResponse?.getStatus() : 0;
            if (status !== 404 && status !== 410) throw error;
          });
        }
        await defaultOptions.urlStorage.removeUpload(previous.urlStorageKey);
      }
    },
  };
}
