import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** Subresource Integrity value of a document (what the shell checks the manifest against). */
export function sriOf(bytes: Buffer, algorithm: 'sha256' | 'sha384' | 'sha512' = 'sha384'): string {
  return `${algorithm}-${createHash(algorithm).update(bytes).digest('base64')}`;
}

/** Every file below `dir`, as sorted relative paths with forward slashes. */
export function listFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (current: string) => {
    for (const entry of readdirSync(current, { withFileTypes: true })) {
      const full = path.join(current, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile()) out.push(path.relative(dir, full).split(path.sep).join('/'));
    }
  };
  walk(dir);
  return out.sort();
}

/**
 * How a release folder is laid out; part of every build hash, so a build published by an older
 * deploy (its manifest without file hashes) gets a new folder instead of an immutable conflict.
 */
const RELEASE_LAYOUT = 'release-layout-2 (manifest lists file hashes)';

/** A short hash of a whole build (names and contents), so the same build gets the same version. */
export function buildHash(dir: string): string {
  const hash = createHash('sha256').update(RELEASE_LAYOUT).update('\0');
  for (const file of listFiles(dir)) {
    hash.update(file).update('\0').update(readFileSync(path.join(dir, file))).update('\0');
  }
  return hash.digest('hex').slice(0, 8);
}
