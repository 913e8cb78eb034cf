/** @jest-environment jsdom */
import '@testing-library/jest-dom';
import { act, render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { useState } from 'react';
import { EmptyState } from '../feedback/EmptyState.js';
import type { SortState } from '../data/sort.js';
import { ReportedResizeObserver, withReportedResizeObserver } from '../../test-support/reported-resize-observer.js';
import { Table, type TableColumn } from './Table.js';

interface Order {
  id: number;
  customer: string;
  total: number;
  note: string | null;
}

const ORDERS: Order[] = [
  { id: 1, customer: 'Ada', total: 30, note: null },
  { id: 2, customer: 'Grace', total: 10, note: '<img src=x onerror=alert(1)>' },
  { id: 3, customer: 'Linus', total: 20, note: 'gift' },
];

const COLUMNS: TableColumn<Order>[] = [
  { key: 'id', header: 'ID', sortable: true, align: 'end' },
  { key: 'customer', header: 'Customer', sortable: true },
  { key: 'total', header: 'Total', sortable: true, align: 'end', cell: (row) => `$${row.total}` },
  { key: 'note', header: 'Note' },
];

function OrdersTable({ rows = ORDERS, loading }: { rows?: Order[]; loading?: boolean }) {
  const [sort, setSort] = useState<SortState | null>(null);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const sorted = sort
    ? [...rows].sort((a, b) => {
        const left = a[sort.key as keyof Order] ?? '';
        const right = b[sort.key as keyof Order] ?? '';
        const order = left < right ? -1 : left > right ? 1 : 0;
        return sort.direction === 'ascending' ? order : -order;
      })
    : rows;
  return (
    <Table
      caption="Orders"
      columns={COLUMNS}
      rows={sorted}
      rowKey={(row) => String(row.id)}
      rowLabel={(row) => `order ${row.id}`}
      sort={sort}
      onSortChange={setSort}
      selectedKeys={selected}
      onSelectionChange={setSelected}
      empty={<EmptyState title="No orders yet" />}
      loading={loading}
    />
  );
}

const header = (name: string) => screen.getByRole('columnheader', { name });
const customers = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[2]?.textContent);

describe('Table', () => {
  it('is a table named by its caption', () => {
    render(<OrdersTable />);
    expect(screen.getByRole('table', { name: 'Orders' })).toBeInTheDocument();
    expect(screen.getAllByRole('row')).toHaveLength(4);
  });

  it('sorts from the header buttons and says so with aria-sort', async () => {
    const user = userEvent.setup();
    render(<OrdersTable />);
    expect(header('Customer')).toHaveAttribute('aria-sort', 'none');
    expect(header('Note')).not.toHaveAttribute('aria-sort');
    expect(within(header('Note')).queryByRole('button')).not.toBeInTheDocument();

    await user.click(within(header('Customer')).getByRole('button', { name: 'Customer' }));
    expect(header('Customer')).toHaveAttribute('aria-sort', 'ascending');
    expect(header('ID')).toHaveAttribute('aria-sort', 'none');
    expect(customers()).toEqual(['Ada', 'Grace', 'Linus']);

    await user.click(within(header('Customer')).getByRole('button'));
    expect(header('Customer')).toHaveAttribute('aria-sort', 'descending');
    expect(customers()).toEqual(['Linus', 'Grace', 'Ada']);

    await user.click(within(header('Customer')).getByRole('button'));
    expect(header('Customer')).toHaveAttribute('aria-sort', 'none');

    // The keyboard reaches the same buttons.
    within(header('Total')).getByRole('button').focus();
    await user.keyboard('{Enter}');
    expect(header('Total')).toHaveAttribute('aria-sort', 'ascending');
    expect(header('Customer')).toHaveAttribute('aria-sort', 'none');
  });

  it('selects rows with labelled checkboxes, and all rows from the header', async () => {
    const user = userEvent.setup();
    render(<OrdersTable />);
    const selectAll = screen.getByRole('checkbox', { name: 'Select all rows' });
    await user.click(screen.getByRole('checkbox', { name: 'Select order 2' }));
    expect(screen.getByRole('checkbox', { name: 'Select order 2' })).toBeChecked();
    expect(selectAll).toBePartiallyChecked();

    await user.click(selectAll);
    for (const id of [1, 2, 3]) expect(screen.getByRole('checkbox', { name: `Select order ${id}` })).toBeChecked();
    const deselectAll = screen.getByRole('checkbox', { name: 'Deselect all rows' });
    expect(deselectAll).toBeChecked();
    await user.click(deselectAll);
    for (const id of [1, 2, 3]) expect(screen.getByRole('checkbox', { name: `Select order ${id}` })).not.toBeChecked();
  });

  it('shows cell values as text, never as HTML', () => {
    render(<OrdersTable />);
    expect(screen.getByText('<img src=x onerror=alert(1)>')).toBeInTheDocument();
    expect(screen.getByRole('table').querySelector('img')).toBeNull();
  });

  it('shows the empty slot across all columns when there are no rows', () => {
    render(<OrdersTable rows={[]} />);
    const cell = screen.getByText('No orders yet').closest('td');
    expect(cell).toHaveAttribute('colspan', '5');
    expect(screen.getByRole('checkbox', { name: 'Select all rows' })).toBeDisabled();
  });

  it('does not say there is nothing while the rows are still being read', () => {
    const { rerender } = render(<OrdersTable rows={[]} loading />);
    expect(screen.queryByText('No orders yet')).toBeNull();
    expect(screen.getByRole('progressbar', { name: 'Loading rows' })).toBeInTheDocument();
    rerender(<OrdersTable rows={[]} loading={false} />);
    expect(screen.getByText('No orders yet')).toBeInTheDocument();
  });
});

describe('Table when it turns out to scroll', () => {
  withReportedResizeObserver();

  it('becomes a focusable region named by its caption without rendering its rows again (issue #40)', () => {
    const wide = { configurable: true, get: () => 900 };
    const narrow = { configurable: true, get: () => 300 };
    Object.defineProperties(HTMLElement.prototype, { scrollWidth: wide, clientWidth: narrow });
    try {
      const cells: number[] = [];
      const columns: TableColumn<Order>[] = [...COLUMNS, { key: 'seen', header: 'Seen', cell: (row) => (cells.push(row.id), 'yes') }];
      render(<Table columns={columns} rows={ORDERS} rowKey={(row) => String(row.id)} caption="Orders" />);
      expect(cells).toEqual([1, 2, 3]);
      expect(screen.queryByRole('region')).toBeNull();
      act(() => ReportedResizeObserver.last!.report());
      const region = screen.getByRole('region', { name: 'Orders' });
      expect(region).toHaveAttribute('tabindex', '0');
      expect(within(region).getAllByRole('row')).toHaveLength(4);
      expect(cells).toEqual([1, 2, 3]);
    } finally {
      for (const name of ['scrollWidth', 'clientWidth']) delete (HTMLElement.prototype as unknown as Record<string, unknown>)[name];
    }
  });
});

describe('Table in a window narrower than stackBelow', () => {
  // jsdom has no matchMedia: this one answers the query as a window 390 px wide would, and tells
  // its listeners when the width "changes".
  let width = 390;
  const listeners = new Set<() => void>();
  beforeEach(() => {
    width = 390;
    window.matchMedia = ((query: string) => {
      const limit = /max-width: (\d+)rem/.exec(query);
      return {
        matches: limit ? width <= Number(limit[1]) * 16 : false,
        media: query,
        addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
        removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
      } as unknown as MediaQueryList;
    }) as typeof window.matchMedia;
  });
  afterEach(() => {
    delete (window as unknown as Record<string, unknown>).matchMedia;
    listeners.clear();
  });

  const plain: TableColumn<Order>[] = [{ key: 'customer', header: 'Customer' }, ...COLUMNS.filter((column) => column.key !== 'customer').map(({ sortable: _sortable, ...column }) => column)];

  it('is a list named by its caption, one card per row with each header beside its value', () => {
    render(<Table caption="Orders" columns={plain} rows={ORDERS} rowKey={(row) => String(row.id)} stackBelow="40rem" />);
    expect(screen.queryByRole('table')).toBeNull();
    const cards = within(screen.getByRole('list', { name: 'Orders' })).getAllByRole('listitem');
    expect(cards).toHaveLength(3);
    expect(cards[1]).toHaveTextContent(/^Customer: Grace/);
    const terms = within(cards[1]!).getAllByRole('term').map((term) => term.textContent);
    const values = within(cards[1]!).getAllByRole('definition').map((value) => value.textContent);
    expect(terms).toEqual(['ID', 'Total', 'Note']);
    expect(values).toEqual(['2', '$10', '<img src=x onerror=alert(1)>']);
    expect(cards[1]!.querySelector('img')).toBeNull();
  });

  it('is a table again when the window grows past it, and the empty slot stands in for no rows', () => {
    const { rerender } = render(<Table caption="Orders" columns={plain} rows={[]} rowKey={(row) => String(row.id)} empty="No orders yet" stackBelow="40rem" />);
    expect(screen.getByText('No orders yet')).toBeInTheDocument();
    expect(screen.queryByRole('listitem')).toBeNull();
    width = 1280;
    act(() => listeners.forEach((listener) => listener()));
    rerender(<Table caption="Orders" columns={plain} rows={ORDERS} rowKey={(row) => String(row.id)} empty="No orders yet" stackBelow="40rem" />);
    expect(screen.getByRole('table', { name: 'Orders' })).toBeInTheDocument();
  });

  it('stays a table where rows are sorted or selected: the list would have no way to do either', () => {
    const { unmount } = render(<Table caption="Sorted" columns={COLUMNS} rows={ORDERS} rowKey={(row) => String(row.id)} sort={null} onSortChange={() => {}} stackBelow="40rem" />);
    expect(screen.getByRole('table', { name: 'Sorted' })).toBeInTheDocument();
    unmount();
    render(<Table caption="Selected" columns={plain} rows={ORDERS} rowKey={(row) => String(row.id)} selectedKeys={new Set()} onSelectionChange={() => {}} stackBelow="40rem" />);
    expect(screen.getByRole('table', { name: 'Selected' })).toBeInTheDocument();
  });

  it('leaves out the columns whose hideBelow the window is narrower than, header and cells, and brings them back when it grows', () => {
    const columns: TableColumn<Order>[] = COLUMNS.map((column) => (column.key === 'note' ? { ...column, hideBelow: '40rem' } : column.key === 'total' ? { ...column, hideBelow: '20rem' } : column));
    const headers = () => screen.getAllByRole('columnheader').map((cell) => cell.textContent);
    render(<Table caption="Orders" columns={columns} rows={ORDERS} rowKey={(row) => String(row.id)} selectedKeys={new Set()} onSelectionChange={() => {}} rowLabel={(row) => `order ${row.id}`} />);
    // 390 px: narrower than 40rem (640 px), wider than 20rem (320 px).
    expect(headers()).toEqual(['', 'ID', 'Customer', 'Total']);
    expect(within(screen.getAllByRole('row')[2]!).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['', '2', 'Grace', '$10']);
    width = 1280;
    act(() => listeners.forEach((listener) => listener()));
    expect(headers()).toEqual(['', 'ID', 'Customer', 'Total', 'Note']);
    width = 300;
    act(() => listeners.forEach((listener) => listener()));
    expect(headers()).toEqual(['', 'ID', 'Customer']);
  });
});

describe('Table in a box narrower than stackBelow or hideBelow, in a wide window (a tablet beside the navigation)', () => {
  withReportedResizeObserver();
  beforeEach(() => {
    // A window 1280 px wide: no `(max-width: …)` the tables ask matches.
    window.matchMedia = ((query: string) =>
      ({ matches: false, media: query, addEventListener: () => undefined, removeEventListener: () => undefined }) as unknown as MediaQueryList) as typeof window.matchMedia;
  });
  afterEach(() => {
    delete (window as unknown as Record<string, unknown>).matchMedia;
  });

  const plain: TableColumn<Order>[] = [{ key: 'customer', header: 'Customer' }, ...COLUMNS.filter((column) => column.key !== 'customer').map(({ sortable: _sortable, ...column }) => column)];

  it('is drawn as cards once its box is measured at most stackBelow wide, and as a table again when the box grows', () => {
    render(<Table caption="Orders" columns={plain} rows={ORDERS} rowKey={(row) => String(row.id)} stackBelow="40rem" />);
    // The window answers first.
    expect(screen.getByRole('table', { name: 'Orders' })).toBeInTheDocument();
    // 500 px of a 1280 px window: narrower than 40rem (640 px).
    act(() => ReportedResizeObserver.reportWidth(500));
    expect(screen.queryByRole('table')).toBeNull();
    expect(within(screen.getByRole('list', { name: 'Orders' })).getAllByRole('listitem')).toHaveLength(3);
    // The cards are another element, as wide: their report keeps them cards.
    act(() => ReportedResizeObserver.reportWidth(500));
    expect(screen.getByRole('list', { name: 'Orders' })).toBeInTheDocument();
    act(() => ReportedResizeObserver.reportWidth(641));
    expect(screen.getByRole('table', { name: 'Orders' })).toBeInTheDocument();
  });

  it('leaves out the columns whose hideBelow its box is at most as wide as', () => {
    const columns: TableColumn<Order>[] = COLUMNS.map((column) => (column.key === 'note' ? { ...column, hideBelow: '40rem' } : column.key === 'total' ? { ...column, hideBelow: '200px' } : column));
    const headers = () => screen.getAllByRole('columnheader').map((cell) => cell.textContent);
    render(<Table caption="Orders" columns={columns} rows={ORDERS} rowKey={(row) => String(row.id)} selectedKeys={new Set()} onSelectionChange={() => {}} rowLabel={(row) => `order ${row.id}`} />);
    expect(headers()).toEqual(['', 'ID', 'Customer', 'Total', 'Note']);
    act(() => ReportedResizeObserver.reportWidth(640));
    expect(headers()).toEqual(['', 'ID', 'Customer', 'Total']);
    act(() => ReportedResizeObserver.reportWidth(200));
    expect(headers()).toEqual(['', 'ID', 'Customer']);
    act(() => ReportedResizeObserver.reportWidth(900));
    expect(headers()).toEqual(['', 'ID', 'Customer', 'Total', 'Note']);
  });
});
