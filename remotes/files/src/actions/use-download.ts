// Downloading files: each through a short-lived signed URL with `download`, so the browser saves
// it under its name; folders are skipped.
import { usePortal } from '@portal/platform';
import { describeFailure } from '../failures.js';
import type { Entry } from '../storage/folder-page.js';

/** `download(entries)`; a refusal goes to `setError` in words. */
export function useDownload(
  bucket: string,
  setError: (error: string | null) => void,
): (entries: Entry[]) => Promise<void> {
  const { supabase } = usePortal();
  const files = supabase.storage.from(bucket);
  return async (entries: Entry[]) => {
    setError(null);
    for (const entry of entries.filter((candidate) => candidate.kind === 'file')) {
      const { data, error: failed } = await files.createSignedUrl(entry.key, 60, {
        download: entry.name,
      });
      if (failed) return setError(`Could not download “${entry.name}”: ${describeFailure(failed)}`);
      const link = document.createElement('a');
      link.href = data.signedUrl;
      link.rel = 'noopener';
      link.click();
    }
  };
}
