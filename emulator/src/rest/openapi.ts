// `GET /rest/v1/`: the OpenAPI (Swagger 2.0) document PostgREST serves for a schema, with the
// relations and functions the caller's role may use ("follow-privileges"). Definitions carry
// PostgREST's `<pk/>` and `<fk table='…' column='…'/>` notes, which tools read to find keys.
import type { Column, Relation, RoutineInfo, SchemaCache } from './schema-cache.js';

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
  return dataType.endsWith('[]') || dataType === 'ARRAY' ? 'array' : 'string';
}

/** `'draft'::text` → "draft", `42` → 42, anything else the expression as written. */
function defaultValue(expression: string): unknown {
  const literal = /^'((?:[^']|'')*)'(?:::[\w. "[\]]+)?$/.exec(expression);
  if (literal) return literal[1]!.replace(/''/g, "'");
  if (/^-?\d+(\.\d+)?$/.test(expression)) return Number(expression);
  if (expression === 'true' || expression === 'false') return expression === 'true';
  return expression;
}

interface KeyNotes {
  primaryKey: Set<string>;
  foreignKeys: Map<string, { table: string; column: string }>;
}

function keyNotes(cache: SchemaCache, relation: Relation): KeyNotes {
  const foreignKeys = new Map<string, { table: string; column: string }>();
  for (const fk of cache.foreignKeys) {
    if (fk.source !== relation) continue;
    fk.columns.forEach((column, i) => {
      foreignKeys.set(column, { table: fk.target.name, column: fk.targetColumns[i]! });
    });
  }
  return { primaryKey: new Set(relation.primaryKey), foreignKeys };
}

/** PostgREST's property description: the comment, then "Note:" lines for keys. */
function columnDescription(column: Column, notes: KeyNotes): string | undefined {
  const lines = ['Note:'];
  if (notes.primaryKey.has(column.name)) lines.push('This is a Primary Key.<pk/>');
  const fk = notes.foreignKeys.get(column.name);
  if (fk)
    lines.push(
      `This is a Foreign Key to \`${fk.table}.${fk.column}\`.<fk table='${fk.table}' column='${fk.column}'/>`,
    );
  if (lines.length === 1) return column.description ?? undefined;
  return `${column.description ? `${column.description}\n\n` : ''}${lines.join('\n')}`;
}

function property(column: Column, notes: KeyNotes): Json {
  const prop: Json = {};
  const description = columnDescription(column, notes);
  if (description) prop.description = description;
  // A generated column's expression is not a default (information_schema shows none either).
  if (column.default !== null && !column.generated) prop.default = defaultValue(column.default);
  if (column.enumValues) prop.enum = column.enumValues;
  prop.format = column.nominalType;
  if (column.maxLength !== null) prop.maxLength = column.maxLength;
  const type = swaggerType(
    column.dataType === 'USER-DEFINED' ? column.nominalType : column.dataType,
  );
  if (type === 'array') {
    const itemType = column.elementType ? swaggerType(column.elementType) : 'string';
    prop.items = itemType ? { type: itemType } : {};
  }
  if (type) prop.type = type;
  return prop;
}

function definition(cache: SchemaCache, relation: Relation): Json {
  const notes = keyNotes(cache, relation);
  const def: Json = {};
  if (relation.description) def.description = relation.description;
  const required = relation.columns.filter((c) => !c.nullable).map((c) => c.name);
  if (required.length) def.required = required;
  def.properties = Object.fromEntries(relation.columns.map((c) => [c.name, property(c, notes)]));
  def.type = 'object';
  return def;
}

function rowFilter(column: Column, notes: KeyNotes): Json {
  const param: Json = { name: column.name, required: false };
  const description = columnDescription(column, notes);
  if (description) param.description = description;
  param.format = column.nominalType;
  param.in = 'query';
  param.type = 'string';
  return param;
}

function relationPaths(relation: Relation): Json {
  const name = relation.name;
  const ref = (p: string) => ({ $ref: `#/parameters/${p}` });
  const filters = relation.columns.map((c) => ref(`rowFilter.${name}.${c.name}`));
  const operation = (extra: Json) => ({
    tags: [name],
    ...(relation.description && { summary: relation.description }),
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
          schema: { items: { $ref: `#/definitions/${name}` }, type: 'array' },
        },
        '206': { description: 'Partial Content' },
      },
    }),
  };
  if (relation.insertable) {
    paths.post = operation({
      parameters: [ref(`body.${name}`), ref('select'), ref('preferPost')],
      responses: { '201': { description: 'Created' } },
    });
  }
  if (relation.deletable) {
    paths.delete = operation({
      parameters: [...filters, ref('preferReturn')],
      responses: { '204': { description: 'No Content' } },
    });
  }
  if (relation.updatable) {
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
    const isArray = p.type.endsWith('[]');
    const type = swaggerType(isArray ? 'ARRAY' : p.type);
    properties[p.name] = {
      format: p.type,
      ...(type === 'array' && { items: { type: swaggerType(p.type.slice(0, -2)) ?? 'string' } }),
      ...(type && { type }),
    };
  }
  const required = routine.parameters.filter((p) => !p.hasDefault).map((p) => p.name);
  return { ...(required.length && { required }), properties, type: 'object' };
}

function functionPaths(routine: RoutineInfo): Json {
  const tags = [`(rpc) ${routine.name}`];
  const summary = routine.description ? { summary: routine.description.split('\n')[0] } : {};
  const get: Json = {
    tags,
    ...summary,
    parameters: routine.parameters.map((p) => ({
      format: p.type,
      in: 'query',
      name: p.name,
      required: !p.hasDefault,
      type: swaggerType(p.type.endsWith('[]') ? 'ARRAY' : p.type) ?? 'string',
    })),
    produces: MEDIA_TYPES.slice(0, 3),
    responses: { '200': { description: 'OK' } },
  };
  const post: Json = {
    tags,
    ...summary,
    parameters: [
      { in: 'body', name: 'args', required: true, schema: parameterSchema(routine) },
      { $ref: '#/parameters/preferParams' },
    ],
    produces: MEDIA_TYPES.slice(0, 3),
    responses: { '200': { description: 'OK' } },
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
    .filter((f) => f.schema === options.schema && options.visible.functions.has(f.oid))
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
    const notes = keyNotes(cache, relation);
    parameters[`body.${relation.name}`] = {
      name: relation.name,
      description: relation.name,
      required: false,
      in: 'body',
      schema: { $ref: `#/definitions/${relation.name}` },
    };
    for (const column of relation.columns) {
      parameters[`rowFilter.${relation.name}.${column.name}`] = rowFilter(column, notes);
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
