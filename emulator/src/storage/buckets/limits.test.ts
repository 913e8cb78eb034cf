import { isStorageError } from '../errors.js';
import { bareMimeType, effectiveSizeLimit, isMimeTypeAllowed, parseAllowedMimeTypes, parseBucketSizeLimit } from './limits.js';

const GLOBAL = 50 * 1024 * 1024;

function codeOf(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (error) {
    return isStorageError(error) ? error.code : 'not a storage error';
  }
  return undefined;
}

describe('parseBucketSizeLimit', () => {
  it('accepts bytes and storage-api unit strings (decimal units)', () => {
    expect(parseBucketSizeLimit(1000, GLOBAL)).toBe(1000);
    expect(parseBucketSizeLimit('1kb', GLOBAL)).toBe(1000);
    expect(parseBucketSizeLimit('2MB', GLOBAL)).toBe(2_000_000);
    expect(parseBucketSizeLimit('1.5 KB', GLOBAL)).toBe(1500);
    expect(parseBucketSizeLimit('512', GLOBAL)).toBe(512);
  });

  it('passes null (no limit) and undefined (unchanged) through', () => {
    expect(parseBucketSizeLimit(null, GLOBAL)).toBeNull();
    expect(parseBucketSizeLimit(undefined, GLOBAL)).toBeUndefined();
  });

  it('rejects nonsense and limits above the global one', () => {
    expect(codeOf(() => parseBucketSizeLimit('ten', GLOBAL))).toBe('InvalidRequest');
    expect(codeOf(() => parseBucketSizeLimit(-1, GLOBAL))).toBe('InvalidRequest');
    expect(codeOf(() => parseBucketSizeLimit({}, GLOBAL))).toBe('InvalidRequest');
    expect(codeOf(() => parseBucketSizeLimit('1GB', GLOBAL))).toBe('EntityTooLarge');
  });
});

describe('effectiveSizeLimit', () => {
  it('is the smaller of bucket and global limits', () => {
    expect(effectiveSizeLimit(null, GLOBAL)).toBe(GLOBAL);
    expect(effectiveSizeLimit(10, GLOBAL)).toBe(10);
    expect(effectiveSizeLimit(GLOBAL * 2, GLOBAL)).toBe(GLOBAL);
  });
});

describe('mime allow-list', () => {
  it('matches exact types, wildcards and ignores parameters and case', () => {
    expect(isMimeTypeAllowed('image/png', ['image/*'])).toBe(true);
    expect(isMimeTypeAllowed('text/plain;charset=UTF-8', ['text/plain'])).toBe(true);
    expect(isMimeTypeAllowed('IMAGE/PNG', ['image/png'])).toBe(true);
    expect(isMimeTypeAllowed('application/pdf', ['image/*', 'text/plain'])).toBe(false);
    expect(isMimeTypeAllowed('anything/at-all', ['*/*'])).toBe(true);
    expect(isMimeTypeAllowed('anything/at-all', null)).toBe(true);
    expect(isMimeTypeAllowed('anything/at-all', [])).toBe(true);
    expect(bareMimeType(' Text/HTML ; charset=utf-8')).toBe('text/html');
  });

  it('validates allowed_mime_types and drops empty entries', () => {
    expect(parseAllowedMimeTypes(['image/png', '', 'text/*'])).toEqual(['image/png', 'text/*']);
    expect(codeOf(() => parseAllowedMimeTypes(['not a type']))).toBe('InvalidMimeType');
    expect(codeOf(() => parseAllowedMimeTypes('image/png'))).toBe('InvalidRequest');
  });
});
