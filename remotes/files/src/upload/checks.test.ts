import {
  checkObjectName,
  checkUpload,
  isNameTaken,
  keepBothName,
  mimeTypeAllowed,
} from './checks.js';

const limits = {
  fileSizeLimit: 1024 * 1024,
  allowedMimeTypes: ['image/*', 'text/plain', 'application/pdf'],
};

describe('upload checks', () => {
  it('lets a file within the limits through', () => {
    expect(
      checkUpload({ name: 'a.png', type: 'image/png', size: 10 }, 'me/a.png', limits),
    ).toBeUndefined();
  });

  it('explains a file larger than the bucket takes, in sizes people read', () => {
    expect(
      checkUpload(
        { name: 'big.png', type: 'image/png', size: 3 * 1024 * 1024 },
        'me/big.png',
        limits,
      ),
    ).toBe('“big.png” is 3.0 MB; this bucket takes files up to 1.0 MB.');
  });

  it('explains a type the bucket does not allow, wildcards included', () => {
    expect(mimeTypeAllowed('image/webp', limits.allowedMimeTypes)).toBe(true);
    expect(
      checkUpload(
        { name: 'tool.exe', type: 'application/x-msdownload', size: 2 },
        'me/tool.exe',
        limits,
      ),
    ).toBe(
      '“tool.exe” is an application/x-msdownload file; this bucket takes image/*, text/plain, application/pdf.',
    );
    expect(checkUpload({ name: 'blob', type: '', size: 2 }, 'me/blob', limits)).toMatch(
      /a file of unknown type/,
    );
    expect(
      checkUpload({ name: 'blob', type: '', size: 2 }, 'me/blob', {
        fileSizeLimit: null,
        allowedMimeTypes: null,
      }),
    ).toBeUndefined();
  });

  it('refuses names storage does not accept', () => {
    expect(checkObjectName('me/report\u0007.txt')).toMatch(/control characters/);
    expect(checkObjectName('me/a\\b.txt')).toMatch(/backslash/);
    expect(checkObjectName(`me/${'x'.repeat(300)}.txt`)).toMatch(/255 bytes/);
    expect(checkObjectName('me/../x.txt')).toMatch(/“\.\.”/);
    expect(checkObjectName('me/ok (1) & more.txt')).toBeUndefined();
  });

  it('finds a free name to keep both', () => {
    expect(keepBothName('me/a.txt', new Set(['me/a.txt', 'me/a (1).txt']))).toBe('me/a (2).txt');
    expect(keepBothName('me/README', new Set(['me/README']))).toBe('me/README (1)');
  });

  it('tells storage’s “name taken” refusal from its others', () => {
    expect(
      isNameTaken({
        statusCode: '409',
        error: 'Duplicate',
        message: 'The resource already exists',
      }),
    ).toBe(true);
    expect(isNameTaken({ statusCode: 409 })).toBe(true);
    expect(isNameTaken({ error: 'Duplicate' })).toBe(true);
    expect(
      isNameTaken({ statusCode: '404', error: 'not_found', message: 'Object not found' }),
    ).toBe(false);
    expect(
      isNameTaken({ statusCode: '403', message: 'new row violates row-level security policy' }),
    ).toBe(false);
    expect(isNameTaken(null)).toBe(false);
    expect(isNameTaken('409')).toBe(false);
  });
});
