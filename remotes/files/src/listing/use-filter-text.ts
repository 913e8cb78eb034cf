// The filter field's text: typing filters after a short pause; the URL (and so the listing)
// follows.
import { useEffect, useState } from 'react';
import type { FilesView } from '../location.js';

export function useFilterText(
  view: FilesView,
  go: (next: FilesView, replace?: boolean) => void,
): [string, (text: string) => void] {
  const [filterText, setFilterText] = useState(view.filter);
  useEffect(() => {
    if (filterText === view.filter) return;
    const timer = setTimeout(
      () => go({ ...view, filter: filterText, selected: [], open: null }, true),
      250,
    );
    return () => clearTimeout(timer);
  }, [filterText, view, go]);
  return [filterText, setFilterText];
}
