// The console's Tables page, server side: a read-only look at the project's schemas (the API's
// exposed schemas first, then the others it owns), each table with row level security on or off,
// its row count and its policies, and its rows a page at a time. Read by the emulator itself as
// the database owner (RLS does not apply to it, as to the service role); nothing is written.
import { Hono } from 'hono';
import { z } from 'zod';
import type { Database } from '../db/database.js';

export const ROWS_PER_PAGE = 50;

/** Schemas of Postgres and of the emulator's services themselves, not the project's. */
const SYSTEM_SCHEMAS = ['pg_catalog', 'information_schema', 'pg_toast', 'extensions', 'graphql', 'graphql_public', 'pgbouncer', 'realtime', 'supabase_functions', 'supabase_migrations', 'vault', '_realtime', 'net', 'pgsodium', 'pgsodium_masks', 'portal_emulator'];

export interface TableSummary {
  schema: string;
  name: string;
  rlsEnabled: boolean;
  rows: number;
  policies: { name: string; command: string; roles: string[]; permissive: string; using: string | null; withCheck: string | null }[];
}

export async function listTables(db: Database, exposedSchemas: readonly string[]): Promise<{ schemas: string[]; tables: TableSummary[] }> {
  const { rows } = await db.query<{ schema: string; name: string; rls: boolean }>(
    `select n.nspname as schema, c.relname as name, c.relrowsecurity as rls
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r', 'p') and not c.relispartition
        and n.nspname <> all($1::text[]) and n.nspname not like 'pg\\_%'
      order by n.nspname, c.relname`,
    [SYSTEM_SCHEMAS],
  );
  const policies = await db.query<{ schema: string; table: string; name: string; permissive: string; roles: string[]; cmd: string; qual: string | null; with_check: string | null }>(
    `select schemaname as schema, tablename as table, policyname as name, permissive, roles::text[] as roles, cmd, qual, with_check
       from pg_policies order by policyname`,
  );
  const tables: TableSummary[] = [];
  for (const row of rows) {
    // One count per table: exact, as a developer browsing a local project expects.
    const count = await db.query<{ n: string }>(`select count(*)::text as n from ${quoteIdent(row.schema)}.${quoteIdent(row.name)}`);
    tables.push({
      schema: row.schema,
      name: row.name,
      rlsEnabled: row.rls,
      rows: Number(count.rows[0]?.n ?? 0),
      policies: policies.rows
        .filter((p) => p.schema === row.schema && p.table === row.name)
        .map((p) => ({ name: p.name, command: p.cmd, roles: p.roles, permissive: p.permissive, using: p.qual, withCheck: p.with_check })),
    });
  }
  const present = [...new Set(tables.map((t) => t.schema))];
  const schemas = [...exposedSchemas.filter((s) => present.includes(s)), ...present.filter((s) => !exposedSchemas.includes(s))];
  return { schemas, tables };
}

export function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

export class UnknownTable extends Error {}

/** A page of a table's rows, in primary key order when it has one; values as JSON. */
export async function tableRows(
  db: Database,
  schema: string,
  table: string,
  page: number,
): Promise<{ columns: { name: string; type: string }[]; rows: Record<string, unknown>[]; total: number; page: number; perPage: number }> {
  const columns = await db.query<{ name: string; type: string }>(
    `select a.attname as name, format_type(a.atttypid, a.atttypmod) as type
       from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = $1 and c.relname = $2 and c.relkind in ('r', 'p') and a.attnum > 0 and not a.attisdropped
      order by a.attnum`,
    [schema, table],
  );
  if (columns.rows.length === 0) throw new UnknownTable(`There is no table ${schema}.${table}.`);
  const key = await db.query<{ name: string }>(
    `select a.attname as name
       from pg_index i join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
      where i.indrelid = ($1::text)::regclass and i.indisprimary
      order by array_position(i.indkey::int2[], a.attnum)`,
    [`${quoteIdent(schema)}.${quoteIdent(table)}`],
  );
  const target = `${quoteIdent(schema)}.${quoteIdent(table)}`;
  const order = key.rows.length ? `order by ${key.rows.map((k) => `t.${quoteIdent(k.name)}`).join(', ')}` : '';
  const rows = await db.query<{ row: Record<string, unknown> }>(`select to_jsonb(t) as row from ${target} t ${order} limit $1 offset $2`, [
    ROWS_PER_PAGE,
    (page - 1) * ROWS_PER_PAGE,
  ]);
  const total = await db.query<{ n: string }>(`select count(*)::text as n from ${target}`);
  return {
    columns: columns.rows,
    rows: rows.rows.map((r) => (typeof r.row === 'string' ? (JSON.parse(r.row) as Record<string, unknown>) : r.row)),
    total: Number(total.rows[0]?.n ?? 0),
    page,
    perPage: ROWS_PER_PAGE,
  };
}

const rowsQuery = z.object({ page: z.coerce.number().int().min(1).default(1) });

export function tablesRoutes(db: Database, exposedSchemas: readonly string[]): Hono {
  const app = new Hono();
  app.get('/', async (c) => c.json(await listTables(db, exposedSchemas)));
  app.get('/:schema/:table/rows', async (c) => {
    const query = rowsQuery.safeParse(c.req.query());
    if (!query.success) return c.json({ message: 'page must be a whole number from 1.' }, 400);
    try {
      return c.json(await tableRows(db, c.req.param('schema'), c.req.param('table'), query.data.page));
    } catch (error) {
      if (error instanceof UnknownTable) return c.json({ message: error.message }, 404);
      throw error;
    }
  });
  return app;
}
