import { sampleColumn, sampleModel, sampleTable } from '../schema/sample-openapi.js';
import { referenceFor, referencesOf } from './references.js';

describe('referenceFor', () => {
  it('names the target’s rows by their label column when the API exposes the target', () => {
    expect(referenceFor(sampleColumn('orders', 'customer_id'), sampleModel())).toEqual({
      column: 'customer_id',
      table: 'customers',
      keyColumn: 'id',
      keyKind: 'uuid',
      labelColumn: 'name',
      direct: true,
    });
  });

  it('stands an exposed table keyed by the same target in for a target the API does not expose', () => {
    expect(referenceFor(sampleColumn('order_shares', 'user_id'), sampleModel())).toEqual({
      column: 'user_id',
      table: 'profiles',
      keyColumn: 'id',
      keyKind: 'uuid',
      labelColumn: 'display_name',
      direct: false,
    });
  });

  it('has none for a plain column, and lists a table’s references by column', () => {
    expect(referenceFor(sampleColumn('orders', 'note'), sampleModel())).toBeNull();
    expect([...referencesOf(sampleTable('order_shares'), sampleModel()).keys()]).toEqual(['order_id', 'user_id', 'shared_by']);
  });

  it('does not make a table stand in for its own key', () => {
    expect(referencesOf(sampleTable('profiles'), sampleModel()).size).toBe(0);
  });

  it('has none when no readable table names the target', () => {
    const model = sampleModel();
    const withoutProfiles = { ...model, tables: model.tables.filter((t) => t.name !== 'profiles') };
    expect(referenceFor(sampleColumn('order_shares', 'user_id'), withoutProfiles)).toBeNull();
  });
});
