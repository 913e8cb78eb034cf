// The OpenAPI (Swagger 2.0) description PostgREST serves at `GET /rest/v1/` → the model of the
// tables the remote shows (openapi-model.ts). In a chunk of its own with zod, asked for beside the
// description itself (load-schema.ts): in the remote's first chunk, zod and these schemas were
// part of its one first task (25 ms of a phone's CPU; issue #40).
import * as z from 'zod/mini';
import { DataError, DataErrorCode } from '../errors/data-errors.js';
import { columnKind } from './column-kind.js';
import type { ColumnModel, SchemaModel, TableModel } from './openapi-model.js';

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

