// Resumable upload ids as storage-api makes them: base64url of `bucket/key/version`, the last
// segment of the upload URL. The version is a fresh UUID, which also names the staged bytes.
import { randomUUID } from 'node:crypto';

export interface UploadTargetId {
  bucket: string;
  key: string;
  version: string;
}

const VERSION = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Upload ids as storage-api makes them: base64url of `bucket/key/version`. */
export function encodeUploadId(target: UploadTargetId): string {
  return Buffer.from(`${target.bucket}/${target.key}/${target.version}`, 'utf8').toString(
    'base64url',
  );
}

/** The parts of an upload id, or null when it is not one this server could have made. */
export function decodeUploadId(id: string): UploadTargetId | null {
  if (!/^[A-Za-z0-9_-]+$/.test(id)) return null;
  const decoded = Buffer.from(id, 'base64url').toString('utf8');
  const first = decoded.indexOf('/');
  const last = decoded.lastIndexOf('/');
  if (first <= 0 || last <= first + 1) return null;
  const version = decoded.slice(last + 1);
  if (!VERSION.test(version)) return null;
  return { bucket: decoded.slice(0, first), key: decoded.slice(first + 1, last), version };
}

export function newUploadId(bucket: string, key: string): string {
  return encodeUploadId({ bucket, key, version: randomUUID() });
}
