// Kept apart from the security pages' cards: the sign-in and second-step pages ask it too, and
// importing it from a card would bring the signed-in pages (and their dialogs) into their chunk.

/** WebAuthn needs PublicKeyCredential; without it the pages say so instead of offering a button. */
export function browserSupportsSecurityKeys(): boolean {
  return typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';
}
