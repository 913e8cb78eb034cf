import { StorageApiError } from '@supabase/supabase-js';
import { avatarObjectPath, checkAvatarFile, describeStorageError, ownAvatarObject } from './avatar-upload.js';

const UID = '0b6f7c3e-1111-4a2b-9c3d-123456789abc';
const FOLDER = `http://127.0.0.1:54321/storage/v1/object/public/avatars/${UID}`;

describe('profile picture uploads', () => {
  it('accepts small pictures of the bucket’s types and explains every refusal', () => {
    expect(checkAvatarFile({ name: 'me.png', type: 'image/png', size: 1200 })).toBeUndefined();
    expect(checkAvatarFile({ name: 'me.webp', type: 'image/webp', size: 2 * 1024 * 1024 })).toBeUndefined();
    expect(checkAvatarFile({ name: 'notes.txt', type: 'text/plain', size: 10 })).toBe('“notes.txt” is a text/plain file. Choose a PNG, JPEG, WebP or GIF picture.');
    expect(checkAvatarFile({ name: 'scan.pdf', type: 'application/pdf', size: 10 })).toBe('“scan.pdf” is an application/pdf file. Choose a PNG, JPEG, WebP or GIF picture.');
    expect(checkAvatarFile({ name: 'x', type: '', size: 10 })).toBe('“x” is a file of unknown type. Choose a PNG, JPEG, WebP or GIF picture.');
    expect(checkAvatarFile({ name: 'big.jpg', type: 'image/jpeg', size: 3 * 1024 * 1024 })).toBe(
      '“big.jpg” (3.0 MB) is larger than the 2 MB a picture may be. Choose a smaller one.',
    );
    expect(checkAvatarFile({ name: 'empty.gif', type: 'image/gif', size: 0 })).toBe('“empty.gif” is empty. Choose another picture.');
  });

  it('puts each upload in the person’s own folder, named by time and type', () => {
    expect(avatarObjectPath(UID, 'image/jpeg', 1700000000000)).toBe(`${UID}/avatar-1700000000000.jpg`);
    expect(() => avatarObjectPath(UID, 'image/svg+xml', 1)).toThrow(/image\/svg\+xml/);
  });

  it('recognises only the person’s own uploads as theirs to delete', () => {
    expect(ownAvatarObject(`${FOLDER}/avatar-1.png`, FOLDER, UID)).toBe(`${UID}/avatar-1.png`);
    expect(ownAvatarObject(`${FOLDER}/avatar-1.png?t=2`, FOLDER, UID)).toBe(`${UID}/avatar-1.png`);
    expect(ownAvatarObject(`${FOLDER}/nested/avatar-1.png`, FOLDER, UID)).toBeNull();
    expect(ownAvatarObject(`${FOLDER}/`, FOLDER, UID)).toBeNull();
    expect(ownAvatarObject(`http://127.0.0.1:54321/storage/v1/object/public/avatars/someone-else/avatar-1.png`, FOLDER, UID)).toBeNull();
    expect(ownAvatarObject('https://example.com/me.png', FOLDER, UID)).toBeNull();
  });

  it('words the storage service’s refusals, keeping its message', () => {
    expect(describeStorageError(new StorageApiError('The object exceeded the maximum allowed size', 400, '413', 'storage', 'EntityTooLarge'))).toBe(
      'The server refused the picture as too large (The object exceeded the maximum allowed size). A picture may be at most 2 MB.',
    );
    expect(describeStorageError(new StorageApiError('mime type text/plain is not supported', 400, '415', 'storage', 'InvalidMimeType'))).toMatch(
      /^The server refused this kind of file \(mime type text\/plain is not supported\)/,
    );
    expect(describeStorageError(new StorageApiError('new row violates row-level security policy', 400, '403', 'storage', 'AccessDenied'))).toMatch(
      /^The server did not allow this upload \(new row violates row-level security policy\)\. You can only change your own picture/,
    );
    expect(describeStorageError(new Error('Failed to fetch'))).toBe('The upload failed: Failed to fetch');
  });
});
