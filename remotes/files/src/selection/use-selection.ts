// The folder page's selection, kept in the URL (`sel=`): which entries are selected, choosing
// others, and clearing it once an action on it is done.
import { navigate } from '@portal/platform';
import { useCallback, useMemo } from 'react';
import { selectionClearedHref, type FilesView } from '../location.js';
import type { Entry } from '../storage/folder-page.js';

export interface Selection {
  /** The selected entries' names. */
  selected: ReadonlySet<string>;
  /** The selected entries among those shown. */
  selectedEntries: Entry[];
  setSelected: (names: Set<string>) => void;
  clearSelection: () => void;
}

export function useSelection(
  route: string,
  bucketId: string,
  view: FilesView,
  entries: Entry[],
  go: (next: FilesView, replace?: boolean) => void,
): Selection {
  const selected = useMemo(() => new Set(view.selected), [view.selected]);
  const selectedEntries = entries.filter((entry) => selected.has(entry.name));
  const setSelected = (names: Set<string>) => go({ ...view, selected: [...names] }, true);
  // After an action on the selection: the selection is cleared in the view the page shows when
  // the action ends, which the person may have changed meanwhile (a copy or a drag does not hold
  // the page); from another folder, nothing moves. With this render's `view` a copy that ended
  // after the person had opened another folder took them back to this one.
  const clearSelection = useCallback(() => {
    const href = selectionClearedHref(route, bucketId, view.folder, window.location);
    if (href) navigate(href, { replace: true });
  }, [route, bucketId, view.folder]);
  return { selected, selectedEntries, setSelected, clearSelection };
}
