import { readFileSync } from 'node:fs';
import path from 'node:path';
import { FILE_INTEGRITY_FIELD, type FileIntegrity } from '@portal/platform/registry';
import { listFiles, sriOf } from './hashing.js';

/** What a browser runs from a release: scripts and style sheets (not source maps or JSON). */
const RUNS_IN_BROWSER = /\.(m?js|css)$/;

/**
 * The mf-manifest.json a release is published with: the build's manifest plus the SHA-384 of each
 * script and style sheet of the build. The registry holds the hash of this document, so it covers
 * remoteEntry.js (checked by the shell's federation runtime) and, through the chunk hashes built
 * into remoteEntry.js, every chunk the remote's own loader fetches.
 */
export function releaseManifestOf(distDir: string): Buffer {
  const manifest = JSON.parse(readFileSync(path.join(distDir, 'mf-manifest.json'), 'utf8')) as Record<string, unknown>;
  const files: FileIntegrity = {};
  for (const file of listFiles(distDir).filter((f) => RUNS_IN_BROWSER.test(f))) files[file] = sriOf(readFileSync(path.join(distDir, file)));
  return Buffer.from(`${JSON.stringify({ ...manifest, [FILE_INTEGRITY_FIELD]: files }, null, 2)}\n`);
}
