import { canaryBucket } from './canary-bucket.js';

function memoryStorage(initial: Record<string, string> = {}) {
  const values = new Map(Object.entries(initial));
  return { getItem: (k: string) => values.get(k) ?? null, setItem: (k: string, v: string) => void values.set(k, v) };
}

describe('canary bucket', () => {
  it('is stable for one browser and within 0–100', () => {
    const storage = memoryStorage();
    const first = canaryBucket(storage);
    expect(first).toBeGreaterThanOrEqual(0);
    expect(first).toBeLessThan(100);
    expect(canaryBucket(storage)).toBe(first);
  });

  it('replaces a stored value that is not a bucket', () => {
    const storage = memoryStorage({ 'portal.canary-bucket': 'banana' });
    const bucket = canaryBucket(storage);
    expect(bucket).toBeGreaterThanOrEqual(0);
    expect(storage.getItem('portal.canary-bucket')).toBe(String(bucket));
  });
});
