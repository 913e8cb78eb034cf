// The expiry of resumable uploads, apart from the TUS store so the start-up sweep needs no
// @tus/server (loaded on the first resumable request): uploads left unfinished are deleted once
// they are older than the expiry, and files a crash left behind once they are old enough.
import { readdir, readFile, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { UploadRecord } from './upload-record.js';

/** Files without a record are left alone this long (a create or removal may be between its steps). */
const STRAY_AGE_MS = 60_000;

export function resumableUploadsDir(dataDir: string): string {
  return path.join(dataDir, 'storage-resumable');
}

/** Deletes uploads older than the expiry, and stray files a crash left; returns how many uploads went. */
export async function deleteExpiredUploads(dir: string, expiryMs: number): Promise<number> {
  const now = Date.now();
  const names = await readdir(dir);
  const records = new Set(
    names.filter((name) => name.endsWith('.json')).map((name) => name.slice(0, -5)),
  );
  let removed = 0;
  for (const name of names) {
    const file = path.join(dir, name);
    if (name.endsWith('.json')) {
      let created: number;
      try {
        created = Date.parse(
          (JSON.parse(await readFile(file, 'utf8')) as UploadRecord).creationDate,
        );
      } catch {
        created = Number.NaN; // unreadable: judged by the file's own age below
      }
      if (Number.isNaN(created)) created = (await stat(file).catch(() => null))?.mtimeMs ?? now;
      if (now - created > expiryMs) {
        const version = name.slice(0, -5);
        // Bytes before the record: a stop between the two leaves an expired record (answered
        // as gone, and removed by the next sweep), never bytes that only the stray rule,
        // much later, would clear.
        await rm(path.join(dir, version), { force: true });
        await rm(file, { force: true });
        removed += 1;
      }
    } else if (name.endsWith('.json.tmp') || !records.has(name)) {
      // A record cut short by a crash, or bytes whose record is gone: old enough not to be a
      // create or a removal in progress.
      const age = now - ((await stat(file).catch(() => null))?.mtimeMs ?? now);
      if (age > STRAY_AGE_MS) await rm(file, { force: true });
    }
  }
  return removed;
}
