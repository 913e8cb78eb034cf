import { buildOpenApi } from './openapi.js';
import { testCache } from './test-cache.js';

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
      format: 'text',
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
