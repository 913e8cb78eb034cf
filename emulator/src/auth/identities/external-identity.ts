// The user behind an external identity (the test OAuth provider's page, or an ID token it
// issued): found by the identity, linked to the signed-in user, linked to the account with
// the same verified email, or created — GoTrue's createAccountFromExternalIdentity and
// linkIdentityToUser.
import type { Queryable } from '../../db/database.js';
import { createOAuthUser } from '../users/accounts.js';
import { fail } from '../errors.js';
import { findIdentity, insertIdentity } from './identities.js';
import type { ProviderIdentity } from './oauth-state.js';
import type { AuthSettings } from '../settings.js';
import {
  findUserByEmail,
  findUserById,
  reloadUser,
  setAppMetadata,
  withProvider,
  type UserRow,
} from '../users/users.js';

function identityData(identity: ProviderIdentity, issuer: string): Record<string, unknown> {
  return {
    iss: issuer,
    sub: identity.sub,
    provider_id: identity.sub,
    email: identity.email ?? undefined,
    email_verified: identity.emailVerified,
    phone_verified: false,
    name: identity.name ?? undefined,
    full_name: identity.name ?? undefined,
  };
}

/** Finds or creates the user behind a provider identity (or links it to the signed-in user). */
export async function userForIdentity(
  tx: Queryable,
  settings: AuthSettings,
  identity: ProviderIdentity,
  linkingTargetId: string | null,
): Promise<UserRow> {
  const data = identityData(identity, `${settings.apiUrl}/auth/v1/test-provider`);
  const existing = await findIdentity(tx, identity.provider, identity.sub);
  if (linkingTargetId) {
    const target = await findUserById(tx, linkingTargetId);
    if (!target) fail('user_not_found');
    if (existing && existing.user_id !== target.id) {
      fail('identity_already_exists', 'Identity is already linked to another user');
    }
    if (existing) {
      await touchIdentity(tx, existing.id, data);
    } else {
      await insertIdentity(tx, {
        userId: target.id,
        provider: identity.provider,
        providerId: identity.sub,
        data,
      });
      await setAppMetadata(
        tx,
        target.id,
        withProvider(target.raw_app_meta_data, identity.provider),
      );
    }
    if (target.is_anonymous) {
      // Linking an identity makes an anonymous user permanent, with the provider's email.
      await tx.query(
        `update auth.users set is_anonymous = false, email = coalesce(email, $2),
           email_confirmed_at = case when $3 then coalesce(email_confirmed_at, now()) else email_confirmed_at end,
           raw_app_meta_data = jsonb_build_object('provider', $4::text, 'providers', jsonb_build_array($4::text)),
           updated_at = now()
         where id = $1`,
        [
          target.id,
          identity.email,
          identity.emailVerified && identity.email !== null,
          identity.provider,
        ],
      );
    }
    return reloadUser(tx, target.id);
  }
  if (existing) {
    await touchIdentity(tx, existing.id, data);
    return reloadUser(tx, existing.user_id);
  }
  const sameEmail = identity.email ? await findUserByEmail(tx, identity.email) : null;
  if (sameEmail && identity.emailVerified) {
    // GoTrue links a verified provider email to the account that has it.
    await insertIdentity(tx, {
      userId: sameEmail.id,
      provider: identity.provider,
      providerId: identity.sub,
      data,
    });
    await setAppMetadata(
      tx,
      sameEmail.id,
      withProvider(sameEmail.raw_app_meta_data, identity.provider),
    );
    if (!sameEmail.email_confirmed_at) {
      await tx.query('update auth.users set email_confirmed_at = now() where id = $1', [
        sameEmail.id,
      ]);
    }
    return reloadUser(tx, sameEmail.id);
  }
  if (!settings.signupEnabled) fail('signup_disabled');
  return createOAuthUser(
    tx,
    identity.provider,
    identity.sub,
    data,
    sameEmail ? null : identity.email,
    identity.emailVerified,
  );
}

async function touchIdentity(
  tx: Queryable,
  id: string,
  data: Record<string, unknown>,
): Promise<void> {
  await tx.query(
    `update auth.identities set identity_data = identity_data || $2::jsonb, last_sign_in_at = now(), updated_at = now()
     where id = $1`,
    [id, JSON.stringify(data)],
  );
}
