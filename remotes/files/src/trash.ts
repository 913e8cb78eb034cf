// The Trash of an area, as names in storage: deleting moves each object of the deleted entries
// to `<area>.trash/<deleted at>-<tag>-<depth>/<its path in the area>`, so it keeps the policies of
// the area it came from (in a project, its owners and editors see, restore and empty the trash,
// as they may delete) and everything needed to put it back is in its name: when it was deleted,
// which deletion it belongs to, and, by `depth` (how many folders above the deleted entry), which
// part of the path was the deleted file or folder. Storage has no folders and no trash of its
// own; a move keeps the object (and so its share links and its search document, which follow it).
import { asFolder, type PlannedMove } from './folder-ops.js';

export const TRASH_FOLDER = '.trash';
/** Items are kept this long, then removed for good (when someone who may opens the trash). */
export const TRASH_DAYS = 30;
const DAY_MS = 86_400_000;

/** `<user id>/` or `projects/<id>/`: the area a name belongs to, or null (no area of the portal's). */
export function areaRootOf(key: string): string | null {
  const match = /^(projects\/[0-9]{1,18}\/|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\/)/.exec(key);
  return match ? match[1]! : null;
}

export const trashFolderOf = (root: string) => `${asFolder(root)}${TRASH_FOLDER}/`;

/** Whether a name lies in an area's trash. */
export function isInTrash(key: string): boolean {
  const root = areaRootOf(key);
  return root !== null && key.startsWith(trashFolderOf(root));
}

/** One deletion's folder name: when, a tag that tells two deletions of the same moment apart, and the depth. */
export function trashStamp(deletedAt: number, tag: string, depth: number): string {
  return `${deletedAt}-${tag}-${depth}`;
}

/** A short random tag (letters and digits: storage takes them in any name). */
export function randomTag(): string {
  return Math.random().toString(36).slice(2, 8).padEnd(6, '0');
}

/**
 * The moves that put every object of `entries` (files, and folders as the objects under them:
 * `keysUnder[folder.key]`) into the trash of `root`, as one deletion made at `deletedAt`. All the
 * entries are in the folder `parent` of that area.
 */
export function planTrash(
  root: string,
  parent: string,
  entries: readonly { kind: 'file' | 'folder'; key: string }[],
  keysUnder: Readonly<Record<string, readonly string[]>>,
  deletedAt: number,
  tag = randomTag(),
): PlannedMove[] {
  const area = asFolder(root);
  if (!parent.startsWith(area)) throw new Error(`“${parent}” is not inside the area “${area}”.`);
  const depth = parent.slice(area.length).split('/').filter(Boolean).length;
  const folder = `${trashFolderOf(area)}${trashStamp(deletedAt, tag, depth)}/`;
  return entries.flatMap((entry) =>
    (entry.kind === 'folder' ? [...(keysUnder[entry.key] ?? [])] : [entry.key]).map((key) => ({
      from: key,
      to: `${folder}${key.slice(area.length)}`,
    })),
  );
}

/** One deleted file or folder, as the trash lists it. */
export interface TrashItem {
  /** Stable across listings: the deletion's folder and the entry's name. */
  id: string;
  name: string;
  kind: 'file' | 'folder';
  /** Where it was, as a folder of the area (`<root>a/b/`). */
  parent: string;
  /** Where it goes back to: `<parent><name>`. */
  originalKey: string;
  deletedAt: Date;
  /** Every object of it in the trash (one for a file). */
  keys: string[];
  /** The bytes of its objects together, when storage said. */
  size: number;
}

const STAMP = /^([0-9]{1,15})-([0-9a-z]{1,16})-([0-9]{1,4})$/;

/**
 * The trash items of `root` from the names of the objects in its trash (with their sizes),
 * newest deletion first. Names that do not have the trash's shape are left out.
 */
export function trashItems(root: string, objects: readonly { key: string; size: number | null }[]): TrashItem[] {
  const area = asFolder(root);
  const trash = trashFolderOf(area);
  const items = new Map<string, TrashItem>();
  for (const { key, size } of objects) {
    if (!key.startsWith(trash)) continue;
    const [stamp, ...path] = key.slice(trash.length).split('/');
    const match = STAMP.exec(stamp ?? '');
    if (!match) continue;
    const depth = Number(match[3]);
    if (path.length <= depth) continue;
    const parent = `${area}${path.slice(0, depth).map((part) => `${part}/`).join('')}`;
    const name = path[depth]!;
    const id = `${stamp}/${path.slice(0, depth + 1).join('/')}`;
    let item = items.get(id);
    if (!item) {
      item = {
        id,
        name,
        kind: 'file',
        parent,
        originalKey: `${parent}${name}`,
        deletedAt: new Date(Number(match[1])),
        keys: [],
        size: 0,
      };
      items.set(id, item);
    }
    if (path.length > depth + 1) item.kind = 'folder';
    item.keys.push(key);
    item.size += size ?? 0;
  }
  return [...items.values()].sort(
    (a, b) => b.deletedAt.getTime() - a.deletedAt.getTime() || a.name.localeCompare(b.name),
  );
}

/** Whether an item has been in the trash longer than it is kept. */
export function isExpired(item: TrashItem, now: number): boolean {
  return now - item.deletedAt.getTime() > TRASH_DAYS * DAY_MS;
}

/**
 * The moves that put an item back where it was, under `asName` (its own name, or a free one when
 * the person chose to keep both).
 */
export function planRestore(root: string, item: TrashItem, asName = item.name): PlannedMove[] {
  const trash = trashFolderOf(asFolder(root));
  return item.keys.map((key) => {
    const [stamp, ...path] = key.slice(trash.length).split('/');
    const depth = Number(STAMP.exec(stamp ?? '')![3]);
    const inside = path.slice(depth + 1).join('/');
    return { from: key, to: `${item.parent}${asName}${inside ? `/${inside}` : ''}` };
  });
}
