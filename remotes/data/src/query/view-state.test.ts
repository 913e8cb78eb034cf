import { EMPTY_VIEW, filterParam, parseFilterParam, parseViewLocation, tableView, viewLocation, type ViewState } from './view-state.js';

describe('view state in the URL', () => {
  it('reads the table list and a bare table', () => {
    expect(parseViewLocation('/data', '/data', '')).toEqual(EMPTY_VIEW);
    expect(parseViewLocation('/data', '/data/', '')).toEqual(EMPTY_VIEW);
    expect(parseViewLocation('/data', '/data/orders', '')).toEqual(tableView('orders'));
    expect(parseViewLocation('/data', '/data/order%20lines', '').table).toBe('order lines');
  });

  it('round-trips filters, sort, search and paging', () => {
    const view: ViewState = {
      table: 'orders',
      filters: [
        { column: 'note', operator: 'contains', value: 'a.b & c=d' },
        { column: 'paid', operator: 'istrue', value: '' },
        { column: 'status', operator: 'in', value: 'open, shipped' },
      ],
      sort: { column: 'placed_at', direction: 'desc' },
      search: 'blue "big box"',
      page: 3,
      pageSize: 50,
    };
    const location = viewLocation('/data', view);
    expect(location).toBe(
      '/data/orders?f=note.contains.a.b+%26+c%3Dd&f=paid.istrue&f=status.in.open%2C+shipped&sort=placed_at.desc&q=blue+%22big+box%22&page=3&size=50',
    );
    const [pathname, search] = location.split('?');
    expect(parseViewLocation('/data', pathname!, `?${search}`)).toEqual(view);
  });

  it('leaves defaults out of the URL', () => {
    expect(viewLocation('/data', tableView('orders'))).toBe('/data/orders');
    expect(viewLocation('/data', EMPTY_VIEW)).toBe('/data');
  });

  it('falls back to defaults for broken parts', () => {
    const view = parseViewLocation('/data', '/data/orders', '?page=-2&size=7&sort=nonsense&f=nocolumn&f=x.unknownop.1');
    expect(view).toEqual(tableView('orders'));
  });

  it('splits a filter at the first known operator, so values keep their dots', () => {
    expect(parseFilterParam('due_on.gte.2026-01-01')).toEqual({ column: 'due_on', operator: 'gte', value: '2026-01-01' });
    expect(parseFilterParam('v.eq.1.2.3')).toEqual({ column: 'v', operator: 'eq', value: '1.2.3' });
    expect(parseFilterParam('note.isnull')).toEqual({ column: 'note', operator: 'isnull', value: '' });
    expect(filterParam({ column: 'note', operator: 'notnull', value: '' })).toBe('note.notnull');
  });
});
