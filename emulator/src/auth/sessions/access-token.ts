// Access tokens with exactly GoTrue's AccessTokenClaims
// (docs/compatibility.md#auth-access-token-claims): iss, sub, aud (a plain string), exp, iat,
// email, phone, app_metadata, user_metadata, role, aal, amr, session_id, is_anonymous (and
// client_id for a session an OAuth client started).
import type { Keys } from '../../keys.js';
import type { AuthSettings } from '../settings.js';
import type { UserRow } from '../users/users.js';

export interface AmrEntry {
  method: string;
  timestamp: number;
}

export type Aal = 'aal1' | 'aal2';

/** Methods that prove a second factor; any of them in a session's amr makes it aal2. */
const SECOND_FACTOR_METHODS = new Set(['totp', 'mfa/totp', 'mfa/phone', 'mfa/webauthn']);

export function aalOf(amr: AmrEntry[]): Aal {
  return amr.some((entry) => SECOND_FACTOR_METHODS.has(entry.method)) ? 'aal2' : 'aal1';
}

export async function signAccessToken(
  keys: Keys,
  settings: AuthSettings,
  user: UserRow,
  session: { id: string; amr: AmrEntry[]; clientId?: string | null },
): Promise<{ token: string; expiresAt: number }> {
  const issuedAt = Math.floor(Date.now() / 1000);
  const expiresAt = issuedAt + settings.jwtExpiry;
  const token = await keys.sign({
    iss: settings.issuer,
    sub: user.id,
    aud: user.aud || 'authenticated',
    exp: expiresAt,
    iat: issuedAt,
    email: user.email ?? '',
    phone: user.phone ?? '',
    app_metadata: user.raw_app_meta_data ?? {},
    user_metadata: user.raw_user_meta_data ?? {},
    role: user.role || 'authenticated',
    aal: aalOf(session.amr),
    amr: session.amr,
    session_id: session.id,
    is_anonymous: user.is_anonymous,
    // A session an OAuth client started: GoTrue names the client in its access tokens.
    ...(session.clientId ? { client_id: session.clientId } : {}),
  });
  return { token, expiresAt };
}
