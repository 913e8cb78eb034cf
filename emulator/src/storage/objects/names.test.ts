import { isStorageError } from '../errors.js';
import { escapeLike, keyProblem, splitObjectPath, validateBucketName, validateObjectKey } from './names.js';

function codeOf(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (error) {
    return isStorageError(error) ? error.code : 'not a storage error';
  }
  return undefined;
}

describe('object keys', () => {
  it('accepts ordinary and unicode keys', () => {
    expect(keyProblem('folder/cat.png')).toBeNull();
    expect(keyProblem('dossier/été 2024/ça (1).txt')).toBeNull();
    expect(keyProblem('a/b/c/.emptyFolderPlaceholder')).toBeNull();
  });

  it('rejects traversal, control characters, empty segments and oversize keys', () => {
    expect(keyProblem('../etc/passwd')).toMatch(/"\.\."/);
    expect(keyProblem('a/./b')).toMatch(/"\."/);
    expect(keyProblem('a//b')).toMatch(/empty path segments/);
    expect(keyProblem('/a')).toMatch(/empty path segments/);
    expect(keyProblem('a\u0000b')).toMatch(/control characters/);
    expect(keyProblem('a\nb')).toMatch(/control characters/);
    expect(keyProblem('a\\b')).toMatch(/backslashes/);
    expect(keyProblem('x'.repeat(1025))).toMatch(/1024 bytes/);
    expect(keyProblem(`${'x'.repeat(256)}/y`)).toMatch(/255 bytes/);
    expect(codeOf(() => validateObjectKey(''))).toBe('InvalidKey');
    expect(codeOf(() => validateObjectKey(42))).toBe('InvalidKey');
  });
});

describe('bucket names', () => {
  it('follows storage-js / storage-api rules', () => {
    expect(validateBucketName('avatars')).toBe('avatars');
    expect(validateBucketName('my bucket.v2')).toBe('my bucket.v2');
    expect(codeOf(() => validateBucketName('a/b'))).toBe('InvalidBucketName');
    expect(codeOf(() => validateBucketName(' padded'))).toBe('InvalidBucketName');
    expect(codeOf(() => validateBucketName(''))).toBe('InvalidBucketName');
    expect(codeOf(() => validateBucketName('..'))).toBe('InvalidBucketName');
    expect(codeOf(() => validateBucketName('x'.repeat(101)))).toBe('InvalidBucketName');
  });
});

describe('splitObjectPath', () => {
  it('decodes the bucket and the key', () => {
    expect(splitObjectPath('avatars/folder/cat%20one.png')).toEqual({ bucket: 'avatars', key: 'folder/cat one.png' });
    expect(splitObjectPath('avatars')).toEqual({ bucket: 'avatars', key: '' });
    expect(codeOf(() => splitObjectPath('avatars/%E0%A4%A'))).toBe('InvalidKey');
  });
});

describe('escapeLike', () => {
  it('escapes LIKE wildcards', () => {
    expect(escapeLike('50%_off\\')).toBe('50\\%\\_off\\\\');
  });
});
