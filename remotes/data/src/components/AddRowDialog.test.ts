import { sampleTable } from '../schema/sample-openapi.js';
import { rowFromForm } from './AddRowDialog.js';

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
