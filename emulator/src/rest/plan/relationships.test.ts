import { isRestError } from '../errors.js';
import { testCache } from '../../../test/rest/test-cache.js';
import { findRelationship } from './relationships.js';

function failure(fn: () => unknown) {
  try {
    fn();
  } catch (error) {
    if (isRestError(error)) return error;
    throw error;
  }
  throw new Error('expected a failure');
}

describe('findRelationship', () => {
  const cache = testCache();
  const rel = (name: string) => cache.relations.get(`public.${name}`)!;

  it('finds many-to-one, one-to-many, one-to-one and many-to-many', () => {
    expect(findRelationship(cache, rel('messages'), 'channels', undefined)).toMatchObject({
      cardinality: 'many-to-one',
      sourceColumns: ['channel_id'],
    });
    expect(findRelationship(cache, rel('channels'), 'messages', undefined)).toMatchObject({
      cardinality: 'one-to-many',
      targetColumns: ['channel_id'],
    });
    expect(findRelationship(cache, rel('users'), 'profiles', undefined)).toMatchObject({
      cardinality: 'one-to-one',
    });
    expect(findRelationship(cache, rel('profiles'), 'users', undefined)).toMatchObject({
      cardinality: 'one-to-one',
    });
    const m2m = findRelationship(cache, rel('users'), 'channels', 'channel_members');
    expect(m2m.cardinality).toBe('many-to-many');
    expect(m2m.junction?.relation.name).toBe('channel_members');
  });

  it('embeds through an FK column or an FK name', () => {
    expect(findRelationship(cache, rel('messages'), 'author_id', undefined)).toMatchObject({
      constraint: { name: 'messages_author_id_fkey' },
    });
    expect(
      findRelationship(cache, rel('messages'), 'messages_editor_id_fkey', undefined),
    ).toMatchObject({ constraint: { name: 'messages_editor_id_fkey' } });
  });

  it('disambiguates with a hint naming the FK, a column or the junction', () => {
    expect(
      findRelationship(cache, rel('messages'), 'users', 'messages_author_id_fkey'),
    ).toMatchObject({ sourceColumns: ['author_id'] });
    expect(findRelationship(cache, rel('messages'), 'users', 'editor_id')).toMatchObject({
      sourceColumns: ['editor_id'],
    });
    expect(findRelationship(cache, rel('users'), 'messages', 'author_id')).toMatchObject({
      targetColumns: ['author_id'],
    });
  });

  it('answers PGRST201 (300) listing each candidate and a hint for each', () => {
    const error = failure(() => findRelationship(cache, rel('messages'), 'users', undefined));
    expect(error.status).toBe(300);
    expect(error.code).toBe('PGRST201');
    expect(error.details).toEqual([
      {
        cardinality: 'many-to-one',
        embedding: 'messages with users',
        relationship: 'messages_author_id_fkey using messages(author_id) and users(id)',
      },
      {
        cardinality: 'many-to-one',
        embedding: 'messages with users',
        relationship: 'messages_editor_id_fkey using messages(editor_id) and users(id)',
      },
    ]);
    expect(error.hint).toContain(
      "'users!messages_author_id_fkey', 'users!messages_editor_id_fkey'",
    );
  });

  it('answers PGRST200 (400) when nothing relates, with a suggestion when close', () => {
    const error = failure(() => findRelationship(cache, rel('messages'), 'channel', undefined));
    expect(error.status).toBe(400);
    expect(error.code).toBe('PGRST200');
    expect(error.message).toBe(
      "Could not find a relationship between 'messages' and 'channel' in the schema cache",
    );
    expect(error.hint).toBe("Perhaps you meant 'channels' instead of 'channel'.");
    expect(
      failure(() => findRelationship(cache, rel('messages'), 'users', 'nope')).details,
    ).toContain("using the hint 'nope'");
  });
});
