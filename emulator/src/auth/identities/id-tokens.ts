// OpenID Connect ID tokens of the built-in test provider, and their checks for
// `grant_type=id_token` (docs/compatibility.md#auth-id-tokens; GoTrue's IdTokenGrant). Offline
// there is no Google or Apple to fetch keys from, so the only issuer the emulator trusts is its own
// test provider, which signs as the project does (its JWT secret, or its current signing key).
import { createHash } from 'node:crypto';
import type { Keys } from '../../keys.js';
import { fail, OAuthError } from '../errors.js';
import type { ProviderIdentity } from './oauth-state.js';
import { TEST_PROVIDER, type AuthSettings } from '../settings.js';

/** The `aud` the test provider puts in its ID tokens (its "client id"); the grant accepts only it. */
export const TEST_CLIENT_ID = 'portal-emulator';

/** How long a test ID token is valid unless asked otherwise. */
const ID_TOKEN_SECONDS = 10 * 60;

/** The providers GoTrue verifies ID tokens of, with their issuers (for its error messages). */
const GOTRUE_ID_TOKEN_ISSUERS: Record<string, string> = {
  apple: 'https://appleid.apple.com',
  google: 'https://accounts.google.com',
  azure: 'https://login.microsoftonline.com/common/v2.0',
  facebook: 'https://www.facebook.com',
  kakao: 'https://kauth.kakao.com',
  keycloak: '',
};

export function testIssuer(settings: AuthSettings): string {
  return `${settings.apiUrl}/auth/v1/${TEST_PROVIDER}-provider`;
}

export interface TestIdTokenRequest {
  provider: string;
  sub: string;
  email: string;
  name: string | null;
  emailVerified: boolean;
  /** Put in the token as given: pass sha256(raw nonce) hex as Apple/Google do. */
  nonce: string | null;
  aud: string;
  expiresInSeconds?: number;
}

export async function signTestIdToken(
  keys: Keys,
  settings: AuthSettings,
  request: TestIdTokenRequest,
): Promise<string> {
  return keys.sign(
    {
      iss: testIssuer(settings),
      aud: request.aud,
      sub: request.sub,
      email: request.email,
      email_verified: request.emailVerified,
      ...(request.name ? { name: request.name } : {}),
      ...(request.nonce ? { nonce: request.nonce } : {}),
      // Which locally served provider the identity belongs to (the test page serves several).
      provider: request.provider,
    },
    { expiresInSeconds: request.expiresInSeconds ?? ID_TOKEN_SECONDS },
  );
}

/**
 * GoTrue's getProvider: the provider name an ID token grant asks for, when the emulator can
 * verify it; GoTrue's errors otherwise.
 */
export function idTokenProvider(
  settings: AuthSettings,
  provider: string | null | undefined,
  issuer: string | null | undefined,
): string {
  if (provider === TEST_PROVIDER || (!provider && issuer === testIssuer(settings))) {
    return TEST_PROVIDER;
  }
  if (provider && settings.oauthProviders.has(provider)) return provider;
  if (provider && provider in GOTRUE_ID_TOKEN_ISSUERS) {
    fail(
      'provider_disabled',
      `Provider (issuer "${GOTRUE_ID_TOKEN_ISSUERS[provider]}") is not enabled`,
    );
  }
  fail('validation_failed', `Custom OIDC provider "${issuer ?? ''}" not allowed`);
}

/** Verifies signature, issuer, expiry, audience and nonce; answers the identity it names. */
export async function verifyIdToken(
  keys: Keys,
  settings: AuthSettings,
  provider: string,
  token: string,
  rawNonce: string | null,
): Promise<ProviderIdentity> {
  const result = await keys.verify(token);
  if (!result.ok) throw new OAuthError('invalid request', 'Bad ID token');
  const claims = result.claims as Record<string, unknown>;
  if (claims.iss !== testIssuer(settings) || typeof claims.sub !== 'string' || !claims.sub) {
    throw new OAuthError('invalid request', 'Bad ID token');
  }
  const tokenProvider = typeof claims.provider === 'string' ? claims.provider : TEST_PROVIDER;
  const audiences = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
  if (!audiences.includes(TEST_CLIENT_ID) || tokenProvider !== provider) {
    throw new OAuthError('invalid request', 'Unacceptable audience in id_token');
  }
  // GoTrue: both or neither carry a nonce; the token holds the hex sha256 of the raw nonce.
  const tokenNonce = typeof claims.nonce === 'string' ? claims.nonce : '';
  const nonce = (rawNonce ?? '').trim();
  if (Boolean(tokenNonce) !== Boolean(nonce)) {
    throw new OAuthError(
      'invalid request',
      'Passed nonce and nonce in id_token should either both exist or not.',
    );
  }
  if (nonce) {
    const hash = createHash('sha256').update(nonce).digest('hex');
    if (tokenNonce !== hash) {
      throw new OAuthError('invalid nonce', 'Nonce mismatch');
    }
  }
  return {
    provider,
    sub: claims.sub,
    email: typeof claims.email === 'string' && claims.email ? claims.email.toLowerCase() : null,
    name: typeof claims.name === 'string' && claims.name ? claims.name : null,
    emailVerified: claims.email_verified === true,
  };
}
