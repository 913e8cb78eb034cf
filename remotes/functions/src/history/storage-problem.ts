// What a person is told when this browser would not keep a call in the history. IndexedDB fails
// with a DOMException whose name says why; its message is written for developers, and often
// empty (Chromium's QuotaExceededError has none), so the words come from the name.

/** Why the browser refused to store the history, as the end of a sentence a person can act on. */
export function storageProblem(error: unknown): string {
  // Read as fields: a DOMException is not always an Error of this realm.
  const field = (key: 'name' | 'message') => {
    const value = (error as Record<string, unknown> | null | undefined)?.[key];
    return typeof value === 'string' ? value.trim() : '';
  };
  const name = field('name');
  const message = field('message');
  switch (name) {
    case 'QuotaExceededError':
      return 'this browser has no room left for the portal’s data. Clear the history, or free space in the browser’s site data, to keep new calls.';
    case 'SecurityError':
      return 'this browser does not let the portal keep data (private browsing, or a setting that blocks site data).';
    case 'VersionError':
      // The database is of a later schema than this release's: a newer release of the functions
      // page stored it, and this one (after a rollback) cannot read it. A reload changes nothing.
      return 'it was stored by a newer release of this page, which this one cannot read. New calls are not kept until that release is back, or until the portal’s site data is cleared in the browser.';
    case 'InvalidStateError':
      return 'the browser closed the history’s storage (its site data was cleared, or another tab of the portal changed it). Reload the page to keep new calls.';
    default:
      return `the browser’s storage refused it${message ? ` (${message})` : name ? ` (${name})` : ''}. Reload the page to try again.`;
  }
}
