import { readFileSync } from 'node:fs';
import path from 'node:path';
import { EXPOSE_SHARED_FIELD, FILE_INTEGRITY_FIELD, releaseFilesSchema, type FileIntegrity, type ReleaseFiles } from '@portal/platform/registry';
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

/**
 * What the registry carries of a release so the shell loads it without reading the manifest first
 * (`files` of a registry release): the entry, the first scripts of `./app` and their hashes, read
 * from the manifest as published. Null when the manifest cannot say where its files are (a public
 * path other than the manifest's own folder) or lists no hashes: the shell then reads the manifest.
 */
export function releaseFilesOf(manifestBytes: Buffer): ReleaseFiles | null {
  const manifest = JSON.parse(manifestBytes.toString('utf8')) as {
    metaData?: { globalName?: string; publicPath?: string; remoteEntry?: { name?: string; path?: string } };
    exposes?: Array<{ path?: string; assets?: { js?: { sync?: string[] } } }>;
    [FILE_INTEGRITY_FIELD]?: FileIntegrity;
    [EXPOSE_SHARED_FIELD]?: Record<string, string[]>;
  };
  const { metaData, exposes = [] } = manifest;
  const hashes = manifest[FILE_INTEGRITY_FIELD];
  if (!metaData?.remoteEntry?.name || !metaData.globalName || !hashes || !['auto', ''].includes(metaData.publicPath ?? '')) return null;
  const folder = (metaData.remoteEntry.path ?? '').replace(/^\.?\/?/, '').replace(/\/?$/, '/').replace(/^\/$/, '');
  const entry = `${folder}${metaData.remoteEntry.name}`;
  const app = exposes.find((expose) => expose.path === './app')?.assets?.js?.sync ?? [];
  const integrity: FileIntegrity = {};
  for (const file of [entry, ...app]) {
    const hash = hashes[file];
    if (!hash) return null;
    integrity[file] = hash;
  }
  const shared = manifest[EXPOSE_SHARED_FIELD]?.['./app'] ?? [];
  const files = { entry, globalName: metaData.globalName, app, integrity, ...(shared.length > 0 ? { shared } : {}) };
  return releaseFilesSchema.safeParse(files).success ? files : null;
}
