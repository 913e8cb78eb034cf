// The model of the tables the remote shows, built from the OpenAPI description PostgREST serves
// (openapi-document.ts, loaded with the description). PostgREST describes what the caller's role
// may use ("follow-privileges"): one path per table or view (with the methods the role may call),
// one definition per relation, and key notes in column descriptions (`<pk/>`,
// `<fk table='t' column='c'/>`).
import type { ColumnKind } from './column-kind.js';

export interface ForeignKey {
  table: string;
  column: string;
}

export interface ColumnModel {
  name: string;
  /** The Postgres type as PostgREST names it ("bigint", "text[]", "public.task_priority"). */
  format: string;
  kind: ColumnKind;
  /** For arrays: the elements' kind. */
  itemKind: ColumnKind | null;
  enumValues: readonly string[];
  /** Not in the definition's `required` list, so NULL is allowed. */
  nullable: boolean;
  hasDefault: boolean;
  /** The default as PostgREST shows it (a literal, or an expression such as "now()"). */
  defaultValue: unknown;
  primaryKey: boolean;
  foreignKey: ForeignKey | null;
  /** The column's comment, without PostgREST's key notes. */
  description: string | null;
  maxLength: number | null;
}

export interface TableModel {
  name: string;
  description: string | null;
  columns: readonly ColumnModel[];
  /** Primary-key column names in table order; empty for views and tables without one. */
  primaryKey: readonly string[];
  canRead: boolean;
  canInsert: boolean;
  canUpdate: boolean;
  canDelete: boolean;
}

export interface SchemaModel {
  schema: string;
  title: string;
  tables: readonly TableModel[];
  /** The database functions the caller may call (`/rpc/<name>`), sorted. */
  functions: readonly string[];
}

export function findTable(model: SchemaModel, name: string): TableModel | null {
  return model.tables.find((t) => t.name === name) ?? null;
}

export function findColumn(table: TableModel, name: string): ColumnModel | null {
  return table.columns.find((c) => c.name === name) ?? null;
}

export type InsertRequirement = 'required' | 'optional' | 'generated' | 'unless-default';

/**
 * Kinds whose defaults the description can hide: PostgREST shows a default only when it is a
 * plain string or a JSON literal (its parseDefault), so `'{}'::jsonb`, `'{}'::text[]` and the
 * like never appear.
 */
const HIDDEN_DEFAULT_KINDS = new Set<ColumnKind>(['array', 'json', 'other']);

/**
 * Whether a new row must give the column a value, from what the description says of the column.
 * PostgREST shows no default for an identity column (its schema cache has none), so a table's
 * one integer primary-key column without a default is taken for one and left to the database;
 * the server says so if it was not. A foreign key is never generated: it names another row,
 * which the person picks. Part of a composite key is not an identity either. A not-null array or
 * JSON column may have a default the description does not show: the database decides.
 */
export function insertRequirement(table: Pick<TableModel, 'primaryKey'>, column: ColumnModel): InsertRequirement {
  if (column.hasDefault || column.nullable) return 'optional';
  if (column.primaryKey && column.kind === 'integer' && !column.foreignKey && table.primaryKey.length === 1) return 'generated';
  if (HIDDEN_DEFAULT_KINDS.has(column.kind)) return 'unless-default';
  return 'required';
}
