// Reads an upload body the way storage-js sends it
// (docs/compatibility.md#storage-objects-and-buckets): either the raw bytes with `content-type`,
// `cache-control` and `x-metadata` headers, or multipart/form-data whose fields (`cacheControl`,
// `metadata`) come before the file part (name ""). The file is streamed straight to a temp file —
// never buffered whole — while its size is checked.
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import busboy from 'busboy';
import type { BlobStore, StagedBlob } from '../blobs/blob-store.js';
import { storageErrors } from '../errors.js';
import { isMimeTypeAllowed } from '../buckets/limits.js';

export interface IncomingUpload {
  staged: StagedBlob;
  contentType: string;
  cacheControl: string;
  userMetadata: Record<string, unknown> | null;
}

export interface UploadRules {
  sizeLimit: number;
  allowedMimeTypes: string[] | null;
}

function parseUserMetadata(json: string, source: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    throw storageErrors.invalidRequest(`${source} is not valid JSON`);
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw storageErrors.invalidRequest(`${source} must be a JSON object`);
  }
  return value as Record<string, unknown>;
}

function metadataHeader(value: string | undefined): Record<string, unknown> | null {
  if (!value) return null;
  return parseUserMetadata(Buffer.from(value, 'base64').toString('utf8'), 'The x-metadata header (base64 JSON)');
}

/** The request body ended because the client went away (not a server failure). */
function isClientAbort(error: unknown): boolean {
  const { code, message, name } = (error ?? {}) as { code?: string; message?: string; name?: string };
  return (
    code === 'ECONNRESET' ||
    code === 'ERR_STREAM_PREMATURE_CLOSE' ||
    code === 'ABORT_ERR' ||
    name === 'AbortError' ||
    message === 'aborted'
  );
}

export async function receiveUpload(request: Request, store: BlobStore, rules: UploadRules): Promise<IncomingUpload> {
  const contentType = request.headers.get('content-type') ?? '';
  try {
    if (/^multipart\/form-data/i.test(contentType)) return await receiveMultipart(request, store, rules);
    return await receiveRaw(request, store, rules);
  } catch (error) {
    if (isClientAbort(error)) throw storageErrors.aborted();
    throw error;
  }
}

function bodyStream(request: Request): Readable {
  if (!request.body) return Readable.from([]);
  return Readable.fromWeb(request.body as unknown as NodeReadableStream<Uint8Array>);
}

async function receiveRaw(request: Request, store: BlobStore, rules: UploadRules): Promise<IncomingUpload> {
  const contentType = request.headers.get('content-type') || 'application/octet-stream';
  if (!isMimeTypeAllowed(contentType, rules.allowedMimeTypes)) throw storageErrors.invalidMimeType(contentType);
  const declared = Number(request.headers.get('content-length') ?? NaN);
  // Known too large up front: answer without reading (Node discards the unread body).
  if (Number.isFinite(declared) && declared > rules.sizeLimit) throw storageErrors.entityTooLarge();
  const userMetadata = metadataHeader(request.headers.get('x-metadata') ?? undefined);
  const staged = await store.stage(bodyStream(request), rules.sizeLimit);
  if (Number.isFinite(declared) && staged.size !== declared) {
    // The connection ended early: an aborted upload must not become a truncated object.
    await store.discard(staged);
    throw storageErrors.invalidRequest(`The upload ended after ${staged.size} of ${declared} bytes`);
  }
  return {
    staged,
    contentType,
    cacheControl: request.headers.get('cache-control') || 'no-cache',
    userMetadata,
  };
}

function receiveMultipart(request: Request, store: BlobStore, rules: UploadRules): Promise<IncomingUpload> {
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({ headers: { 'content-type': request.headers.get('content-type') ?? '' } });
    } catch (error) {
      reject(storageErrors.invalidRequest(`Malformed multipart body: ${(error as Error).message}`));
      return;
    }
    const fields: Record<string, string> = {};
    let filePromise: Promise<IncomingUpload> | null = null;
    let failure: unknown = null;

    parser.on('field', (name, value) => {
      fields[name] = value;
    });
    parser.on('file', (_name, file, info) => {
      // busboy fails a file stream whose body ends inside it ("Unexpected end of form"); an
      // 'error' nobody listens to would end the process, whether the file is kept or dropped.
      file.on('error', (error: Error) => {
        failure ??= storageErrors.invalidRequest(`Malformed multipart body: ${error.message}`);
      });
      if (filePromise || failure) {
        file.resume(); // only the first file counts; drop the rest
        return;
      }
      const mimeType = fields.contentType || info.mimeType || 'application/octet-stream';
      if (!isMimeTypeAllowed(mimeType, rules.allowedMimeTypes)) {
        failure = storageErrors.invalidMimeType(mimeType);
        file.resume();
        return;
      }
      let userMetadata: Record<string, unknown> | null = null;
      try {
        userMetadata = fields.metadata ? parseUserMetadata(fields.metadata, 'The metadata field') : null;
      } catch (error) {
        failure = error;
        file.resume();
        return;
      }
      const cacheTime = fields.cacheControl;
      filePromise = store.stage(file, rules.sizeLimit).then((staged) => ({
        staged,
        contentType: mimeType,
        cacheControl: cacheTime ? `max-age=${cacheTime}` : 'no-cache',
        userMetadata,
      }));
      // Keep the rejection observed until 'close' decides what to report.
      filePromise.catch(() => undefined);
    });
    const body = bodyStream(request);
    let settled = false;
    const settle = async () => {
      if (settled) return;
      settled = true;
      if (!filePromise) {
        reject(failure ?? storageErrors.invalidRequest('No file provided'));
        return;
      }
      try {
        const upload = await filePromise;
        if (failure) {
          await store.discard(upload.staged);
          reject(failure);
          return;
        }
        resolve(upload);
      } catch (error) {
        reject(failure ?? error);
      }
    };
    parser.on('error', (error: Error) => {
      failure ??= storageErrors.invalidRequest(`Malformed multipart body: ${error.message}`);
      // busboy emits no 'close' after some errors (a malformed part header): answer now, and
      // let the rest of the body drain instead of feeding a failed parser.
      body.unpipe(parser);
      body.resume();
      void settle();
    });
    parser.on('close', () => void settle());
    body.on('error', (error) => {
      failure ??= error;
      parser.destroy(error);
      // 'close' may not follow a destroy with an error; settle here as well.
      void settle();
    });
    body.pipe(parser);
  });
}
