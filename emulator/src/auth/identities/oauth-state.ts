// The signed values the OAuth round trip carries: GoTrue's `state` (where to return, which
// PKCE flow, which user to link) and the test provider's authorization code (who signed in).
import type { Keys } from '../../keys.js';

export interface OAuthState {
  provider: string;
  redirectTo: string;
  flowStateId: string | null;
  linkingTargetId: string | null;
}

export interface ProviderIdentity {
  provider: string;
  sub: string;
  email: string | null;
  name: string | null;
  emailVerified: boolean;
}

const STATE_SECONDS = 10 * 60;
const CODE_SECONDS = 5 * 60;

export async function signState(keys: Keys, state: OAuthState): Promise<string> {
  return keys.sign(
    {
      purpose: 'oauth_state',
      provider: state.provider,
      referrer: state.redirectTo,
      flow_state_id: state.flowStateId,
      linking_target_id: state.linkingTargetId,
    },
    { expiresInSeconds: STATE_SECONDS },
  );
}

export async function readState(keys: Keys, token: string | undefined): Promise<OAuthState | null> {
  if (!token) return null;
  const result = await keys.verify(token);
  if (!result.ok || result.claims.purpose !== 'oauth_state') return null;
  const claims = result.claims;
  if (typeof claims.provider !== 'string' || typeof claims.referrer !== 'string') return null;
  return {
    provider: claims.provider,
    redirectTo: claims.referrer,
    flowStateId: typeof claims.flow_state_id === 'string' ? claims.flow_state_id : null,
    linkingTargetId: typeof claims.linking_target_id === 'string' ? claims.linking_target_id : null,
  };
}

export async function signProviderCode(keys: Keys, identity: ProviderIdentity): Promise<string> {
  return keys.sign(
    {
      purpose: 'test_provider_code',
      provider: identity.provider,
      sub: identity.sub,
      email: identity.email ?? '',
      name: identity.name ?? '',
      email_verified: identity.emailVerified,
    },
    { expiresInSeconds: CODE_SECONDS },
  );
}

export async function readProviderCode(
  keys: Keys,
  token: string | undefined,
): Promise<ProviderIdentity | null> {
  if (!token) return null;
  const result = await keys.verify(token);
  if (!result.ok || result.claims.purpose !== 'test_provider_code') return null;
  const c = result.claims;
  if (typeof c.provider !== 'string' || typeof c.sub !== 'string') return null;
  return {
    provider: c.provider,
    sub: c.sub,
    email: typeof c.email === 'string' && c.email ? c.email : null,
    name: typeof c.name === 'string' && c.name ? c.name : null,
    emailVerified: c.email_verified === true,
  };
}
