import { buildOpenApi } from './openapi.js';
import { testCache } from '../../test/rest/test-cache.js';

describe('buildOpenApi', () => {
  const cache = testCache();
  const all = {
    relations: new Set([...cache.relations.values()].map((r) => r.oid)),
    functions: new Set([1]),
  };
  const doc = buildOpenApi(cache, {
    schema: 'public',
    host: '127.0.0.1:54321',
    basePath: '/rest/v1/',
    scheme: 'http',
    visible: all,
  }) as {
    info: { title: string };
    paths: Record<string, Record<string, unknown>>;
    definitions: Record<
      string,
      { properties: Record<string, Record<string, unknown>>; required?: string[] }
    >;
    parameters: Record<string, unknown>;
  };

  it('writes PostgREST notes for primary and foreign keys', () => {
    expect(doc.definitions.messages!.properties.id!.description).toBe(
      'Note:\nThis is a Primary Key.<pk/>',
    );
    expect(doc.definitions.messages!.properties.author_id!.description).toBe(
      "Note:\nThis is a Foreign Key to `users.id`.<fk table='users' column='id'/>",
    );
    expect(doc.definitions.profiles!.properties.user_id!.description).toBe(
      "Note:\nThis is a Primary Key.<pk/>\nThis is a Foreign Key to `users.id`.<fk table='users' column='id'/>",
    );
  });

  it('writes defaults as PostgREST parses them', () => {
    const users = cache.relations.get('public.users')!;
    const withDefaults = {
      ...users,
      columns: users.columns.map((c) =>
        c.name === 'username'
          ? { ...c, default: "'anon'::text" }
          : c.name === 'age'
            ? { ...c, default: '18' }
            : c.name === 'tags'
              ? { ...c, default: "'{}'::text[]" }
              : c.name === 'id'
                ? { ...c, default: 'gen_random_uuid()' }
                : c,
      ),
    };
    const local = { ...cache, relations: new Map([['public.users', withDefaults]]) };
    const out = buildOpenApi(local, {
      schema: 'public',
      host: 'h',
      basePath: '/',
      scheme: 'http',
      visible: { relations: new Set([users.oid]), functions: new Set() },
    }) as typeof doc;
    const props = out.definitions.users!.properties;
    expect([
      props.username!.default,
      props.age!.default,
      props.tags!.default,
      props.id!.default,
    ]).toEqual(['anon', 18, undefined, 'gen_random_uuid()']);
  });

  it('types properties as PostgREST does', () => {
    expect(doc.definitions.users!.properties.tags).toEqual({
      format: 'text[]',
      items: { type: 'string' },
      type: 'array',
    });
    expect(doc.definitions.users!.properties.profile).toEqual({ format: 'jsonb' });
    expect(doc.definitions.users!.properties.age).toEqual({ format: 'integer', type: 'integer' });
    expect(doc.definitions.users!.required).toEqual(['id', 'username']);
  });

  it('lists paths, rpc and shared parameters, only for what the role may see', () => {
    expect(doc.info.title).toBe('standard public schema');
    expect(doc.paths['/rpc/numbers']).toHaveProperty('get');
    expect(doc.parameters['rowFilter.users.username']).toEqual({
      name: 'username',
      required: false,
      in: 'query',
      type: 'string',
    });
    const none = buildOpenApi(cache, {
      schema: 'public',
      host: 'h',
      basePath: '/',
      scheme: 'http',
      visible: { relations: new Set(), functions: new Set() },
    }) as {
      paths: Record<string, unknown>;
    };
    expect(Object.keys(none.paths)).toEqual(['/']);
  });
});
