import { createHash } from 'node:crypto';
import { matchesIntegrity } from './manifest-integrity.js';

const bytes = new TextEncoder().encode('{"metaData":{},"exposes":[],"shared":[]}');
const sri = (algorithm: string) => `${algorithm}-${createHash(algorithm).update(bytes).digest('base64')}`;

describe('manifest integrity', () => {
  it('accepts the bytes the hash was made from, with each SRI algorithm', async () => {
    for (const algorithm of ['sha256', 'sha384', 'sha512']) {
      await expect(matchesIntegrity(bytes.buffer as ArrayBuffer, sri(algorithm))).resolves.toBe(true);
    }
  });

  it('refuses changed bytes and unknown algorithms', async () => {
    const changed = new TextEncoder().encode('{"metaData":{},"exposes":[],"shared":[1]}');
    await expect(matchesIntegrity(changed.buffer as ArrayBuffer, sri('sha384'))).resolves.toBe(false);
    await expect(matchesIntegrity(bytes.buffer as ArrayBuffer, `md5-${createHash('md5').update(bytes).digest('base64')}`)).resolves.toBe(false);
  });
});
