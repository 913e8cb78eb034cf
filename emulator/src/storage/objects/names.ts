// Bucket names and object keys: what storage-api accepts, plus what the emulator's on-disk
// layout needs (each key segment becomes a directory, so no `.`/`..`/empty segments).
import { storageErrors } from '../errors.js';

/** S3's object key limit, in UTF-8 bytes. */
export const MAX_KEY_BYTES = 1024;
/** Most filesystems cap one path segment at 255 bytes. */
export const MAX_SEGMENT_BYTES = 255;
export const MAX_BUCKET_NAME_LENGTH = 100;

const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;
/** Same character set as storage-js' `isValidBucketName` (and storage-api's). */
const BUCKET_NAME = /^[\w!.*'() &$@=;:+,?-]+$/;

export function validateBucketName(name: unknown): string {
  if (typeof name !== 'string' || name.length === 0) throw storageErrors.invalidBucketName(String(name ?? ''));
  if (
    name.length > MAX_BUCKET_NAME_LENGTH ||
    name.trim() !== name ||
    !BUCKET_NAME.test(name) ||
    name === '.' ||
    name === '..'
  ) {
    throw storageErrors.invalidBucketName(name);
  }
  return name;
}

/** Returns the reason a key is unusable, or null when it is fine. */
export function keyProblem(key: string): string | null {
  if (key.length === 0) return 'the key is empty';
  if (Buffer.byteLength(key, 'utf8') > MAX_KEY_BYTES) return `keys are at most ${MAX_KEY_BYTES} bytes`;
  if (CONTROL_CHARACTERS.test(key)) return 'control characters are not allowed';
  if (key.includes('\\')) return 'backslashes are not allowed';
  for (const segment of key.split('/')) {
    if (segment === '') return 'empty path segments ("//", or a leading or trailing "/") are not allowed';
    if (segment === '.' || segment === '..') return '"." and ".." segments are not allowed';
    if (Buffer.byteLength(segment, 'utf8') > MAX_SEGMENT_BYTES) {
      return `each path segment is at most ${MAX_SEGMENT_BYTES} bytes`;
    }
  }
  return null;
}

export function validateObjectKey(key: unknown): string {
  if (typeof key !== 'string') throw storageErrors.invalidKey(String(key ?? ''), 'the key must be a string');
  const problem = keyProblem(key);
  if (problem) throw storageErrors.invalidKey(key, problem);
  return key;
}

/**
 * `/object/{bucket}/{key…}` → parts. The client strips leading, trailing and duplicate slashes
 * (docs/compatibility.md#storage-objects-and-buckets); the path arrives percent-encoded.
 */
export function splitObjectPath(rest: string): { bucket: string; key: string } {
  let decoded: string;
  try {
    decoded = decodeURIComponent(rest);
  } catch {
    throw storageErrors.invalidKey(rest, 'the path is not valid percent-encoding');
  }
  const slash = decoded.indexOf('/');
  if (slash < 0) return { bucket: validateBucketName(decoded), key: '' };
  return { bucket: validateBucketName(decoded.slice(0, slash)), key: decoded.slice(slash + 1) };
}

/** Escapes LIKE wildcards so a prefix matches literally (`escape '\'`). */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}
