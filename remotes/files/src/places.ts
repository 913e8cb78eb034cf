// The person's places as they know them: storage names a place by its key (`<user id>/archive/`,
// `projects/12/`), the page by the area's label and the folders inside it ("My files / archive").
// The breadcrumbs, the Move dialog's and the trash's, and every message that names a place or a
// file's whereabouts say it in these words, never the key.
import { TRASH_FOLDER } from './trash.js';

/** A place of the person's: My files, a project's folder, the public assets. */
export interface Area {
  label: string;
  description: string;
  bucket: string;
  folder: string;
  /**
   * Whether the person may change files here, and when not, why (in their words). The policies
   * decide in the end; this only keeps the page from offering what they would refuse.
   */
  readOnly: string | null;
}

/** One step of a breadcrumb: its words, and the folder it opens. */
export interface Crumb {
  label: string;
  folder: string;
}

/** The area of `bucket` that `key` (a file's or a folder's name) lies in: the longest matching root. */
export function placeOf(places: readonly Area[], bucket: string, key: string): Area | null {
  return (
    places
      .filter((area) => area.bucket === bucket && key.startsWith(area.folder))
      .sort((a, b) => b.folder.length - a.folder.length)[0] ?? null
  );
}

/**
 * `key`'s breadcrumb: the area's label, then each folder inside it (and the file's name, for a
 * file). A key in none of the person's places (someone else's folder, opened by its URL) starts
 * with the bucket's name and shows its whole path, as there is no other name for it.
 */
export function placeCrumbs(places: readonly Area[], bucket: string, key: string): Crumb[] {
  const area = placeOf(places, bucket, key);
  const root = area?.folder ?? '';
  const crumbs: Crumb[] = [{ label: area?.label ?? bucket, folder: root }];
  let folder = root;
  for (const part of key.slice(root.length).split('/').filter(Boolean)) {
    folder += `${part}/`;
    crumbs.push({ label: part, folder });
  }
  return crumbs;
}

/**
 * Where `key` is, in the person's words: `<me>/archive/` → "My files / archive",
 * `projects/12/plan.txt` → "Garden / plan.txt". In an area's trash, the trash and the path the
 * item had ("My files / Trash / archive / old.txt"): the deletion's folder is storage's business.
 */
export function placeInWords(places: readonly Area[], bucket: string, key: string): string {
  const crumbs = placeCrumbs(places, bucket, key);
  const area = placeOf(places, bucket, key);
  if (area && crumbs[1]?.label === TRASH_FOLDER)
    return [crumbs[0]!.label, 'Trash', ...crumbs.slice(3).map((crumb) => crumb.label)].join(' / ');
  return crumbs.map((crumb) => crumb.label).join(' / ');
}
