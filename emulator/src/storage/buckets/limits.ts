// Upload limits: the bucket's file size limit (bytes, or storage-api's "20MB"-style string,
// decimal units), capped by the global `storage.file_size_limit`, and the bucket's mime
// allow-list with `type/*` wildcards.
import { storageErrors } from '../errors.js';

const SIZE_WITH_UNIT = /^(\d+(?:\.\d+)?)\s*(gb|mb|kb|b)$/i;
const UNIT_BYTES: Record<string, number> = { gb: 1e9, mb: 1e6, kb: 1e3, b: 1 };

/** `1000`, `"100MB"`, `"1.5gb"` → bytes; null / undefined pass through (no limit / unchanged). */
export function parseBucketSizeLimit(value: unknown, globalLimit: number): number | null | undefined {
  if (value === undefined) return undefined;
  if (value === null) return null;
  let bytes: number;
  if (typeof value === 'number') {
    if (!Number.isInteger(value) || value < 0) throw storageErrors.invalidFileSizeLimit(value);
    bytes = value;
  } else if (typeof value === 'string') {
    const trimmed = value.trim();
    if (/^\d+$/.test(trimmed)) {
      bytes = Number(trimmed);
    } else {
      const match = SIZE_WITH_UNIT.exec(trimmed);
      if (!match) throw storageErrors.invalidFileSizeLimit(value);
      bytes = Math.round(Number(match[1]) * UNIT_BYTES[match[2]!.toLowerCase()]!);
    }
  } else {
    throw storageErrors.invalidFileSizeLimit(value);
  }
  if (bytes > globalLimit) {
    throw storageErrors.entityTooLarge('bucket file size limit', `the global limit of ${globalLimit} bytes`);
  }
  return bytes;
}

/** The limit an upload into this bucket must respect. */
export function effectiveSizeLimit(bucketLimit: number | null, globalLimit: number): number {
  return bucketLimit !== null && bucketLimit > 0 ? Math.min(bucketLimit, globalLimit) : globalLimit;
}

const MIME_PATTERN = /^(\*\/\*|[a-z0-9!#$&^_.+-]+\/\*|[a-z0-9!#$&^_.+-]+\/[a-z0-9!#$&^_.+-]+)$/i;

/** Validates and normalises a bucket's `allowed_mime_types` (empty entries dropped, as storage-api does). */
export function parseAllowedMimeTypes(value: unknown): string[] | null | undefined {
  if (value === undefined) return undefined;
  if (value === null) return null;
  if (!Array.isArray(value)) throw storageErrors.invalidRequest('allowed_mime_types must be an array of mime types or null');
  const types: string[] = [];
  for (const entry of value) {
    if (typeof entry !== 'string') throw storageErrors.invalidRequest('allowed_mime_types must contain strings');
    const type = entry.trim();
    if (type === '') continue;
    if (type.length > 255 || !MIME_PATTERN.test(type)) throw storageErrors.invalidMimeType(type);
    types.push(type);
  }
  return types;
}

/** The bare `type/subtype` of a Content-Type header, lower-cased. */
export function bareMimeType(contentType: string): string {
  return (contentType.split(';')[0] ?? '').trim().toLowerCase();
}

export function isMimeTypeAllowed(contentType: string, allowed: string[] | null): boolean {
  if (!allowed || allowed.length === 0) return true;
  const mime = bareMimeType(contentType);
  return allowed.some((pattern) => {
    const p = pattern.toLowerCase();
    if (p === '*/*') return true;
    if (p.endsWith('/*')) return mime.startsWith(p.slice(0, -1));
    return mime === p;
  });
}
