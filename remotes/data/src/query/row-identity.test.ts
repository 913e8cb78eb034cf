import { sampleTable } from '../schema/sample-openapi.js';
import { isEditableTable, rowConditions, rowKey, rowsOrTree } from './row-identity.js';

describe('row identity', () => {
  it('keys rows by their primary key', () => {
    expect(rowKey(sampleTable('orders'), { id: 7, note: 'x' })).toBe('[7]');
    expect(rowKey(sampleTable('order_lines'), { order_id: 7, line: 2 })).toBe('[7,2]');
    expect(rowKey(sampleTable('order_totals'), { total: 1 })).toBeNull();
    expect(isEditableTable(sampleTable('order_totals'))).toBe(false);
  });

  it('picks one row with eq conditions on every key column', () => {
    expect(rowConditions(sampleTable('order_lines'), { order_id: 7, line: 2 })).toEqual([
      { column: 'order_id', operator: 'eq', value: '7' },
      { column: 'line', operator: 'eq', value: '2' },
    ]);
  });

  it('names several rows in one or-tree', () => {
    expect(rowsOrTree(sampleTable('orders'), [{ id: 1 }, { id: 2 }])).toBe('id.eq.1,id.eq.2');
    expect(rowsOrTree(sampleTable('order_lines'), [{ order_id: 1, line: 1 }, { order_id: 1, line: 2 }])).toBe('and(order_id.eq.1,line.eq.1),and(order_id.eq.1,line.eq.2)');
    expect(rowsOrTree(sampleTable('customers'), [{ id: 'a b' }])).toBe('id.eq."a b"');
  });
});
