// A small schema cache built in memory, for the planner's and SQL builders' unit tests: the same
// shapes as the fixture project (users, channels, messages with two FKs to users, a junction).
import { buildRelationships } from '../../src/rest/schema/relationships.js';
import type {
  Column,
  ForeignKey,
  Relation,
  RoutineInfo,
  SchemaCache,
} from '../../src/rest/schema/model.js';

export function column(name: string, type: string, options: Partial<Column> = {}): Column {
  const isArray = type.endsWith('[]');
  return {
    name,
    position: 0,
    typeOid: 0,
    type,
    nominalType: type,
    dataType: isArray ? 'ARRAY' : type,
    elementType: isArray ? type.slice(0, -2) : null,
    category: isArray ? 'A' : 'S',
    nullable: true,
    default: null,
    insertDefault: null,
    irType: type,
    generated: false,
    maxLength: null,
    enumValues: null,
    description: null,
    ...options,
  };
}

export function relation(
  name: string,
  columns: Column[],
  primaryKey: string[] = ['id'],
  options: Partial<Relation> = {},
): Relation {
  columns.forEach((c, i) => (c.position = i + 1));
  const oid = Math.floor(Math.random() * 1e9);
  return {
    oid,
    rowTypeOid: oid + 1,
    schema: 'public',
    name,
    kind: 'table',
    description: null,
    columns,
    columnsByName: new Map(columns.map((c) => [c.name, c])),
    primaryKey,
    uniqueKeys: primaryKey.length ? [primaryKey] : [],
    insertable: true,
    updatable: true,
    deletable: true,
    computedFields: new Map(),
    ...options,
  };
}

export function testCache(): SchemaCache {
  const users = relation('users', [
    column('id', 'uuid', { nullable: false }),
    column('username', 'text', { nullable: false }),
    column('age', 'integer'),
    column('tags', 'text[]'),
    column('profile', 'jsonb'),
  ]);
  users.uniqueKeys.push(['username']);
  const profiles = relation(
    'profiles',
    [column('user_id', 'uuid', { nullable: false }), column('bio', 'text')],
    ['user_id'],
  );
  const channels = relation('channels', [
    column('id', 'bigint', { nullable: false }),
    column('slug', 'text'),
    column('owner_id', 'uuid'),
  ]);
  const members = relation(
    'channel_members',
    [column('channel_id', 'bigint'), column('user_id', 'uuid'), column('role', 'text')],
    ['channel_id', 'user_id'],
  );
  const messages = relation('messages', [
    column('id', 'bigint', { nullable: false }),
    column('channel_id', 'bigint'),
    column('author_id', 'uuid'),
    column('editor_id', 'uuid'),
    column('body', 'text'),
    column('search', 'tsvector'),
    column('data', 'jsonb'),
  ]);
  const fk = (
    name: string,
    source: Relation,
    columns: string[],
    target: Relation,
    targetColumns: string[],
  ): ForeignKey => ({
    name,
    source,
    columns,
    target,
    targetColumns,
  });
  const foreignKeys = [
    fk('profiles_user_id_fkey', profiles, ['user_id'], users, ['id']),
    fk('channels_owner_id_fkey', channels, ['owner_id'], users, ['id']),
    fk('channel_members_channel_id_fkey', members, ['channel_id'], channels, ['id']),
    fk('channel_members_user_id_fkey', members, ['user_id'], users, ['id']),
    fk('messages_channel_id_fkey', messages, ['channel_id'], channels, ['id']),
    fk('messages_author_id_fkey', messages, ['author_id'], users, ['id']),
    fk('messages_editor_id_fkey', messages, ['editor_id'], users, ['id']),
  ];
  const relations = new Map(
    [users, profiles, channels, members, messages].map((r) => [`public.${r.name}`, r]),
  );
  const numbers: RoutineInfo = {
    oid: 1,
    schema: 'public',
    name: 'numbers',
    description: null,
    parameters: [
      {
        name: 'n',
        typeOid: 23,
        type: 'integer',
        displayType: 'integer',
        hasDefault: false,
        variadic: false,
      },
    ],
    callable: true,
    result: { kind: 'scalar', type: 'integer', typeOid: 23 },
    returnsSet: true,
    estimatedRows: 1000,
    volatility: 'immutable',
  };
  const cache: SchemaCache = {
    schemas: ['public'],
    relations,
    foreignKeys,
    relationships: new Map(),
    functions: new Map([['public.numbers', [numbers]]]),
    types: [
      { oid: 23, schema: 'pg_catalog', name: 'int4', sql: 'integer' },
      { oid: 25, schema: 'pg_catalog', name: 'text', sql: 'text' },
    ],
    schemaDescriptions: new Map([['public', 'standard public schema']]),
    geoJsonFunction: null,
    loadedAt: 0,
  };
  cache.relationships = buildRelationships(cache);
  return cache;
}
