// The user behind a SAML identity, as GoTrue's createAccountFromExternalIdentity decides it for
// an `sso:<provider id>` provider: the identity's user when it signed in before (its data and
// user_metadata refreshed), else a new SSO user — never linked to an account of the same
// email, since SSO users live beside the others (is_sso_user, outside the email unique index).
import type { Queryable } from '../../db/database.js';
import { isPostgresError } from '../../db/database.js';
import { AuthError, fail } from '../errors.js';
import { findIdentity, insertIdentity } from '../identities/identities.js';
import { insertUser, reloadUser, type UserRow } from '../users/users.js';

export interface SamlIdentity {
  /** sso:<provider id> */
  provider: string;
  /** The IdP's user ID (subject-id or NameID). */
  subject: string;
  email: string;
  /** GoTrue's provider claims: iss, sub, email, email_verified, mapped claims, custom_claims. */
  data: Record<string, unknown>;
}

/** GoTrue's provider.Claims from the mapped SAML claims: known names at the top, the rest in custom_claims. */
const STANDARD_CLAIMS = new Set([
  'iss',
  'sub',
  'aud',
  'iat',
  'exp',
  'name',
  'family_name',
  'given_name',
  'middle_name',
  'nickname',
  'preferred_username',
  'profile',
  'picture',
  'website',
  'gender',
  'birthdate',
  'zoneinfo',
  'locale',
  'updated_at',
  'email',
  'email_verified',
  'phone',
  'phone_verified',
  'full_name',
  'avatar_url',
  'slug',
  'provider_id',
  'user_name',
]);

export function identityData(
  claims: Record<string, unknown>,
  subject: string,
  issuer: string,
  email: string,
): Record<string, unknown> {
  const data: Record<string, unknown> = {};
  const custom: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(claims)) {
    if (STANDARD_CLAIMS.has(key)) data[key] = value;
    else custom[key] = value;
  }
  Object.assign(data, { iss: issuer, sub: subject, email, email_verified: true });
  if (Object.keys(custom).length > 0) data.custom_claims = custom;
  return data;
}

export async function userForSamlIdentity(
  tx: Queryable,
  identity: SamlIdentity,
  signupEnabled: boolean,
): Promise<UserRow> {
  const existing = await findIdentity(tx, identity.provider, identity.subject);
  if (existing) {
    await tx.query(
      `update auth.identities set identity_data = $2::jsonb, last_sign_in_at = now(), updated_at = now()
       where id = $1`,
      [existing.id, JSON.stringify(identity.data)],
    );
    await tx.query(
      `update auth.users set raw_user_meta_data = coalesce(raw_user_meta_data, '{}'::jsonb) || $2::jsonb,
         updated_at = now()
       where id = $1`,
      [existing.user_id, JSON.stringify(identity.data)],
    );
    return reloadUser(tx, existing.user_id);
  }
  if (!signupEnabled) fail('signup_disabled');
  try {
    const user = await insertUser(tx, {
      email: identity.email.toLowerCase(),
      passwordHash: null,
      appMetadata: { provider: identity.provider, providers: [identity.provider] },
      userMetadata: identity.data,
      emailConfirmed: true,
      isSsoUser: true,
    });
    await insertIdentity(tx, {
      userId: user.id,
      provider: identity.provider,
      providerId: identity.subject,
      data: identity.data,
    });
    return user;
  } catch (error) {
    if (isPostgresError(error)) {
      throw new AuthError('unexpected_failure', `Database error saving new user: ${error.message}`);
    }
    throw error;
  }
}
