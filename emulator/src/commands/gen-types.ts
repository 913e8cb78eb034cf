// `portal-emulator gen types typescript`: the `Database` type the Supabase CLI generates
// (postgres-meta's TypeScript template) — Tables with Row/Insert/Update/Relationships, Views,
// Functions with Args/Returns, Enums, CompositeTypes, the Tables<>/TablesInsert<>/
// TablesUpdate<>/Enums<>/CompositeTypes<> helpers and the Constants object — so that
// `createClient<Database>()` types every query.
import type { Queryable } from '../db/database.js';

/** The PostgREST version whose features supabase-js types enable (the emulator speaks 14). */
const POSTGREST_VERSION = '14.1';

interface ColumnInfo {
  relation_oid: number;
  name: string;
  type_oid: number;
  nullable: boolean;
  has_default: boolean;
  identity: '' | 'a' | 'd';
  generated: boolean;
  updatable: boolean;
}

interface RelationInfo {
  oid: number;
  schema: string;
  name: string;
  kind: 'table' | 'view';
  updatable: boolean;
}

interface RelationshipInfo {
  schema: string;
  relation: string;
  foreign_key_name: string;
  columns: string[];
  referenced_schema: string;
  referenced_relation: string;
  referenced_columns: string[];
  one_to_one: boolean;
}

interface FunctionArg {
  name: string;
  type_oid: number;
  mode: 'i' | 'o' | 'b' | 'v' | 't';
  has_default: boolean;
}

interface FunctionInfo {
  schema: string;
  name: string;
  args: FunctionArg[];
  return_type_oid: number;
  returns_set: boolean;
  return_relation_oid: number;
}

interface TypeInfo {
  oid: number;
  schema: string;
  name: string;
  /** b base, c composite, d domain, e enum, p pseudo, r range, m multirange */
  kind: string;
  element_oid: number;
  base_oid: number;
  relation_oid: number;
  relation_kind: string | null;
  labels: string[] | null;
  owner: string;
}

export interface SchemaModel {
  schemas: string[];
  /** Only what this role owns (a team's own tables, views, functions and types), or everything. */
  owner: string | null;
  relations: RelationInfo[];
  columns: ColumnInfo[];
  relationships: RelationshipInfo[];
  functions: FunctionInfo[];
  types: Map<number, TypeInfo>;
}

const RELATIONS_SQL = `
  select c.oid::int as oid, n.nspname as schema, c.relname as name,
         case when c.relkind in ('r', 'p', 'f') then 'table' else 'view' end as kind,
         c.relkind in ('r', 'p') or (c.relkind = 'v' and pg_relation_is_updatable(c.oid, false) & 20 = 20) as updatable
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
   where n.nspname = any($1) and c.relkind in ('r', 'p', 'f', 'v', 'm')
     and ($2::text is null or pg_get_userbyid(c.relowner) = $2)
   order by n.nspname, c.relname`;

const COLUMNS_SQL = `
  select a.attrelid::int as relation_oid, a.attname as name, a.atttypid::int as type_oid,
         not a.attnotnull as nullable, a.atthasdef as has_default,
         a.attidentity::text as identity, a.attgenerated <> '' as generated,
         coalesce(pg_column_is_updatable(a.attrelid, a.attnum, false), false) as updatable
    from pg_attribute a
    join pg_class c on c.oid = a.attrelid
    join pg_namespace n on n.oid = c.relnamespace
   where n.nspname = any($1) and c.relkind in ('r', 'p', 'f', 'v', 'm')
     and ($2::text is null or pg_get_userbyid(c.relowner) = $2)
     and a.attnum > 0 and not a.attisdropped
   order by a.attrelid, a.attname`;

const RELATIONSHIPS_SQL = `
  select n.nspname as schema, c.relname as relation, con.conname as foreign_key_name,
         (select array_agg(a.attname order by k.i) from unnest(con.conkey) with ordinality k(attnum, i)
            join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.attnum) as columns,
         rn.nspname as referenced_schema, rc.relname as referenced_relation,
         (select array_agg(a.attname order by k.i) from unnest(con.confkey) with ordinality k(attnum, i)
            join pg_attribute a on a.attrelid = con.confrelid and a.attnum = k.attnum) as referenced_columns,
         exists (select 1 from pg_index i where i.indrelid = con.conrelid and i.indisunique
                  and i.indpred is null and (select array_agg(x order by x) from unnest(i.indkey::int2[]) x)
                    = (select array_agg(x order by x) from unnest(con.conkey) x)) as one_to_one
    from pg_constraint con
    join pg_class c on c.oid = con.conrelid join pg_namespace n on n.oid = c.relnamespace
    join pg_class rc on rc.oid = con.confrelid join pg_namespace rn on rn.oid = rc.relnamespace
   where con.contype = 'f' and n.nspname = any($1)
     and ($2::text is null or pg_get_userbyid(c.relowner) = $2)`;

// Trigger, event-trigger and internal functions are not callable through the API.
const FUNCTIONS_SQL = `
  select n.nspname as schema, p.proname as name, p.prorettype::int as return_type_oid,
         p.proretset as returns_set, coalesce(t.typrelid, 0)::int as return_relation_oid,
         p.pronargs::int as input_count, p.pronargdefaults::int as default_count,
         coalesce(p.proallargtypes::int[], p.proargtypes::int[]) as arg_types,
         coalesce(p.proargmodes::text[], array_fill('i'::text, array[p.pronargs::int])) as arg_modes,
         coalesce(p.proargnames, array_fill(''::text, array[cardinality(coalesce(p.proallargtypes::int[], p.proargtypes::int[]))])) as arg_names
    from pg_proc p join pg_namespace n on n.oid = p.pronamespace join pg_type t on t.oid = p.prorettype
   where n.nspname = any($1) and p.prokind = 'f'
     and ($2::text is null or pg_get_userbyid(p.proowner) = $2)
     and p.prorettype not in ('trigger'::regtype, 'event_trigger'::regtype, 'internal'::regtype)
     and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')
   order by n.nspname, p.proname, p.oid`;

const TYPES_SQL = `
  select t.oid::int as oid, n.nspname as schema, t.typname as name, t.typtype::text as kind,
         t.typelem::int as element_oid, t.typbasetype::int as base_oid, t.typrelid::int as relation_oid,
         c.relkind::text as relation_kind,
         (select array_agg(e.enumlabel order by e.enumsortorder) from pg_enum e where e.enumtypid = t.oid) as labels,
         pg_get_userbyid(t.typowner) as owner
    from pg_type t join pg_namespace n on n.oid = t.typnamespace
    left join pg_class c on c.oid = t.typrelid`;

export async function readSchemaModel(db: Queryable, schemas: string[], owner: string | null = null): Promise<SchemaModel> {
  const relations = (await db.query<RelationInfo>(RELATIONS_SQL, [schemas, owner])).rows;
  const columns = (await db.query<ColumnInfo>(COLUMNS_SQL, [schemas, owner])).rows;
  const relationships = (await db.query<RelationshipInfo>(RELATIONSHIPS_SQL, [schemas, owner])).rows;
  const functionRows = (
    await db.query<{
      schema: string;
      name: string;
      return_type_oid: number;
      returns_set: boolean;
      return_relation_oid: number;
      input_count: number;
      default_count: number;
      arg_types: number[];
      arg_modes: string[];
      arg_names: string[];
    }>(FUNCTIONS_SQL, [schemas, owner])
  ).rows;
  const functions = functionRows.map((row): FunctionInfo => {
    let inputIndex = 0;
    const args = row.arg_types.map((type_oid, i): FunctionArg => {
      const mode = (row.arg_modes[i] ?? 'i') as FunctionArg['mode'];
      const input = mode === 'i' || mode === 'b' || mode === 'v';
      // Defaults belong to the last `pronargdefaults` input arguments.
      const has_default = input && inputIndex++ >= row.input_count - row.default_count;
      return { name: row.arg_names[i] ?? '', type_oid, mode, has_default };
    });
    return { ...row, args };
  });
  const types = new Map<number, TypeInfo>();
  for (const type of (await db.query<TypeInfo>(TYPES_SQL)).rows) types.set(type.oid, type);
  return { schemas, owner, relations, columns, relationships, functions, types };
}

const NUMBER_TYPES = new Set(['int2', 'int4', 'int8', 'float4', 'float8', 'numeric', 'oid']);
const STRING_TYPES = new Set([
  'bytea', 'bpchar', 'char', 'varchar', 'name', 'date', 'text', 'citext', 'time', 'timetz',
  'timestamp', 'timestamptz', 'interval', 'uuid', 'vector', 'halfvec', 'sparsevec', 'inet',
  'cidr', 'macaddr', 'macaddr8', 'money', 'bit', 'varbit', 'xml', 'tsvector', 'tsquery',
]);

class TypeScriptWriter {
  private readonly relationsByOid: Map<number, RelationInfo>;
  private readonly columnsByRelation = new Map<number, ColumnInfo[]>();

  constructor(private readonly model: SchemaModel) {
    this.relationsByOid = new Map(model.relations.map((r) => [r.oid, r]));
    for (const column of model.columns) {
      const list = this.columnsByRelation.get(column.relation_oid) ?? [];
      list.push(column);
      this.columnsByRelation.set(column.relation_oid, list);
    }
  }

  /** Whether a type is part of what is written: everything, or the one owner's (a team's types). */
  private owns(type: TypeInfo): boolean {
    return this.model.owner === null || type.owner === this.model.owner;
  }

  private exposed(schema: string): boolean {
    return this.model.schemas.includes(schema);
  }

  tsType(oid: number): string {
    const type = this.model.types.get(oid);
    if (!type) return 'unknown';
    if (type.name === 'bool') return 'boolean';
    if (NUMBER_TYPES.has(type.name)) return 'number';
    if (STRING_TYPES.has(type.name)) return 'string';
    if (type.name === 'json' || type.name === 'jsonb') return 'Json';
    if (type.name === 'void') return 'undefined';
    if (type.name === 'record') return 'Record<string, unknown>';
    if (type.element_oid !== 0 && type.name.startsWith('_')) return arrayOf(this.tsType(type.element_oid));
    if (type.kind === 'd') return this.tsType(type.base_oid);
    if (type.kind === 'e' && type.labels) {
      return this.exposed(type.schema)
        ? `Database[${q(type.schema)}]["Enums"][${q(type.name)}]`
        : type.labels.map(q).join(' | ');
    }
    if (type.kind === 'c') {
      if (!this.exposed(type.schema)) return 'unknown';
      if (type.relation_kind === 'c') return `Database[${q(type.schema)}]["CompositeTypes"][${q(type.name)}]`;
      const relation = this.relationsByOid.get(type.relation_oid);
      if (relation) return `Database[${q(relation.schema)}][${relation.kind === 'table' ? '"Tables"' : '"Views"'}][${q(relation.name)}]["Row"]`;
    }
    return 'unknown';
  }

  private columns(relation: RelationInfo): ColumnInfo[] {
    return this.columnsByRelation.get(relation.oid) ?? [];
  }

  private rowFields(relation: RelationInfo, indent: string): string {
    return this.columns(relation)
      .map((c) => `${indent}${key(c.name)}: ${this.tsType(c.type_oid)}${c.nullable ? ' | null' : ''}`)
      .join('\n');
  }

  private writeFields(relation: RelationInfo, indent: string, insert: boolean): string {
    return this.columns(relation)
      .map((c) => {
        const nullable = c.nullable ? ' | null' : '';
        if (c.identity === 'a' || c.generated || (relation.kind === 'view' && !c.updatable)) {
          return `${indent}${key(c.name)}?: never`;
        }
        if (relation.kind === 'view') return `${indent}${key(c.name)}?: ${this.tsType(c.type_oid)} | null`;
        const optional = !insert || c.nullable || c.has_default || c.identity === 'd';
        return `${indent}${key(c.name)}${optional ? '?' : ''}: ${this.tsType(c.type_oid)}${nullable}`;
      })
      .join('\n');
  }

  private relationships(relation: RelationInfo, indent: string): string {
    const list = this.model.relationships
      .filter((r) => r.schema === relation.schema && r.referenced_schema === relation.schema && r.relation === relation.name)
      .sort(
        (a, b) =>
          a.foreign_key_name.localeCompare(b.foreign_key_name) ||
          a.referenced_relation.localeCompare(b.referenced_relation),
      );
    if (list.length === 0) return '[]';
    const items = list.map(
      (r) =>
        `${indent}  {\n` +
        `${indent}    foreignKeyName: ${q(r.foreign_key_name)}\n` +
        `${indent}    columns: ${JSON.stringify(r.columns)}\n` +
        `${indent}    isOneToOne: ${r.one_to_one}\n` +
        `${indent}    referencedRelation: ${q(r.referenced_relation)}\n` +
        `${indent}    referencedColumns: ${JSON.stringify(r.referenced_columns)}\n` +
        `${indent}  },`,
    );
    return `[\n${items.join('\n')}\n${indent}]`;
  }

  private relation(relation: RelationInfo, indent: string): string {
    const inner = `${indent}  `;
    const fields = `${inner}  `;
    const parts = [`${inner}Row: {\n${this.rowFields(relation, fields)}\n${inner}}`];
    if (relation.updatable) {
      parts.push(`${inner}Insert: {\n${this.writeFields(relation, fields, true)}\n${inner}}`);
      parts.push(`${inner}Update: {\n${this.writeFields(relation, fields, false)}\n${inner}}`);
    }
    parts.push(`${inner}Relationships: ${this.relationships(relation, inner)}`);
    return `${indent}${key(relation.name)}: {\n${parts.join('\n')}\n${indent}}`;
  }

  private returns(fn: FunctionInfo, indent: string): string {
    const tableColumns = fn.args.filter((a) => a.mode === 't');
    let type: string;
    if (tableColumns.length > 0) {
      type = `{\n${tableColumns.map((a) => `${indent}  ${key(a.name)}: ${this.tsType(a.type_oid)}`).join('\n')}\n${indent}}`;
    } else {
      const relation = this.relationsByOid.get(fn.return_relation_oid);
      type = relation
        ? `{\n${this.rowFields(relation, `${indent}  `)}\n${indent}}`
        : this.tsType(fn.return_type_oid);
    }
    return fn.returns_set ? arrayOf(type) : type;
  }

  private args(fn: FunctionInfo): string {
    const inputs = fn.args.filter((a) => a.mode === 'i' || a.mode === 'b' || a.mode === 'v');
    if (inputs.length === 0) return 'Record<PropertyKey, never>';
    return `{ ${inputs.map((a) => `${key(a.name)}${a.has_default ? '?' : ''}: ${this.tsType(a.type_oid)}`).join('; ')} }`;
  }

  private functions(schema: string, indent: string): string {
    const callable = this.model.functions.filter((fn) => {
      if (fn.schema !== schema) return false;
      // PostgREST calls a function with named arguments, or with one unnamed argument (a body).
      const inputs = fn.args.filter((a) => a.mode === 'i' || a.mode === 'b' || a.mode === 'v');
      return inputs.every((a) => a.name !== '') || inputs.length === 1;
    });
    const byName = new Map<string, FunctionInfo[]>();
    for (const fn of callable) byName.set(fn.name, [...(byName.get(fn.name) ?? []), fn]);
    if (byName.size === 0) return `${indent}[_ in never]: never`;
    return [...byName.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([name, overloads]) => {
        const inner = `${indent}  `;
        const args = overloads.map((fn) => this.args(fn)).join(' | ');
        return `${indent}${key(name)}: {\n${inner}Args: ${args}\n${inner}Returns: ${this.returns(overloads[0]!, inner)}\n${indent}}`;
      })
      .join('\n');
  }

  private enums(schema: string): TypeInfo[] {
    return [...this.model.types.values()]
      .filter((t) => t.schema === schema && t.kind === 'e' && t.labels && this.owns(t))
      .sort((a, b) => a.name.localeCompare(b.name));
  }

  private compositeTypes(schema: string, indent: string): string {
    const composites = [...this.model.types.values()]
      .filter((t) => t.schema === schema && t.kind === 'c' && t.relation_kind === 'c' && this.owns(t))
      .sort((a, b) => a.name.localeCompare(b.name));
    if (composites.length === 0) return `${indent}[_ in never]: never`;
    return composites
      .map((t) => {
        const attributes = this.model.columns.filter((c) => c.relation_oid === t.relation_oid);
        const fields = attributes.map((c) => `${indent}  ${key(c.name)}: ${this.tsType(c.type_oid)} | null`).join('\n');
        return `${indent}${key(t.name)}: {\n${fields}\n${indent}}`;
      })
      .join('\n');
  }

  private schema(schema: string): string {
    const relations = this.model.relations
      .filter((r) => r.schema === schema)
      .sort((a, b) => a.name.localeCompare(b.name));
    const block = (list: RelationInfo[]) =>
      list.length === 0 ? '      [_ in never]: never' : list.map((r) => this.relation(r, '      ')).join('\n');
    const enums = this.enums(schema);
    return [
      `  ${key(schema)}: {`,
      `    Tables: {`,
      block(relations.filter((r) => r.kind === 'table')),
      `    }`,
      `    Views: {`,
      block(relations.filter((r) => r.kind === 'view')),
      `    }`,
      `    Functions: {`,
      this.functions(schema, '      '),
      `    }`,
      `    Enums: {`,
      enums.length === 0
        ? '      [_ in never]: never'
        : enums.map((t) => `      ${key(t.name)}: ${t.labels!.map(q).join(' | ')}`).join('\n'),
      `    }`,
      `    CompositeTypes: {`,
      this.compositeTypes(schema, '      '),
      `    }`,
      `  }`,
    ].join('\n');
  }

  write(): string {
    const schemas = [...this.model.schemas].sort((a, b) => a.localeCompare(b));
    const defaultSchema = schemas.includes('public') ? 'public' : schemas[0]!;
    const constants = schemas
      .map((schema) => {
        const enums = this.enums(schema)
          .map((t) => `      ${key(t.name)}: [${t.labels!.map(q).join(', ')}],`)
          .join('\n');
        return `  ${key(schema)}: {\n    Enums: {${enums ? `\n${enums}\n    ` : ''}},\n  },`;
      })
      .join('\n');
    return `export type Json =
  | string
  | number
  | boolean
  | null
  | { [key: string]: Json | undefined }
  | Json[]

export type Database = {
  // Allows to automatically instantiate createClient with right options
  // instead of createClient<Database, { PostgrestVersion: 'XX' }>(URL, KEY)
  __InternalSupabase: {
    PostgrestVersion: ${q(POSTGREST_VERSION)}
  }
${schemas.map((s) => this.schema(s)).join('\n')}
}

${HELPERS.replace('DEFAULT_SCHEMA', q(defaultSchema))}
export const Constants = {
${constants}
} as const
`;
  }
}

function q(text: string): string {
  return JSON.stringify(text);
}

/** A property name as prettier leaves it: bare when it is an identifier. */
function key(name: string): string {
  return /^[A-Za-z_$][\w$]*$/.test(name) ? name : q(name);
}

/** `T[]`, with parentheses only where `[]` would bind to part of a union. */
function arrayOf(type: string): string {
  return type.includes(' | ') && !type.startsWith('{') ? `(${type})[]` : `${type}[]`;
}

const HELPERS = `type DatabaseWithoutInternals = Omit<Database, "__InternalSupabase">

type DefaultSchema = DatabaseWithoutInternals[Extract<keyof Database, DEFAULT_SCHEMA>]

export type Tables<
  DefaultSchemaTableNameOrOptions extends
    | keyof (DefaultSchema["Tables"] & DefaultSchema["Views"])
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof (DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"] &
        DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Views"])
    : never = never,
> = DefaultSchemaTableNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? (DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"] &
      DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Views"])[TableName] extends {
      Row: infer R
    }
    ? R
    : never
  : DefaultSchemaTableNameOrOptions extends keyof (DefaultSchema["Tables"] &
        DefaultSchema["Views"])
    ? (DefaultSchema["Tables"] &
        DefaultSchema["Views"])[DefaultSchemaTableNameOrOptions] extends {
        Row: infer R
      }
      ? R
      : never
    : never

export type TablesInsert<
  DefaultSchemaTableNameOrOptions extends
    | keyof DefaultSchema["Tables"]
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"]
    : never = never,
> = DefaultSchemaTableNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"][TableName] extends {
      Insert: infer I
    }
    ? I
    : never
  : DefaultSchemaTableNameOrOptions extends keyof DefaultSchema["Tables"]
    ? DefaultSchema["Tables"][DefaultSchemaTableNameOrOptions] extends {
        Insert: infer I
      }
      ? I
      : never
    : never

export type TablesUpdate<
  DefaultSchemaTableNameOrOptions extends
    | keyof DefaultSchema["Tables"]
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"]
    : never = never,
> = DefaultSchemaTableNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"][TableName] extends {
      Update: infer U
    }
    ? U
    : never
  : DefaultSchemaTableNameOrOptions extends keyof DefaultSchema["Tables"]
    ? DefaultSchema["Tables"][DefaultSchemaTableNameOrOptions] extends {
        Update: infer U
      }
      ? U
      : never
    : never

export type Enums<
  DefaultSchemaEnumNameOrOptions extends
    | keyof DefaultSchema["Enums"]
    | { schema: keyof DatabaseWithoutInternals },
  EnumName extends DefaultSchemaEnumNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaEnumNameOrOptions["schema"]]["Enums"]
    : never = never,
> = DefaultSchemaEnumNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[DefaultSchemaEnumNameOrOptions["schema"]]["Enums"][EnumName]
  : DefaultSchemaEnumNameOrOptions extends keyof DefaultSchema["Enums"]
    ? DefaultSchema["Enums"][DefaultSchemaEnumNameOrOptions]
    : never

export type CompositeTypes<
  PublicCompositeTypeNameOrOptions extends
    | keyof DefaultSchema["CompositeTypes"]
    | { schema: keyof DatabaseWithoutInternals },
  CompositeTypeName extends PublicCompositeTypeNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[PublicCompositeTypeNameOrOptions["schema"]]["CompositeTypes"]
    : never = never,
> = PublicCompositeTypeNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[PublicCompositeTypeNameOrOptions["schema"]]["CompositeTypes"][CompositeTypeName]
  : PublicCompositeTypeNameOrOptions extends keyof DefaultSchema["CompositeTypes"]
    ? DefaultSchema["CompositeTypes"][PublicCompositeTypeNameOrOptions]
    : never
`;

/** The `Database` type of `schemas`; with `owner`, only what that role owns (a team's, `team_<name>`). */
export async function generateTypeScript(db: Queryable, schemas: string[], owner: string | null = null): Promise<string> {
  return new TypeScriptWriter(await readSchemaModel(db, schemas, owner)).write();
}
