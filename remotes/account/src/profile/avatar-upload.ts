// Profile pictures in the `avatars` bucket (supabase/migrations/20250102000000_avatars_bucket.sql):
// what may be sent, where it goes, and the server's refusals in words. The limits mirror the
// bucket's own (file_size_limit, allowed_mime_types) so a person learns before a round trip;
// the storage service checks again and its errors are shown (docs/compatibility.md#storage-errors).
import { describeError } from '@portal/platform';
import { withArticle } from '@portal/ui/words';

export const AVATAR_BUCKET = 'avatars';
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
/** Each allowed type with the file extension its object name gets. */
export const AVATAR_TYPES: Readonly<Record<string, string>> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'image/gif': 'gif',
};

export interface PickedFile {
  name: string;
  type: string;
  size: number;
}

function sizeInWords(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}

/** Why this file cannot be a profile picture, or undefined when it may be sent. */
export function checkAvatarFile(file: PickedFile): string | undefined {
  if (!AVATAR_TYPES[file.type]) {
    const kind = file.type ? withArticle(`${file.type} file`) : 'a file of unknown type';
    return `“${file.name}” is ${kind}. Choose a PNG, JPEG, WebP or GIF picture.`;
  }
  if (file.size === 0) return `“${file.name}” is empty. Choose another picture.`;
  if (file.size > AVATAR_MAX_BYTES) {
    return `“${file.name}” (${sizeInWords(file.size)}) is larger than the ${AVATAR_MAX_BYTES / (1024 * 1024)} MB a picture may be. Choose a smaller one.`;
  }
  return undefined;
}

/** `<user id>/avatar-<timestamp>.<ext>`: the first folder is what the bucket's policies check. */
export function avatarObjectPath(userId: string, contentType: string, now: number): string {
  const extension = AVATAR_TYPES[contentType];
  if (!extension) throw new Error(`Not a picture type the avatars bucket accepts: ${contentType}`);
  return `${userId}/avatar-${now}.${extension}`;
}

/**
 * The object behind `url` when it is this person's own upload in the avatars bucket, else null.
 * `folderUrl` is getPublicUrl(<user id>) — the client's own spelling of the public address of
 * the person's folder, so the check follows however the client builds those URLs.
 */
export function ownAvatarObject(url: string, folderUrl: string, userId: string): string | null {
  const prefix = `${folderUrl.replace(/\/+$/, '')}/`;
  if (!url.startsWith(prefix)) return null;
  const name = decodeURIComponent(url.slice(prefix.length).split(/[?#]/)[0]!);
  return name && !name.includes('/') ? `${userId}/${name}` : null;
}

interface StorageFailure {
  message?: string;
  statusCode?: string;
  code?: string;
}

/** The storage service's refusal in words, keeping its own message (storage error codes). */
export function describeStorageError(error: unknown): string {
  const message = describeError(error);
  const { statusCode, code } = (typeof error === 'object' && error !== null ? error : {}) as StorageFailure;
  if (code === 'EntityTooLarge' || statusCode === '413') return `The server refused the picture as too large (${message}). A picture may be at most ${AVATAR_MAX_BYTES / (1024 * 1024)} MB.`;
  if (code === 'InvalidMimeType' || statusCode === '415') return `The server refused this kind of file (${message}). Choose a PNG, JPEG, WebP or GIF picture.`;
  if (code === 'AccessDenied' || statusCode === '403') return `The server did not allow this upload (${message}). You can only change your own picture; sign in again if this keeps happening.`;
  if (code === 'NoSuchBucket') return `The picture store is not set up on this server (${message}).`;
  if (code === 'InvalidJWT') return `Your session is no longer valid (${message}). Sign in again.`;
  return `The upload failed: ${message}`;
}
