// Storage has no folders, only names with slashes: renaming, moving or deleting a folder is doing
// it to every object whose name starts with the folder's prefix. These functions turn files and
// folders into object operations (moves into a folder: move-entries.ts; into the trash: trash.ts).
import { nameParts } from './upload/checks.js';

/**
 * What a plan reads of a listed entry (storage/folder-page.ts's `Entry` has it), named here so
 * this file needs nothing of storage/folder-page.ts, which imports `asFolder` from it.
 */
interface Entry {
  kind: 'folder' | 'file';
  /** The name inside the folder. */
  name: string;
  /** The full object name (folders end in `/`). */
  key: string;
}

export interface PlannedMove {
  from: string;
  to: string;
}

/** `a/b/` → `a/b/`, `a/b` → `a/b/`, `` → ``. */
export function asFolder(path: string): string {
  return path === '' || path.endsWith('/') ? path : `${path}/`;
}

/** The moves that rename one entry in place (a folder: every object under it). */
export function planRename(
  entry: Entry,
  keysUnder: readonly string[],
  parentFolder: string,
  newName: string,
): PlannedMove[] {
  if (entry.kind === 'file') return [{ from: entry.key, to: `${parentFolder}${newName}` }];
  const prefix = asFolder(entry.key);
  return keysUnder.map((key) => ({
    from: key,
    to: `${parentFolder}${newName}/${key.slice(prefix.length)}`,
  }));
}

/**
 * The name a copy of `key` is made under, beside it: `me/b.txt` → `me/b copy.txt`, `me/README`
 * → `me/README copy`, `me/.env` → `me/.env copy`. When it is taken, "keep both" numbers it
 * (`b copy (1).txt`, upload/checks.ts's `keepBothName`).
 */
export function copyName(key: string): string {
  const { folder, stem, extension } = nameParts(key);
  return `${folder}${stem} copy${extension}`;
}
