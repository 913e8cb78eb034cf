// `export <dir>` and `start --import <dir>`: everything the emulator holds — the database,
// object bytes, the mailbox — in one folder. Written beside the target under a temporary
// name and renamed into place once complete, so a process killed midway leaves the previous
// export (or none) whole and never a partial one under the target's name.
import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { PGlite } from '@electric-sql/pglite';
import type { Database } from '../db/database.js';
import { PGLITE_EXTENSIONS } from '../db/pglite.js';
import { embeddedPGlite } from '../db/pglite-worker.js';
import type { StoredMail } from '../mail/mailbox.js';

const FORMAT = 1;
const MANIFEST = 'manifest.json';
const DATABASE_IMAGE = 'database/pglite.tar.gz';
const STORAGE = 'storage';
const MAILBOX = 'mailbox.json';

const manifestSchema = z.object({
  format: z.literal(FORMAT),
  engine: z.literal('pglite'),
  exportedAt: z.string(),
  mails: z.number().int().nonnegative(),
});

export interface ExportSummary {
  dir: string;
  mails: number;
  bytes: number;
}

/** A sibling of `target` on the same file system, so that rename is atomic. */
function sibling(target: string, purpose: string): string {
  return path.join(path.dirname(target), `.${path.basename(target)}.${purpose}-${randomBytes(4).toString('hex')}`);
}

/** Moves a finished folder to `target`, replacing what was there only once the new one is in place. */
function moveIntoPlace(finished: string, target: string): void {
  if (!existsSync(target)) {
    renameSync(finished, target);
    return;
  }
  const previous = sibling(target, 'previous');
  renameSync(target, previous);
  renameSync(finished, target);
  rmSync(previous, { recursive: true, force: true });
}

/**
 * Tidies what a process killed during an earlier export or import left beside `target`: a
 * half-written copy is removed; a previous version moved aside for the swap is put back when
 * the target itself is missing (killed between the two renames).
 */
function recoverInterrupted(target: string): void {
  const parent = path.dirname(target);
  if (!existsSync(parent)) return;
  const prefix = `.${path.basename(target)}.`;
  for (const name of readdirSync(parent)) {
    if (!name.startsWith(prefix)) continue;
    const leftover = path.join(parent, name);
    if (/^(partial|importing)-[0-9a-f]{8}$/.test(name.slice(prefix.length))) {
      rmSync(leftover, { recursive: true, force: true });
    } else if (/^previous-[0-9a-f]{8}$/.test(name.slice(prefix.length))) {
      if (existsSync(target)) rmSync(leftover, { recursive: true, force: true });
      else renameSync(leftover, target);
    }
  }
}

export async function exportEmulator(
  target: string,
  source: { db: Database; dataDir: string; mails: StoredMail[] },
): Promise<ExportSummary> {
  const embedded = embeddedPGlite(source.db);
  if (!embedded) {
    throw new Error('export covers the embedded database (PGlite); with DATABASE_URL, back up the server with pg_dump.');
  }
  const dir = path.resolve(target);
  mkdirSync(path.dirname(dir), { recursive: true });
  recoverInterrupted(dir);
  const partial = sibling(dir, 'partial');
  mkdirSync(path.join(partial, path.dirname(DATABASE_IMAGE)), { recursive: true });
  try {
    // Rows and the bytes they point at are taken together, while no request runs.
    const image = await embedded.exclusive(async (pg) => {
      const dump = await pg.dumpDataDir('gzip');
      const storage = path.join(source.dataDir, STORAGE);
      if (existsSync(storage)) cpSync(storage, path.join(partial, STORAGE), { recursive: true });
      return dump;
    });
    const bytes = Buffer.from(await image.arrayBuffer());
    writeFileSync(path.join(partial, DATABASE_IMAGE), bytes);
    writeFileSync(path.join(partial, MAILBOX), JSON.stringify(source.mails));
    const manifest = { format: FORMAT, engine: 'pglite', exportedAt: new Date().toISOString(), mails: source.mails.length };
    writeFileSync(path.join(partial, MANIFEST), JSON.stringify(manifest, null, 2));
    moveIntoPlace(partial, dir);
    return { dir, mails: source.mails.length, bytes: bytes.length };
  } catch (error) {
    rmSync(partial, { recursive: true, force: true });
    throw error;
  }
}

export interface ImportedEmulator {
  mails: StoredMail[];
}

/**
 * Replaces the data directory with the export's database and object bytes (the export itself
 * is left as it is); the mails are handed back for the mailbox, which lives in memory.
 */
export async function importEmulator(source: string, dataDir: string): Promise<ImportedEmulator> {
  const dir = path.resolve(source);
  const manifestPath = path.join(dir, MANIFEST);
  if (!existsSync(manifestPath)) {
    throw new Error(`${dir} is not an export of portal-emulator (no ${MANIFEST}).`);
  }
  const manifest = manifestSchema.safeParse(JSON.parse(readFileSync(manifestPath, 'utf8')));
  if (!manifest.success) throw new Error(`${manifestPath}: not an export this emulator can read (format ${FORMAT}).`);
  const mails = JSON.parse(readFileSync(path.join(dir, MAILBOX), 'utf8')) as StoredMail[];

  const target = path.resolve(dataDir);
  mkdirSync(path.dirname(target), { recursive: true });
  recoverInterrupted(target);
  const staging = sibling(target, 'importing');
  mkdirSync(staging);
  try {
    const image = new Blob([readFileSync(path.join(dir, DATABASE_IMAGE))]);
    const pg = await PGlite.create({ dataDir: path.join(staging, 'pglite'), loadDataDir: image, extensions: PGLITE_EXTENSIONS });
    await pg.close();
    if (existsSync(path.join(dir, STORAGE))) cpSync(path.join(dir, STORAGE), path.join(staging, STORAGE), { recursive: true });
    moveIntoPlace(staging, target);
  } catch (error) {
    rmSync(staging, { recursive: true, force: true });
    throw error;
  }
  return { mails };
}
