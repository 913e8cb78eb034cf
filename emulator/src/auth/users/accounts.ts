// Creating users the way GoTrue's signupNewUser does, shared by sign-up, OTP, invites, the
// admin API and OAuth: the auth.users row plus its identity, in the caller's transaction.
import type { Queryable } from '../../db/database.js';
import { isPostgresError } from '../../db/database.js';
import { AuthError } from '../errors.js';
import { emailIdentityData, insertIdentity } from '../identities/identities.js';
import { insertUser, type Json, type NewUser, type UserRow } from './users.js';

/** A failing project trigger surfaces as GoTrue's message, plus the reason for the developer. */
async function saving<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isPostgresError(error)) {
      throw new AuthError('unexpected_failure', `Database error saving new user: ${error.message}`);
    }
    throw error;
  }
}

export async function createEmailUser(
  tx: Queryable,
  user: {
    email: string;
    passwordHash: string | null;
    userMetadata: Json;
    confirmed: boolean;
    invited?: boolean;
  } & Partial<
    Pick<NewUser, 'id' | 'appMetadata' | 'role' | 'phone' | 'phoneConfirmed' | 'bannedUntil'>
  >,
): Promise<UserRow> {
  return saving(async () => {
    const row = await insertUser(tx, {
      ...user,
      appMetadata: { provider: 'email', providers: ['email'], ...(user.appMetadata ?? {}) },
      emailConfirmed: user.confirmed,
      invited: user.invited ?? false,
    });
    await insertIdentity(tx, {
      userId: row.id,
      provider: 'email',
      providerId: row.id,
      data: emailIdentityData(row.id, user.email, user.confirmed),
      signedIn: false,
    });
    return row;
  });
}

export async function createAnonymousUser(tx: Queryable, userMetadata: Json): Promise<UserRow> {
  return saving(() =>
    insertUser(tx, {
      email: null,
      passwordHash: null,
      appMetadata: { provider: 'anonymous', providers: ['anonymous'] },
      userMetadata,
      isAnonymous: true,
    }),
  );
}

/** A user created by an OAuth sign-in (the test provider), with its provider identity. */
export async function createOAuthUser(
  tx: Queryable,
  provider: string,
  providerId: string,
  identityData: Json,
  email: string | null,
  emailVerified: boolean,
): Promise<UserRow> {
  return saving(async () => {
    const row = await insertUser(tx, {
      email,
      passwordHash: null,
      appMetadata: { provider, providers: [provider] },
      userMetadata: identityData,
      emailConfirmed: Boolean(email) && emailVerified,
    });
    await insertIdentity(tx, { userId: row.id, provider, providerId, data: identityData });
    return row;
  });
}
