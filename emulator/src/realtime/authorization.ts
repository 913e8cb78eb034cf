// Private channels are authorised by RLS policies on realtime.messages, the way Supabase
// Realtime checks them (its Tenants.Authorization): inside a transaction that is always
// rolled back, rows for the topic are written, then read (or written) as the caller with
// `realtime.topic` set, so `realtime.topic()` and `auth.uid()` work in policies.
import {
  buildSetConfigSql,
  claimSettings,
  isPostgresError,
  type Database,
  type Queryable,
} from '../db/database.js';
import type { JwtClaims } from '../keys.js';

export interface AuthorizationContext {
  claims: JwtClaims;
  /** The sub topic (the channel name without `realtime:`). */
  topic: string;
  headers?: Record<string, string>;
}

export interface ReadPolicies {
  broadcast: boolean;
  presence: boolean;
}

export type Extension = 'broadcast' | 'presence';

/** Thrown to roll the check's transaction back while carrying its answer out. */
class Rollback<T> {
  constructor(readonly value: T) {}
}

async function inRolledBackTransaction<T>(
  db: Database,
  fn: (tx: Queryable) => Promise<T>,
): Promise<T> {
  try {
    await db.transaction(async (tx) => {
      throw new Rollback(await fn(tx));
    });
  } catch (outcome) {
    if (outcome instanceof Rollback) return outcome.value as T;
    throw outcome;
  }
  throw new Error('unreachable: the authorization transaction must roll back');
}

async function actAs(tx: Queryable, context: AuthorizationContext): Promise<void> {
  const { sql, params } = buildSetConfigSql(
    claimSettings({
      claims: context.claims,
      headers: context.headers,
      settings: { 'realtime.topic': context.topic },
    }),
  );
  await tx.query(sql, params);
}

export class RealtimeAuthorizer {
  constructor(private readonly db: Database) {}

  /** May the caller read broadcasts and presence of the topic? A failing policy counts as no. */
  async readPolicies(context: AuthorizationContext): Promise<ReadPolicies> {
    try {
      return await inRolledBackTransaction(this.db, async (tx) => {
        const inserted = await tx.query<{ id: string; extension: Extension }>(
          `insert into realtime.messages (topic, extension, private)
           values ($1, 'broadcast', true), ($1, 'presence', true) returning id::text, extension`,
          [context.topic],
        );
        await actAs(tx, context);
        const visible = await tx.query<{ id: string }>(
          'select id::text from realtime.messages where topic = $1 and id = any($2::uuid[])',
          [context.topic, inserted.rows.map((r) => r.id)],
        );
        const seen = new Set(visible.rows.map((r) => r.id));
        const idOf = (extension: Extension) =>
          inserted.rows.find((r) => r.extension === extension)?.id ?? '';
        return { broadcast: seen.has(idOf('broadcast')), presence: seen.has(idOf('presence')) };
      });
    } catch (error) {
      if (isPostgresError(error)) return { broadcast: false, presence: false };
      throw error;
    }
  }

  /** May the caller send broadcasts (or track presence) on the topic? */
  async canWrite(context: AuthorizationContext, extension: Extension): Promise<boolean> {
    try {
      return await inRolledBackTransaction(this.db, async (tx) => {
        await actAs(tx, context);
        await tx.query(
          'insert into realtime.messages (topic, extension, private) values ($1, $2, true)',
          [context.topic, extension],
        );
        return true;
      });
    } catch (error) {
      if (isPostgresError(error)) return false;
      throw error;
    }
  }
}
