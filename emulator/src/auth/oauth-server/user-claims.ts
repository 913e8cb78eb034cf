// What the OAuth 2.1 server tells a client about the user, by scope (GoTrue's OAuthUserInfo and
// GenerateIDToken): `openid` gives the subject, `email` the address and whether it is confirmed,
// `profile` the name, picture, preferred username, updated_at and user_metadata, `phone` the number.
import type { Keys } from '../../keys.js';
import type { AuthSettings } from '../settings.js';
import type { UserRow } from '../users/users.js';

type Claims = Record<string, unknown>;

const metadataText = (user: UserRow, ...names: string[]): string | null => {
  const metadata = (user.raw_user_meta_data ?? {}) as Record<string, unknown>;
  for (const name of names) {
    const value = metadata[name];
    if (typeof value === 'string' && value) return value;
  }
  return null;
};

export function userClaims(user: UserRow, scopes: readonly string[]): Claims {
  const claims: Claims = { sub: user.id };
  if (scopes.includes('email')) {
    if (user.email) claims.email = user.email;
    if (user.email_confirmed_at) claims.email_verified = true;
  }
  if (scopes.includes('profile')) {
    const name = metadataText(user, 'name') ?? user.email;
    if (name) claims.name = name;
    const picture = metadataText(user, 'picture', 'avatar_url');
    if (picture) claims.picture = picture;
    const username = metadataText(user, 'preferred_username', 'username');
    if (username) claims.preferred_username = username;
    if (user.updated_at) claims.updated_at = Math.floor(new Date(user.updated_at).getTime() / 1000);
    claims.user_metadata = user.raw_user_meta_data ?? {};
  }
  if (scopes.includes('phone')) {
    if (user.phone) claims.phone = user.phone;
    if (user.phone_confirmed_at) claims.phone_verified = true;
  }
  return claims;
}

/** The OIDC ID token of a code exchange with `openid`: for the client (aud), signed like access tokens. */
export async function signIdToken(
  keys: Keys,
  settings: AuthSettings,
  user: UserRow,
  grant: { clientId: string; scopes: readonly string[]; nonce: string | null },
): Promise<string> {
  const issuedAt = Math.floor(Date.now() / 1000);
  return keys.sign({
    ...userClaims(user, grant.scopes),
    iss: settings.issuer,
    aud: grant.clientId,
    iat: issuedAt,
    exp: issuedAt + settings.jwtExpiry,
    ...(user.last_sign_in_at
      ? { auth_time: Math.floor(new Date(user.last_sign_in_at).getTime() / 1000) }
      : {}),
    ...(grant.nonce ? { nonce: grant.nonce } : {}),
  });
}
