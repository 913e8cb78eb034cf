import { startTransition, useEffect, useState } from 'react';
import { prepareLocalTimeFormats } from './local-time-formats.js';

export type SignedInPages = typeof import('./signed-in-pages.js');

let loaded: SignedInPages | null = null;

/**
 * The signed-in pages' chunk. The remote's chunk loader asks for it once, and again after a
 * failed download, so "Try again" renders the page rather than the same error. While it
 * downloads, the pages' date formatters are made in a task of their own.
 */
export function loadSignedInPages(): Promise<SignedInPages> {
  prepareLocalTimeFormats();
  return import('./signed-in-pages.js').then((pages) => (loaded = pages));
}

/** The signed-in pages if their chunk is in already (a page renders them at once), else null. */
export function signedInPagesIfLoaded(): SignedInPages | null {
  return loaded;
}

/**
 * Asks for the signed-in pages ahead of need (a person is signing in, or is signed in and opening
 * the account area). A failure here is left to the page that needs them, which shows it.
 */
export function preloadSignedInPages(): void {
  loadSignedInPages().catch(() => undefined);
}

/**
 * The signed-in pages for a page that renders them: at once when their chunk is in, else once it
 * has arrived, or why it did not. The arrival is rendered as a transition, which React renders in
 * slices: as an ordinary update the whole page was one task (the profile: 140 ms at a phone's CPU,
 * its first date formatter included; issue #40).
 */
export function useSignedInPages(): { pages: SignedInPages | null; failure: { error: unknown } | null } {
  const [pages, setPages] = useState(signedInPagesIfLoaded);
  const [failure, setFailure] = useState<{ error: unknown } | null>(null);
  useEffect(() => {
    if (pages) return;
    let current = true;
    loadSignedInPages().then(
      (loaded) => current && startTransition(() => setPages(loaded)),
      (error: unknown) => current && setFailure({ error }),
    );
    return () => {
      current = false;
    };
  }, [pages]);
  return { pages, failure };
}
