// `GET /rest/v1/`: the OpenAPI (Swagger 2.0) document PostgREST serves for a schema, with the
// relations and functions the caller's role may use ("follow-privileges"). Definitions carry
// PostgREST's `<pk/>` and `<fk table='…' column='…'/>` notes, which tools read to find keys.
import type { Column, Relation, RoutineInfo, SchemaCache } from './schema/model.js';

type Json = Record<string, unknown>;

const MEDIA_TYPES = [
  'application/json',
  'application/vnd.pgrst.object+json;nulls=stripped',
  'application/vnd.pgrst.object+json',
  'text/csv',
];

/** PostgREST's toSwaggerType: json has no type, arrays are `array`, anything else a string. */
function swaggerType(dataType: string): string | null {
  switch (dataType) {
    case 'character varying':
    case 'character':
    case 'text':
      return 'string';
    case 'boolean':
      return 'boolean';
    case 'smallint':
    case 'integer':
    case 'bigint':
      return 'integer';
    case 'numeric':
    case 'real':
    case 'double precision':
      return 'number';
    case 'json':
    case 'jsonb':
      return null;
  }
  return dataType.endsWith('[]') ? 'array' : 'string';
}

/** The type name PostgREST's OpenAPI works from: `text`, `integer`, `text[]`, `public.mood`. */
function columnType(column: Column): string {
  return column.nominalType;
}

/**
 * PostgREST's parseDefault: for string-typed columns the default without its `::type` cast and
 * quotes, as a string (`now()`, `draft`); for others the default only when it is JSON (`3`,
 * `true`), so `nextval(…)` shows none.
 */
function defaultValue(expression: string, type: string): unknown {
  if (swaggerType(type) === 'string') {
    const suffix = `::${type}`;
    const bare = expression.endsWith(suffix) ? expression.slice(0, -suffix.length) : expression;
    return bare.replace(/^'+|'+$/g, '');
  }
  try {
    return JSON.parse(expression) as unknown;
  } catch {
    return undefined;
  }
}

interface KeyNotes {
  primaryKey: Set<string>;
  foreignKeys: Map<string, { table: string; column: string }>;
}

/** Single-column foreign keys of the relation, to tables before views (as PostgREST sorts them). */
function keyNotes(cache: SchemaCache, relation: Relation): KeyNotes {
  const foreignKeys = new Map<string, { table: string; column: string }>();
  const isView = (r: Relation) => r.kind === 'view' || r.kind === 'materialized_view';
  const own = cache.foreignKeys
    .filter((fk) => fk.source === relation && fk.columns.length === 1)
    .sort((a, b) => Number(isView(a.target)) - Number(isView(b.target)));
  for (const fk of own) {
    const column = fk.columns[0]!;
    if (!foreignKeys.has(column))
      foreignKeys.set(column, { table: fk.target.name, column: fk.targetColumns[0]! });
  }
  return { primaryKey: new Set(relation.primaryKey), foreignKeys };
}

/** PostgREST's property description: the comment, then "Note:" lines for keys. */
function columnDescription(column: Column, notes: KeyNotes): string | undefined {
  const lines = ['Note:'];
  if (notes.primaryKey.has(column.name)) lines.push('This is a Primary Key.<pk/>');
  const fk = notes.foreignKeys.get(column.name);
  if (fk) {
    lines.push(
      `This is a Foreign Key to \`${fk.table}.${fk.column}\`.<fk table='${fk.table}' column='${fk.column}'/>`,
    );
  }
  if (lines.length === 1) return column.description ?? undefined;
  return `${column.description ? `${column.description}\n\n` : ''}${lines.join('\n')}`;
}

/** `items` of an array type: its element's swagger type (none for json elements). */
function arrayItems(type: string): Json | undefined {
  if (swaggerType(type) !== 'array') return undefined;
  const element = swaggerType(type.slice(0, -2));
  return element ? { type: element } : {};
}

function property(column: Column, notes: KeyNotes): Json {
  const type = columnType(column);
  const prop: Json = {};
  // A generated column's expression is not a default (PostgREST's schema cache has none).
  if (column.default !== null && !column.generated) {
    const value = defaultValue(column.default, type);
    if (value !== undefined) prop.default = value;
  }
  const description = columnDescription(column, notes);
  if (description) prop.description = description;
  if (column.enumValues) prop.enum = column.enumValues;
  prop.format = type;
  if (column.maxLength !== null) prop.maxLength = column.maxLength;
  const swagger = swaggerType(type);
  if (swagger) prop.type = swagger;
  const items = arrayItems(type);
  if (items) prop.items = items;
  return prop;
}

function definition(cache: SchemaCache, relation: Relation): Json {
  const notes = keyNotes(cache, relation);
  const def: Json = {};
  if (relation.description) def.description = relation.description;
  def.type = 'object';
  def.properties = Object.fromEntries(relation.columns.map((c) => [c.name, property(c, notes)]));
  const required = relation.columns.filter((c) => !c.nullable).map((c) => c.name);
  if (required.length) def.required = required;
  return def;
}

/** `rowFilter.<table>.<column>`: the column's comment only, always a string query parameter. */
function rowFilter(column: Column): Json {
  return {
    name: column.name,
    ...(column.description && { description: column.description }),
    required: false,
    in: 'query',
    type: 'string',
  };
}

/** First line of a comment as summary, the rest (after blank lines) as description. */
function summaryOf(comment: string | null): Json {
  if (!comment) return {};
  const newline = comment.indexOf('\n');
  if (newline < 0) return { summary: comment };
  const rest = comment.slice(newline).replace(/^\n+/, '');
  return { summary: comment.slice(0, newline), ...(rest && { description: rest }) };
}

function relationPaths(relation: Relation): Json {
  const name = relation.name;
  const ref = (p: string) => ({ $ref: `#/parameters/${p}` });
  const filters = relation.columns.map((c) => ref(`rowFilter.${name}.${c.name}`));
  const operation = (extra: Json) => ({
    tags: [name],
    ...summaryOf(relation.description),
    ...extra,
  });
  const paths: Json = {
    get: operation({
      parameters: [
        ...filters,
        ref('select'),
        ref('order'),
        ref('range'),
        ref('rangeUnit'),
        ref('offset'),
        ref('limit'),
        ref('preferCount'),
      ],
      responses: {
        '200': {
          description: 'OK',
          schema: { type: 'array', items: { $ref: `#/definitions/${name}` } },
        },
        '206': { description: 'Partial Content' },
      },
    }),
  };
  // PostgREST offers every write once the relation takes any.
  if (relation.insertable || relation.updatable || relation.deletable) {
    paths.post = operation({
      parameters: [ref(`body.${name}`), ref('select'), ref('preferPost')],
      responses: { '201': { description: 'Created' } },
    });
    paths.delete = operation({
      parameters: [...filters, ref('preferReturn')],
      responses: { '204': { description: 'No Content' } },
    });
    paths.patch = operation({
      parameters: [...filters, ref(`body.${name}`), ref('preferReturn')],
      responses: { '204': { description: 'No Content' } },
    });
  }
  return paths;
}

function parameterSchema(routine: RoutineInfo): Json {
  const properties: Json = {};
  for (const p of routine.parameters) {
    const type = swaggerType(p.type);
    const items = arrayItems(p.type);
    properties[p.name] = { ...(type && { type }), ...(items && { items }), format: p.type };
  }
  const required = routine.parameters.filter((p) => !p.hasDefault).map((p) => p.name);
  return {
    ...routineDescription(routine),
    type: 'object',
    properties,
    ...(required.length && { required }),
  };
}

/** The function's comment on its argument schema (PostgREST's makeProcSchema). */
function routineDescription(routine: RoutineInfo): Json {
  return routine.description ? { description: routine.description } : {};
}

function functionPaths(routine: RoutineInfo): Json {
  const operation = {
    ...summaryOf(routine.description),
    tags: [`(rpc) ${routine.name}`],
    produces: MEDIA_TYPES.slice(0, 3),
    responses: { '200': { description: 'OK' } },
  };
  const get: Json = {
    ...operation,
    parameters: routine.parameters.map((p) => {
      const base = { name: p.name, required: !p.hasDefault, in: 'query' };
      if (p.variadic) {
        const element = p.type.endsWith('[]') ? p.type.slice(0, -2) : p.type;
        return {
          ...base,
          type: swaggerType(p.type) ?? 'string',
          items: { collectionFormat: 'multi', type: swaggerType(element), format: element },
        };
      }
      // Arrays travel as `{a,b}` in a query string: a string.
      const type = swaggerType(p.type);
      return { ...base, format: p.type, type: type === 'array' || type === null ? 'string' : type };
    }),
  };
  const post: Json = {
    ...operation,
    parameters: [
      { name: 'args', required: true, in: 'body', schema: parameterSchema(routine) },
      { $ref: '#/parameters/preferParams' },
    ],
  };
  return routine.volatility === 'volatile' ? { post } : { get, post };
}

const COMMON_PARAMETERS: Json = {
  preferParams: {
    name: 'Prefer',
    description: 'Preference',
    required: false,
    enum: ['params=single-object'],
    in: 'header',
    type: 'string',
  },
  preferReturn: {
    name: 'Prefer',
    description: 'Preference',
    required: false,
    enum: ['return=representation', 'return=minimal', 'return=none'],
    in: 'header',
    type: 'string',
  },
  preferCount: {
    name: 'Prefer',
    description: 'Preference',
    required: false,
    enum: ['count=none'],
    in: 'header',
    type: 'string',
  },
  preferPost: {
    name: 'Prefer',
    description: 'Preference',
    required: false,
    enum: [
      'return=representation',
      'return=minimal',
      'return=none',
      'resolution=ignore-duplicates',
      'resolution=merge-duplicates',
    ],
    in: 'header',
    type: 'string',
  },
  select: {
    name: 'select',
    description: 'Filtering Columns',
    required: false,
    in: 'query',
    type: 'string',
  },
  on_conflict: {
    name: 'on_conflict',
    description: 'On Conflict',
    required: false,
    in: 'query',
    type: 'string',
  },
  order: { name: 'order', description: 'Ordering', required: false, in: 'query', type: 'string' },
  range: {
    name: 'Range',
    description: 'Limiting and Pagination',
    required: false,
    in: 'header',
    type: 'string',
  },
  rangeUnit: {
    name: 'Range-Unit',
    description: 'Limiting and Pagination',
    required: false,
    default: 'items',
    in: 'header',
    type: 'string',
  },
  offset: {
    name: 'offset',
    description: 'Limiting and Pagination',
    required: false,
    in: 'query',
    type: 'string',
  },
  limit: {
    name: 'limit',
    description: 'Limiting and Pagination',
    required: false,
    in: 'query',
    type: 'string',
  },
};

export interface OpenApiOptions {
  schema: string;
  /** e.g. `127.0.0.1:54321` */
  host: string;
  basePath: string;
  scheme: string;
  /** Relations and functions (by oid) the caller's role may use. */
  visible: { relations: Set<number>; functions: Set<number> };
}

export function buildOpenApi(cache: SchemaCache, options: OpenApiOptions): Json {
  const relations = [...cache.relations.values()]
    .filter((r) => r.schema === options.schema && options.visible.relations.has(r.oid))
    .sort((a, b) => a.name.localeCompare(b.name));
  const routines = [...cache.functions.values()]
    .flat()
    .filter(
      (f) => f.callable && f.schema === options.schema && options.visible.functions.has(f.oid),
    )
    .filter((f) => f.parameters.every((p) => p.name !== ''))
    .sort((a, b) => a.name.localeCompare(b.name));

  const paths: Json = {
    '/': {
      get: {
        tags: ['Introspection'],
        summary: 'OpenAPI description (this document)',
        produces: ['application/openapi+json', 'application/json'],
        responses: { '200': { description: 'OK' } },
      },
    },
  };
  const definitions: Json = {};
  const parameters: Json = { ...COMMON_PARAMETERS };
  for (const relation of relations) {
    paths[`/${relation.name}`] = relationPaths(relation);
    definitions[relation.name] = definition(cache, relation);
    parameters[`body.${relation.name}`] = {
      name: relation.name,
      description: relation.name,
      required: false,
      in: 'body',
      schema: { $ref: `#/definitions/${relation.name}` },
    };
    for (const column of relation.columns) {
      parameters[`rowFilter.${relation.name}.${column.name}`] = rowFilter(column);
    }
  }
  // Overloads share one path; the first (by oid) describes it, as PostgREST's.
  for (const routine of routines) {
    const path = `/rpc/${routine.name}`;
    if (!paths[path]) paths[path] = functionPaths(routine);
  }

  const description = cache.schemaDescriptions.get(options.schema) ?? null;
  const [title, ...rest] = description ? description.split('\n') : [];
  return {
    swagger: '2.0',
    info: {
      description: description
        ? rest.join('\n').trim()
        : 'This is a dynamic API generated by PostgREST',
      title: title || 'PostgREST API',
      version: '14.0 (portal-emulator)',
    },
    host: options.host,
    basePath: options.basePath,
    schemes: [options.scheme],
    consumes: MEDIA_TYPES,
    produces: MEDIA_TYPES,
    paths,
    definitions,
    parameters,
    externalDocs: {
      description: 'PostgREST Documentation',
      url: 'https://postgrest.org/en/v14/references/api.html',
    },
  };
}
