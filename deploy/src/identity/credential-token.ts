// A team credential as CI holds it (PORTAL_DEPLOY_TOKEN): `pdc1.<email, base64url>.<secret>`,
// made by the deploy-credentials function. The email names the credential's own user in the
// project's auth, the secret is its password (docs/deploy-teams.md#team-credentials).
import { DeployError, DeployErrorCode } from '../errors.js';

export interface CredentialToken {
  email: string;
  secret: string;
}

const PREFIX = 'pdc1';

export function parseCredentialToken(token: string): CredentialToken {
  const [prefix, email, secret, ...rest] = token.trim().split('.');
  const decoded = email ? Buffer.from(email, 'base64url').toString('utf8') : '';
  if (prefix !== PREFIX || !secret || rest.length > 0 || !decoded.includes('@')) {
    throw new DeployError(
      DeployErrorCode.NotSignedIn,
      'PORTAL_DEPLOY_TOKEN is not a team credential (pdc1.<…>.<…>); copy it again from portal-deploy credential create, or unset it to act as the person signed in.',
    );
  }
  return { email: decoded, secret };
}
