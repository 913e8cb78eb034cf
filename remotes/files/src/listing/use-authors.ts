// Who last changed each file, in a project's folders (storage keeps the last writer of an
// object), named from the portal's profiles, followed live (a name changed anywhere shows at
// once).
import { usePortal, useProfiles } from '@portal/platform';
import { useEffect, useState } from 'react';
import { authorName, objectAuthors, type Author } from '../storage/authors.js';
import type { Entry } from '../storage/folder-page.js';

/** `authorOf(entry)`: "You", the person's display name, or '' while unknown or not shared. */
export function useAuthors(
  bucketId: string,
  shared: boolean,
  entries: Entry[],
  userId: string,
): (entry: Entry) => string {
  const { supabase } = usePortal();
  const [authors, setAuthors] = useState<{ of: Entry[]; map: Map<string, Author> } | null>(null);
  useEffect(() => {
    if (!shared) return;
    const keys = entries.filter((entry) => entry.kind === 'file').map((entry) => entry.key);
    if (keys.length === 0) return;
    let live = true;
    objectAuthors(supabase, bucketId, keys).then(
      (map) => live && setAuthors({ of: entries, map }),
      // Without them the column stays empty; the listing itself is what matters.
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [supabase, bucketId, shared, entries]);
  const { profiles } = useProfiles();
  return (entry: Entry): string => {
    const author = authors?.map.get(entry.key);
    return author ? authorName(author, userId, profiles) : '';
  };
}
