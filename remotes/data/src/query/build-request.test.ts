import { embedsFor } from '../relations/embeds.js';
import { sampleModel, sampleTable } from '../schema/sample-openapi.js';
import { applicableFilters, exportRequest, orderTerms, pageRequest, searchTree, searchableColumns } from './build-request.js';
import { tableView, type ViewState } from './view-state.js';

const orders = sampleTable('orders');

describe('pageRequest', () => {
  it('asks for one page with filters, search, sort and a key tie-breaker', () => {
    const view: ViewState = {
      ...tableView('orders'),
      filters: [
        { column: 'quantity', operator: 'gt', value: '2' },
        { column: 'tags', operator: 'hasany', value: 'a, b' },
      ],
      search: 'big box',
      sort: { column: 'placed_at', direction: 'desc' },
      page: 3,
      pageSize: 10,
    };
    expect(pageRequest(orders, view, embedsFor(orders, sampleModel()))).toEqual({
      select: '*,customer_id__ref:customers!customer_id(id,name)',
      conditions: [
        { column: 'quantity', operator: 'gt', value: '2' },
        { column: 'tags', operator: 'ov', value: '{a,b}' },
      ],
      or: 'reference.wfts."big box",note.wfts."big box"',
      order: [
        { column: 'placed_at', ascending: false },
        { column: 'id', ascending: true },
      ],
      range: { from: 20, to: 29 },
    });
  });

  it('drops filters on unknown columns and filters whose value does not fit', () => {
    const filters = applicableFilters(orders, [
      { column: 'nope', operator: 'eq', value: '1' },
      { column: 'quantity', operator: 'eq', value: 'many' },
      { column: 'paid', operator: 'istrue', value: '' },
    ]);
    expect(filters).toEqual([{ column: 'paid', operator: 'istrue', value: '' }]);
  });
});

describe('orderTerms', () => {
  it('orders by the primary key alone without a sort, and ignores a sort on an unknown column', () => {
    expect(orderTerms(orders, tableView('orders'))).toEqual([{ column: 'id', ascending: true }]);
    expect(orderTerms(orders, { ...tableView('orders'), sort: { column: 'gone', direction: 'asc' } })).toEqual([{ column: 'id', ascending: true }]);
  });

  it('does not repeat the key when sorting by it, and uses every column of a composite key', () => {
    expect(orderTerms(orders, { ...tableView('orders'), sort: { column: 'id', direction: 'desc' } })).toEqual([{ column: 'id', ascending: false }]);
    expect(orderTerms(sampleTable('order_lines'), tableView('order_lines'))).toEqual([
      { column: 'order_id', ascending: true },
      { column: 'line', ascending: true },
    ]);
    expect(orderTerms(sampleTable('order_totals'), tableView('order_totals'))).toEqual([]);
  });
});

describe('search', () => {
  it('searches every text column, and nothing where there is none', () => {
    expect(searchableColumns(orders)).toEqual(['reference', 'note']);
    expect(searchTree(orders, '  ')).toBeNull();
    expect(searchTree(sampleTable('order_totals'), 'x')).toBeNull();
    expect(searchTree(orders, 'box')).toBe('reference.wfts.box,note.wfts.box');
  });
});

describe('exportRequest', () => {
  it('reads the view’s own columns in chunks', () => {
    const request = exportRequest(orders, { ...tableView('orders'), page: 4 }, 1000, 1000);
    expect(request.select).toBe('*');
    expect(request.range).toEqual({ from: 1000, to: 1999 });
  });
});
