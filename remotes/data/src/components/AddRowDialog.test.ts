import { referencesOf } from '../relations/references.js';
import { sampleColumn, sampleModel, sampleTable } from '../schema/sample-openapi.js';
import { hintFor, rowFromForm } from './AddRowDialog.js';

describe('rowFromForm', () => {
  const orders = sampleTable('orders');

  it('asks for required columns only, and leaves empty ones to their defaults', () => {
    expect(rowFromForm(orders, {})).toEqual({ ok: false, errors: { customer_id: 'Enter a value for customer_id.', reference: 'Enter a value for reference.' } });
    expect(rowFromForm(orders, { customer_id: 'd0000000-0000-4000-8000-000000000001', reference: 'A-1', paid: '', quantity: ' ' })).toEqual({
      ok: true,
      row: { customer_id: 'd0000000-0000-4000-8000-000000000001', reference: 'A-1' },
    });
  });

  it('sends typed values, and says which fields are not valid', () => {
    expect(rowFromForm(orders, { customer_id: 'nope', reference: 'A-1', quantity: 'x', tags: '["a"]', extra: '{"k":1}' })).toEqual({
      ok: false,
      errors: { customer_id: 'Enter a UUID like 123e4567-e89b-12d3-a456-426614174000.', quantity: 'Enter a whole number (digits only), e.g. 42.' },
    });
    const ok = rowFromForm(orders, { customer_id: 'd0000000-0000-4000-8000-000000000001', reference: 'A-1', quantity: '3', paid: 'true', tags: '["a"]', extra: '{"k":1}' });
    expect(ok).toEqual({ ok: true, row: { customer_id: 'd0000000-0000-4000-8000-000000000001', reference: 'A-1', quantity: 3, paid: true, tags: ['a'], extra: { k: 1 } } });
  });
});

describe('hintFor', () => {
  const hint = (tableName: string, column: string) => {
    const table = sampleTable(tableName);
    const model = sampleModel();
    return hintFor(table, sampleColumn(tableName, column), referencesOf(table, model).get(column) ?? null);
  };

  it('never tells to leave a foreign key to the database; names the rows to pick (issue #39, item 4)', () => {
    // A composite key of two foreign keys, as a membership table has.
    expect(hint('order_shares', 'order_id')).toBe('Pick a row of orders.');
    expect(hint('order_shares', 'user_id')).toBe('Pick a row of profiles.');
    expect(hint('order_lines', 'line')).toBe('');
    expect(hint('order_shares', 'shared_by')).toBe('Default: you (auth.uid()) when left empty.');
  });

  it('leaves a lone integer key to the database, and says what NULL and defaults mean', () => {
    expect(hint('orders', 'id')).toBe('The database numbers new rows itself: leave it empty.');
    expect(hint('orders', 'note')).toBe('NULL when left empty.');
    expect(hint('orders', 'placed_at')).toBe('Default: the time it is added (now()) when left empty.');
    expect(hint('orders', 'reference')).toBe('What the customer sees on the invoice.');
  });
});
