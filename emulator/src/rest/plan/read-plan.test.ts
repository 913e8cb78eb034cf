import { isRestError } from '../errors.js';
import { parseQuery } from '../parse/query.js';
import { testCache } from '../../../test/rest/test-cache.js';
import { outputKeys, planRead, sourceOfRelation } from './read-plan.js';

const cache = testCache();
const messages = sourceOfRelation(cache.relations.get('public.messages')!);

function plan(pairs: [string, string][]) {
  return planRead(cache, messages, parseQuery(pairs));
}

function failure(fn: () => unknown) {
  try {
    fn();
  } catch (error) {
    if (isRestError(error)) return error;
    throw error;
  }
  throw new Error('expected a failure');
}

describe('planRead', () => {
  it('expands * to the columns in order and keys JSON paths by their last key', () => {
    expect(outputKeys(plan([['select', '*']]))).toEqual([
      'id',
      'channel_id',
      'author_id',
      'editor_id',
      'body',
      'search',
      'data',
    ]);
    expect(outputKeys(plan([['select', 'data->a->>b,data->x->0,d:data']]))).toEqual([
      'b',
      'x',
      'd',
    ]);
  });

  it('keys aggregates by function name and marks the level grouped', () => {
    const level = plan([['select', 'author_id,count(),id.max()']]);
    expect(outputKeys(level)).toEqual(['author_id', 'count', 'max']);
    expect(level.grouped).toBe(true);
  });

  it('lifts spread columns into the parent and hides empty embeds', () => {
    const level = plan([['select', 'id,...channels(slug),users!author_id()']]);
    expect(outputKeys(level)).toEqual(['id', 'slug']);
    expect(level.embeds.map((e) => [e.spread, e.hidden, e.toOne])).toEqual([
      [true, false, true],
      [false, true, true],
    ]);
  });

  it('routes embed filters, order and limit by alias or by name', () => {
    const level = plan([
      ['select', 'id,author:users!author_id(username),channels(slug)'],
      ['author.username', 'eq.alice'],
      ['channels.slug', 'eq.general'],
      ['order', 'author(username).desc'],
    ]);
    expect(level.embeds[0]!.level.conditions).toHaveLength(1);
    expect(level.embeds[1]!.level.conditions).toHaveLength(1);
    expect(level.order[0]).toMatchObject({ direction: 'desc', embed: level.embeds[0] });
    expect(level.embeds[0]!.orderRefs).toHaveLength(1);
  });

  it('turns rel=not.is.null into an embedded-presence condition', () => {
    const level = plan([
      ['select', 'id,users!editor_id(username)'],
      ['users', 'not.is.null'],
    ]);
    expect(level.conditions[0]).toMatchObject({ kind: 'embedded', present: true });
    expect(
      failure(() =>
        plan([
          ['select', 'id,users!editor_id(username)'],
          ['users', 'eq.1'],
        ]),
      ).code,
    ).toBe('PGRST120');
  });

  it('answers 42703 for unknown columns anywhere, with a suggestion', () => {
    const error = failure(() => plan([['select', 'bdy']]));
    expect(error.code).toBe('42703');
    expect(error.message).toBe('column messages.bdy does not exist');
    expect(error.hint).toBe('Perhaps you meant to reference the column "messages.body".');
    expect(failure(() => plan([['nope', 'eq.1']])).code).toBe('42703');
    expect(failure(() => plan([['order', 'nope']])).code).toBe('42703');
    // An embed is `<table>_<depth>` in PostgREST's statement, so in Postgres' message.
    expect(failure(() => plan([['select', 'channels(nope)']])).message).toBe(
      'column channels_1.nope does not exist',
    );
  });

  it('answers PGRST108 for modifiers on resources that are not embedded', () => {
    const error = failure(() => plan([['channels.slug', 'eq.x']]));
    expect(error.code).toBe('PGRST108');
    expect(error.message).toBe("'channels' is not an embedded resource in this request");
  });

  it('answers PGRST118 when ordering by a to-many embed', () => {
    const users = sourceOfRelation(cache.relations.get('public.users')!);
    const error = failure(() =>
      planRead(
        cache,
        users,
        parseQuery([
          ['select', 'id,profiles(bio),channels!channels_owner_id_fkey(slug)'],
          ['order', 'channels(slug)'],
        ]),
      ),
    );
    expect(error.code).toBe('PGRST118');
  });

  it('resolves casts to the catalog spelling and refuses unknown types (42704)', () => {
    const level = plan([['select', 'id::text,n:id::int']]);
    expect(level.items).toMatchObject([{ cast: 'text' }, { cast: 'integer' }]);
    expect(failure(() => plan([['select', 'id::nope']])).code).toBe('42704');
  });
});
