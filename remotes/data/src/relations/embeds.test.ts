import { sampleModel, sampleTable } from '../schema/sample-openapi.js';
import { embedsFor, ownColumns, selectWithEmbeds } from './embeds.js';
import { labelColumnOf } from './labels.js';

describe('embedsFor', () => {
  it('embeds the target of each single-column foreign key, with a column that names the row', () => {
    const embeds = embedsFor(sampleTable('orders'), sampleModel());
    expect(embeds).toEqual([{ column: 'customer_id', alias: 'customer_id__ref', table: 'customers', targetColumn: 'id', labelColumn: 'name' }]);
    expect(selectWithEmbeds(embeds)).toBe('*,customer_id__ref:customers!customer_id(id,name)');
  });

  it('embeds nothing for a target the caller cannot read', () => {
    const model = sampleModel();
    const withoutCustomers = { ...model, tables: model.tables.filter((t) => t.name !== 'customers') };
    expect(embedsFor(sampleTable('orders'), withoutCustomers)).toEqual([]);
    expect(selectWithEmbeds([])).toBe('*');
  });

  it('names rows by a preferred column, then the first plain text column, then the key', () => {
    expect(labelColumnOf(sampleTable('customers'), 'id')).toBe('name');
    expect(labelColumnOf(sampleTable('orders'), 'id')).toBe('reference');
    expect(labelColumnOf(sampleTable('order_totals'), 'customer_id')).toBe('customer_id');
  });

  it('takes the embedded rows off a result row', () => {
    const embeds = embedsFor(sampleTable('orders'), sampleModel());
    expect(ownColumns({ id: 1, customer_id: 'c', customer_id__ref: { id: 'c', name: 'Ann' } }, embeds)).toEqual({ id: 1, customer_id: 'c' });
  });
});
