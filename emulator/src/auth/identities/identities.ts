// auth.identities rows ↔ GoTrue's Identity JSON, and creating identities. The email
// identity has provider 'email' and provider_id = the user's id, as GoTrue writes it.
import type { Queryable } from '../../db/database.js';

export interface IdentityRow {
  id: string;
  provider_id: string;
  user_id: string;
  identity_data: Record<string, unknown> | null;
  provider: string;
  last_sign_in_at: Date | null;
  created_at: Date | null;
  updated_at: Date | null;
  email: string | null;
}

const COLUMNS =
  'id, provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at, email';

const iso = (value: Date | null) => (value ? new Date(value).toISOString() : undefined);

export function toIdentityJson(identity: IdentityRow): Record<string, unknown> {
  const json: Record<string, unknown> = {
    identity_id: identity.id,
    id: identity.provider_id,
    user_id: identity.user_id,
    identity_data: identity.identity_data ?? {},
    provider: identity.provider,
    last_sign_in_at: iso(identity.last_sign_in_at),
    created_at: iso(identity.created_at),
    updated_at: iso(identity.updated_at),
    email: identity.email || undefined,
  };
  for (const key of Object.keys(json)) if (json[key] === undefined) delete json[key];
  return json;
}

export async function identitiesOf(tx: Queryable, userId: string): Promise<IdentityRow[]> {
  const { rows } = await tx.query<IdentityRow>(
    `select ${COLUMNS} from auth.identities where user_id = $1 order by created_at, id`,
    [userId],
  );
  return rows;
}

export async function findIdentity(
  tx: Queryable,
  provider: string,
  providerId: string,
): Promise<IdentityRow | null> {
  const { rows } = await tx.query<IdentityRow>(
    `select ${COLUMNS} from auth.identities where provider = $1 and provider_id = $2`,
    [provider, providerId],
  );
  return rows[0] ?? null;
}

export async function insertIdentity(
  tx: Queryable,
  identity: {
    userId: string;
    provider: string;
    providerId: string;
    data: Record<string, unknown>;
    signedIn?: boolean;
  },
): Promise<IdentityRow> {
  const { rows } = await tx.query<IdentityRow>(
    `insert into auth.identities (id, user_id, provider, provider_id, identity_data, last_sign_in_at, created_at, updated_at)
     values (extensions.gen_random_uuid(), $1, $2, $3, $4, case when $5 then now() end, now(), now())
     returning ${COLUMNS}`,
    [
      identity.userId,
      identity.provider,
      identity.providerId,
      JSON.stringify(identity.data),
      identity.signedIn ?? true,
    ],
  );
  return rows[0]!;
}

/** The identity a new email user gets: GoTrue's {sub, email, email_verified, phone_verified}. */
export function emailIdentityData(
  userId: string,
  email: string,
  verified: boolean,
): Record<string, unknown> {
  return { sub: userId, email, email_verified: verified, phone_verified: false };
}
