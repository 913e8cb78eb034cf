import { decodeUploadId, encodeUploadId, newUploadId } from './upload-id.js';

describe('resumable upload ids', () => {
  const version = '0f8fad5b-d9cb-469f-a165-70867728950e';

  it('are base64url of bucket/key/version, as storage-api makes them', () => {
    const id = encodeUploadId({ bucket: 'files', key: 'a/b c/ü.png', version });
    expect(Buffer.from(id, 'base64url').toString('utf8')).toBe(`files/a/b c/ü.png/${version}`);
    expect(id).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeUploadId(id)).toEqual({ bucket: 'files', key: 'a/b c/ü.png', version });
  });

  it('get a fresh version each time', () => {
    expect(newUploadId('files', 'x')).not.toBe(newUploadId('files', 'x'));
    expect(decodeUploadId(newUploadId('files', 'x'))).toMatchObject({ bucket: 'files', key: 'x' });
  });

  it('refuse what this server could not have made', () => {
    expect(decodeUploadId('resumable')).toBeNull();
    expect(decodeUploadId('sign')).toBeNull();
    expect(decodeUploadId(Buffer.from(`files/${version}`).toString('base64url'))).toBeNull();
    expect(decodeUploadId(Buffer.from('files/key/not-a-version').toString('base64url'))).toBeNull();
    expect(decodeUploadId('../etc/passwd')).toBeNull();
  });
});
