export type SignedInPages = typeof import('./signed-in-pages.js');

let loaded: SignedInPages | null = null;

/**
 * The signed-in pages' chunk. The remote's chunk loader asks for it once, and again after a
 * failed download, so "Try again" renders the page rather than the same error.
 */
export function loadSignedInPages(): Promise<SignedInPages> {
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
