// An initialised database image: a PGlite data directory right after initdb and the bootstrap
// (roles, Supabase's grants, every service's schema), kept in a cache folder and copied into
// each new data directory, so a fresh start skips initdb and the bootstrap (most of a cold
// start). The image is valid for one PGlite build and one version of the bootstrap: its key
// hashes both, and a changed file or upgraded PGlite simply makes (and uses) another image.
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { BOOTSTRAP_FILES, readSchemaFile } from './bootstrap.js';

const require = createRequire(import.meta.url);

function packageVersion(name: string): string {
  // The entry point lies in <package>/dist; package.json is not in the exports map.
  const entry = require.resolve(name);
  const manifest = path.join(path.dirname(entry), '..', 'package.json');
  return (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version;
}

/** What makes an image valid: the PGlite build, its extensions, and every bootstrap input. */
export function imageKey(
  files: readonly string[] = BOOTSTRAP_FILES,
  read: (file: string) => string = readSchemaFile,
): string {
  const hash = createHash('sha256');
  hash.update(`pglite ${packageVersion('@electric-sql/pglite')}\n`);
  hash.update(`pglite-pgvector ${packageVersion('@electric-sql/pglite-pgvector')}\n`);
  for (const file of files) hash.update(`${file}\n`).update(read(file)).update('\n');
  return hash.digest('hex').slice(0, 16);
}

/** `PORTAL_EMULATOR_CACHE_DIR`, else the user's cache folder. */
export function imageCacheDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env.PORTAL_EMULATOR_CACHE_DIR) return env.PORTAL_EMULATOR_CACHE_DIR;
  const base = env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache');
  return path.join(base, 'portal-emulator');
}

export function imagePath(cacheDir: string, key: string): string {
  return path.join(cacheDir, `pglite-image-${key}`);
}

/** A data directory Postgres has already initialised. */
export function isInitialised(dataDir: string): boolean {
  return existsSync(path.join(dataDir, 'PG_VERSION'));
}

/** Copies the image into an empty `dataDir`; false when there is no image yet. */
export function restoreImage(image: string, dataDir: string): boolean {
  if (!isInitialised(image)) return false;
  cpSync(image, dataDir, { recursive: true });
  return true;
}

/**
 * Stores a cleanly closed, bootstrapped data directory as the image. Written beside and renamed
 * into place, so a reader never sees half an image; when another process got there first, its
 * image is kept.
 */
export function saveImage(dataDir: string, image: string): void {
  if (isInitialised(image)) return;
  mkdirSync(path.dirname(image), { recursive: true });
  const staging = mkdtempSync(`${image}.staging-`);
  try {
    cpSync(dataDir, staging, { recursive: true });
    renameSync(staging, image);
  } catch (error) {
    rmSync(staging, { recursive: true, force: true });
    if (!isInitialised(image)) throw error;
  }
}
