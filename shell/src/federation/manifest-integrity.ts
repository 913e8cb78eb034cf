/** Subresource-Integrity check of a fetched document (`sha384-<base64>`), with WebCrypto. */
export async function matchesIntegrity(bytes: ArrayBuffer, integrity: string): Promise<boolean> {
  const dash = integrity.indexOf('-');
  const algorithm = { sha256: 'SHA-256', sha384: 'SHA-384', sha512: 'SHA-512' }[integrity.slice(0, dash)];
  if (!algorithm) return false;
  const digest = new Uint8Array(await crypto.subtle.digest(algorithm, bytes));
  let binary = '';
  for (const byte of digest) binary += String.fromCharCode(byte);
  return btoa(binary) === integrity.slice(dash + 1);
}
