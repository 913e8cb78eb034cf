const KEY = 'portal.canary-bucket';

/**
 * This browser's stable place (0 ≤ bucket < 100) in canary roll-outs: the same person keeps
 * getting the same release while a canary percentage holds.
 */
export function canaryBucket(storage: Pick<Storage, 'getItem' | 'setItem'> = window.localStorage): number {
  const stored = Number(storage.getItem(KEY));
  if (storage.getItem(KEY) !== null && Number.isFinite(stored) && stored >= 0 && stored < 100) return stored;
  const bucket = Math.floor(Math.random() * 10000) / 100;
  storage.setItem(KEY, String(bucket));
  return bucket;
}
