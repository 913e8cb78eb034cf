// Signed-URL tokens (docs/compatibility.md#storage-signed-urls): JWTs signed as the project signs
// (HS256 with its secret, or its current signing key) carrying `{url:"bucket/key", iat, exp}`;
// upload tokens also carry `owner` and `upsert`. A download token must never open an upload and
// vice versa, so each kind is recognised by its claims.
import type { JwtClaims, Keys } from '../../keys.js';
import { storageErrors } from '../errors.js';

/** storage-api's default lifetime of a signed upload URL: two hours. */
export const UPLOAD_URL_EXPIRY_SECONDS = 2 * 60 * 60;

export interface DownloadToken {
  url: string;
  transformations?: string;
}

export interface UploadToken {
  url: string;
  owner: string | null;
  upsert: boolean;
}

export function signDownloadToken(keys: Keys, url: string, expiresIn: number, transformations?: string): Promise<string> {
  return keys.sign({ url, ...(transformations ? { transformations } : {}) }, { expiresInSeconds: expiresIn });
}

export function signUploadToken(keys: Keys, url: string, owner: string | null, upsert: boolean): Promise<string> {
  return keys.sign({ url, upsert, ...(owner ? { owner } : {}) }, { expiresInSeconds: UPLOAD_URL_EXPIRY_SECONDS });
}

async function verified(keys: Keys, token: string | undefined): Promise<JwtClaims> {
  if (!token) throw storageErrors.invalidJwt('Missing token: the signed URL needs its ?token= query parameter');
  const result = await keys.verify(token);
  if (!result.ok) {
    throw storageErrors.invalidJwt(result.reason === 'expired' ? 'jwt expired' : result.message);
  }
  return result.claims;
}

export async function verifyDownloadToken(keys: Keys, token: string | undefined, url: string): Promise<DownloadToken> {
  const claims = await verified(keys, token);
  if (typeof claims.url !== 'string' || 'upsert' in claims || 'role' in claims) {
    throw storageErrors.invalidSignature('Token is not a signed download URL token');
  }
  if (claims.url !== url) throw storageErrors.invalidSignature();
  return {
    url: claims.url,
    ...(typeof claims.transformations === 'string' ? { transformations: claims.transformations } : {}),
  };
}

export async function verifyUploadToken(keys: Keys, token: string | undefined, url: string): Promise<UploadToken> {
  const claims = await verified(keys, token);
  if (typeof claims.url !== 'string' || typeof claims.upsert !== 'boolean' || 'role' in claims) {
    throw storageErrors.invalidSignature('Token is not a signed upload URL token');
  }
  if (claims.url !== url) throw storageErrors.invalidSignature();
  return { url: claims.url, upsert: claims.upsert, owner: typeof claims.owner === 'string' ? claims.owner : null };
}
