// auth.mfa_factors rows ↔ GoTrue's Factor JSON (docs/compatibility.md#auth-shapes).
import type { Queryable } from '../../db/database.js';

export interface FactorRow {
  id: string;
  user_id: string;
  friendly_name: string | null;
  factor_type: 'totp' | 'phone' | 'webauthn';
  status: 'verified' | 'unverified';
  created_at: Date;
  updated_at: Date;
  secret: string | null;
  phone: string | null;
  last_challenged_at: Date | null;
  web_authn_credential: unknown;
}

export const FACTOR_COLUMNS =
  'id, user_id, friendly_name, factor_type, status, created_at, updated_at, secret, phone, last_challenged_at, web_authn_credential';

export function toFactorJson(factor: FactorRow): Record<string, unknown> {
  const json: Record<string, unknown> = {
    id: factor.id,
    friendly_name: factor.friendly_name ?? '',
    factor_type: factor.factor_type,
    status: factor.status,
    created_at: new Date(factor.created_at).toISOString(),
    updated_at: new Date(factor.updated_at).toISOString(),
  };
  if (factor.last_challenged_at)
    json.last_challenged_at = new Date(factor.last_challenged_at).toISOString();
  if (factor.phone) json.phone = factor.phone;
  return json;
}

export async function factorsOf(tx: Queryable, userId: string): Promise<FactorRow[]> {
  const { rows } = await tx.query<FactorRow>(
    `select ${FACTOR_COLUMNS} from auth.mfa_factors where user_id = $1 order by created_at, id`,
    [userId],
  );
  return rows;
}

export async function findFactor(tx: Queryable, id: string): Promise<FactorRow | null> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
  const { rows } = await tx.query<FactorRow>(
    `select ${FACTOR_COLUMNS} from auth.mfa_factors where id = $1`,
    [id],
  );
  return rows[0] ?? null;
}

/** Sessions that reached aal2 with a removed factor fall back to aal1 (GoTrue's DowngradeSessionsToAAL1). */
export async function downgradeSessions(tx: Queryable, factorId: string): Promise<void> {
  await tx.query(
    `delete from auth.mfa_amr_claims where authentication_method in ('totp', 'mfa/totp', 'mfa/phone', 'mfa/webauthn')
       and session_id in (select id from auth.sessions where factor_id = $1)`,
    [factorId],
  );
  await tx.query(`update auth.sessions set aal = 'aal1', factor_id = null where factor_id = $1`, [
    factorId,
  ]);
}
