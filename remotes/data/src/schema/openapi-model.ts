// The OpenAPI (Swagger 2.0) description PostgREST serves at `GET /rest/v1/` → the tables the
// remote shows. PostgREST describes what the caller's role may use ("follow-privileges"): one
// path per table or view (with the methods the role may call), one definition per relation,
// and key notes in column descriptions (`<pk/>`, `<fk table='t' column='c'/>`).
import * as z from 'zod/mini';
import { DataError, DataErrorCode } from '../errors/data-errors.js';
import { columnKind, type ColumnKind } from './column-kind.js';

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

const propertySchema = z.looseObject({
  format: z.optional(z.string()),
  type: z.optional(z.string()),
  description: z.optional(z.string()),
  default: z.optional(z.unknown()),
  enum: z.optional(z.array(z.unknown())),
  maxLength: z.optional(z.number()),
  items: z.optional(z.looseObject({ type: z.optional(z.string()) })),
});

const definitionSchema = z.looseObject({
  description: z.optional(z.string()),
  required: z.optional(z.array(z.string())),
  properties: z.optional(z.record(z.string(), propertySchema)),
});

const documentSchema = z.looseObject({
  swagger: z.string(),
  info: z.optional(z.looseObject({ title: z.optional(z.string()) })),
  paths: z.record(z.string(), z.record(z.string(), z.unknown())),
  definitions: z.optional(z.record(z.string(), definitionSchema)),
});

type PropertyDoc = z.infer<typeof propertySchema>;

const FOREIGN_KEY_NOTE = /<fk table='([^']*)' column='([^']*)'\/>/;

/** The comment a person wrote, without PostgREST's "Note: This is a Primary Key.<pk/>" lines. */
function humanDescription(description: string | undefined): string | null {
  if (!description) return null;
  const text = description.split(/\n*Note:\n/)[0]?.trim() ?? '';
  return text === '' ? null : text;
}

function columnModel(name: string, property: PropertyDoc, required: ReadonlySet<string>): ColumnModel {
  const format = property.format ?? property.type ?? 'unknown';
  const enumValues = (property.enum ?? []).map(String);
  const { kind, itemKind } = columnKind({
    format,
    ...(property.type !== undefined && { type: property.type }),
    ...(property.items?.type !== undefined && { itemType: property.items.type }),
    enumValues,
  });
  const fk = property.description ? FOREIGN_KEY_NOTE.exec(property.description) : null;
  return {
    name,
    format,
    kind,
    itemKind,
    enumValues,
    nullable: !required.has(name),
    hasDefault: property.default !== undefined,
    defaultValue: property.default,
    primaryKey: property.description?.includes('<pk/>') ?? false,
    foreignKey: fk ? { table: fk[1]!, column: fk[2]! } : null,
    description: humanDescription(property.description),
    maxLength: property.maxLength ?? null,
  };
}

/** Builds the model of every table and view the document describes, sorted by name. */
export function schemaModelFromOpenApi(document: unknown, schema = 'public'): SchemaModel {
  const parsed = documentSchema.safeParse(document);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new DataError(
      DataErrorCode.SchemaInvalid,
      `The REST API's description of the database is not a PostgREST OpenAPI document (${issue ? `${issue.path.join('.') || 'document'}: ${issue.message}` : 'unreadable'}).`,
    );
  }
  const { paths, definitions = {}, info } = parsed.data;
  const tables: TableModel[] = [];
  const functions: string[] = [];
  for (const [path, operations] of Object.entries(paths)) {
    const name = path.slice(1);
    if (name.startsWith('rpc/') && !name.slice(4).includes('/')) functions.push(name.slice(4));
    if (name === '' || name.startsWith('rpc/') || name.includes('/')) continue;
    const definition = definitions[name];
    if (!definition) continue;
    const required = new Set(definition.required ?? []);
    const columns = Object.entries(definition.properties ?? {}).map(([column, property]) => columnModel(column, property, required));
    tables.push({
      name,
      description: humanDescription(definition.description),
      columns,
      primaryKey: columns.filter((c) => c.primaryKey).map((c) => c.name),
      canRead: 'get' in operations,
      canInsert: 'post' in operations,
      canUpdate: 'patch' in operations,
      canDelete: 'delete' in operations,
    });
  }
  // Code-unit order: names are SQL identifiers, and the first `localeCompare` of a page loads the
  // locale's collation data (43 ms of a phone's /data at 4× CPU; issue #40).
  tables.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  functions.sort();
  return { schema, title: info?.title ?? 'PostgREST API', tables, functions };
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
