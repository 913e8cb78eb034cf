// Verifies the JWT a channel runs as, with Realtime's own wording (its
// ChannelsAuthorization/JwtVerification): `role` and `exp` are required, an expired token
// says how long ago it expired.
import { decodeJwt, decodeProtectedHeader } from 'jose';
import type { JwtClaims, Keys } from '../keys.js';
import { MESSAGES, RealtimeError } from './errors.js';

export interface VerifiedToken {
  token: string;
  claims: JwtClaims;
  /** Expiry, seconds since the epoch. */
  exp: number;
}

function decodeOrNull(
  token: string,
): { header: Record<string, unknown>; claims: Record<string, unknown> } | null {
  try {
    return {
      header: decodeProtectedHeader(token) as Record<string, unknown>,
      claims: decodeJwt(token),
    };
  } catch {
    return null;
  }
}

/** Throws a RealtimeError naming what is wrong with the token. */
export async function verifyAccessToken(
  keys: Keys,
  rawToken: string,
  now = Date.now(),
): Promise<VerifiedToken> {
  // Realtime strips whitespace (and URL-decodes) before verifying.
  const token = rawToken.replace(/\s/g, '');
  const decoded = decodeOrNull(token);
  if (!decoded) throw new RealtimeError('MalformedJWT', MESSAGES.malformedToken);
  const result = await keys.verify(token);
  if (!result.ok) {
    if (result.reason === 'expired') {
      const exp = Number(decoded.claims.exp);
      throw new RealtimeError(
        'InvalidJWTToken',
        MESSAGES.expired(Math.max(0, Math.floor(now / 1000) - exp)),
      );
    }
    // Realtime checks each change and message as the token's role: one it cannot switch to is
    // refused up front.
    if (result.reason === 'role') throw new RealtimeError('Unauthorized', result.message);
    // Realtime verifies with the project's JWT secret and JWKS (API_JWT_JWKS): an algorithm
    // neither covers has no signer, a key not in the set fails as a bad signature.
    const kind = result.reason === 'invalid' ? result.kind : null;
    if (kind === 'signature' || kind === 'unknown_key')
      throw new RealtimeError('JwtSignatureError', MESSAGES.badSignature);
    if (kind === 'algorithm') throw new RealtimeError('JwtSignerError', MESSAGES.signer);
    throw new RealtimeError('MalformedJWT', `${MESSAGES.malformedToken}: ${result.message}`);
  }
  const { claims } = result;
  if (typeof claims.role !== 'string' || typeof claims.exp !== 'number') {
    throw new RealtimeError('InvalidJWTToken', MESSAGES.missingClaims);
  }
  // jose accepts exp == now; Realtime requires exp > now.
  if (claims.exp <= Math.floor(now / 1000)) {
    throw new RealtimeError(
      'InvalidJWTToken',
      MESSAGES.expired(Math.floor(now / 1000) - claims.exp),
    );
  }
  return { token, claims, exp: claims.exp };
}

/**
 * New-style API keys are not JWTs; Realtime ignores them as access tokens
 * (docs/compatibility.md#realtime-messages).
 */
export function isApiKey(token: string): boolean {
  return token.startsWith('sb_');
}
