// The folder in the grid view: a tile per entry, with its thumbnail (a 240×240 rendition for an
// image, read once the bucket's facts say public or not), its checkbox, its name and its menu.
import { usePortal } from '@portal/platform';
import { Checkbox, EmptyState, FileIcon, FolderIcon, Inline } from '@portal/ui';
import { useEffect, useMemo, useState, type HTMLAttributes, type ReactNode } from 'react';
import { thumbnailUrls } from '../storage/thumbnails.js';
import type { Entry } from '../storage/folder-page.js';

export function FolderGrid({
  busy,
  bucket,
  isPublic,
  entries,
  selected,
  onSelect,
  onOpen,
  dragProps,
  menu,
}: {
  /** The entries are being read again: not yet known to be empty. */
  busy: boolean;
  bucket: string;
  /** Unknown until the bucket's facts are read; thumbnails wait for it. */
  isPublic: boolean | null;
  entries: Entry[];
  selected: ReadonlySet<string>;
  onSelect: (names: Set<string>) => void;
  onOpen: (entry: Entry) => void;
  dragProps: (entry: Entry) => HTMLAttributes<HTMLElement>;
  menu: (entry: Entry) => ReactNode;
}): ReactNode {
  const { supabase } = usePortal();
  const [thumbs, setThumbs] = useState<Record<string, string>>({});
  const imageKeys = useMemo(
    () =>
      entries
        .filter((entry) => entry.kind === 'file' && entry.type?.startsWith('image/'))
        .map((entry) => entry.key),
    [entries],
  );
  useEffect(() => {
    if (imageKeys.length === 0 || isPublic === null) return;
    let live = true;
    void thumbnailUrls(supabase, bucket, isPublic, imageKeys).then(
      (urls) => live && setThumbs(urls),
    );
    return () => {
      live = false;
    };
  }, [supabase, bucket, isPublic, imageKeys]);
  if (entries.length === 0) return busy ? null : <EmptyState title="This folder is empty" />;
  return (
    <ul className="files-grid" aria-label="Files" aria-busy={busy || undefined}>
      {entries.map((entry) => (
        <li
          key={entry.name}
          className="files-tile"
          data-entry={entry.name}
          data-selected={selected.has(entry.name)}
          {...dragProps(entry)}
        >
          <div className="files-tile__thumb">
            {thumbs[entry.key] ? (
              <img src={thumbs[entry.key]} alt="" loading="lazy" />
            ) : entry.kind === 'folder' ? (
              <FolderIcon />
            ) : (
              <FileIcon />
            )}
          </div>
          <Inline gap={1} wrap={false}>
            <Checkbox
              aria-label={`Select ${entry.name}`}
              checked={selected.has(entry.name)}
              onChange={(event) => {
                const next = new Set(selected);
                if (event.target.checked) next.add(entry.name);
                else next.delete(entry.name);
                onSelect(next);
              }}
            />
            <button
              type="button"
              className="files-link files-tile__name"
              onClick={() => onOpen(entry)}
            >
              {entry.name}
            </button>
            {menu(entry)}
          </Inline>
        </li>
      ))}
    </ul>
  );
}
