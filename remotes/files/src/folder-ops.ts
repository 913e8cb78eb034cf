// Storage has no folders, only names with slashes: renaming, moving or deleting a folder is doing
// it to every object whose name starts with the folder's prefix. These functions turn a selection
// of files and folders into the object operations, so the dialogs and drag-and-drop share them.
import type { Entry } from './storage-access.js';
import { nameParts } from './upload/checks.js';

export interface PlannedMove {
  from: string;
  to: string;
}

/** `a/b/` → `a/b/`, `a/b` → `a/b/`, `` → ``. */
export function asFolder(path: string): string {
  return path === '' || path.endsWith('/') ? path : `${path}/`;
}

/**
 * The moves that put each selected entry into `targetFolder` under its own name: a file moves
 * itself, a folder every object under it (`keysUnder[folder.key]`) with their inner paths kept.
 * Entries already there, and a folder moved into itself or below itself, are refused in words.
 */
export function planMoveInto(
  selected: readonly Entry[],
  keysUnder: Readonly<Record<string, readonly string[]>>,
  targetFolder: string,
): { moves: PlannedMove[]; problem: string | null } {
  const target = asFolder(targetFolder);
  const moves: PlannedMove[] = [];
  for (const entry of selected) {
    if (entry.kind === 'folder') {
      const prefix = asFolder(entry.key);
      if (target.startsWith(prefix))
        return { moves: [], problem: `“${entry.name}” cannot be moved into itself.` };
      for (const key of keysUnder[entry.key] ?? [])
        moves.push({ from: key, to: `${target}${entry.name}/${key.slice(prefix.length)}` });
    } else moves.push({ from: entry.key, to: `${target}${entry.name}` });
  }
  return { moves: moves.filter((move) => move.from !== move.to), problem: null };
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

/** Every object a deletion of the selection removes. */
export function keysToDelete(
  selected: readonly Entry[],
  keysUnder: Readonly<Record<string, readonly string[]>>,
): string[] {
  return selected.flatMap((entry) =>
    entry.kind === 'folder' ? [...(keysUnder[entry.key] ?? [])] : [entry.key],
  );
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
