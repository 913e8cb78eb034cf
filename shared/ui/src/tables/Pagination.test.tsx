/** @jest-environment jsdom */
import '@testing-library/jest-dom';
import { render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { useState } from 'react';
import { pageItems } from '../nav/pageItems.js';
import { Pagination } from './Pagination.js';

function Pager({ total, hasNextPage }: { total: number | null; hasNextPage?: boolean }) {
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(25);
  return (
    <Pagination
      page={page}
      pageSize={pageSize}
      total={total}
      hasNextPage={hasNextPage}
      onPageChange={setPage}
      onPageSizeChange={(size) => {
        setPageSize(size);
        setPage(1);
      }}
      formatNumber={(value) => String(value)}
    />
  );
}

describe('Pagination', () => {
  it('summarises the range, and moves with Previous / Next and the page numbers', async () => {
    const user = userEvent.setup();
    render(<Pager total={312} />);
    const nav = screen.getByRole('navigation', { name: 'Pagination' });
    expect(nav).toHaveTextContent('1–25 of 312 rows');
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('button', { name: 'Page 13' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(nav).toHaveTextContent('26–50 of 312 rows');
    expect(screen.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');

    await user.click(screen.getByRole('button', { name: 'Page 13' }));
    expect(nav).toHaveTextContent('301–312 of 312 rows');
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
  });

  it('changes the page size and goes back to the first page', async () => {
    const user = userEvent.setup();
    render(<Pager total={312} />);
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await user.selectOptions(screen.getByLabelText('Rows per page'), '100');
    expect(screen.getByRole('navigation')).toHaveTextContent('1–100 of 312 rows');
    const pages = within(screen.getByRole('list')).getAllByRole('button');
    expect(pages.map((button) => button.textContent)).toEqual(['1', '2', '3', '4']);
  });

  it('says when there is nothing, and works without a total', async () => {
    const user = userEvent.setup();
    const { unmount } = render(<Pager total={0} />);
    expect(screen.getByRole('navigation')).toHaveTextContent('No rows');
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
    unmount();

    render(<Pager total={null} hasNextPage />);
    expect(screen.getByRole('navigation')).toHaveTextContent('1–25 rows');
    expect(screen.queryByRole('button', { name: 'Page 1' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(screen.getByRole('navigation')).toHaveTextContent('26–50 rows');
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeEnabled();
  });
});

describe('pageItems', () => {
  it('lists every page when there are few', () => {
    expect(pageItems(1, 1)).toEqual([1]);
    expect(pageItems(3, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(pageItems(1, 0)).toEqual([]);
  });

  it('keeps first, last and neighbours, with gaps, at a constant length', () => {
    expect(pageItems(1, 20)).toEqual([1, 2, 3, 4, 5, 'gap', 20]);
    expect(pageItems(4, 20)).toEqual([1, 2, 3, 4, 5, 'gap', 20]);
    expect(pageItems(10, 20)).toEqual([1, 'gap', 9, 10, 11, 'gap', 20]);
    expect(pageItems(17, 20)).toEqual([1, 'gap', 16, 17, 18, 19, 20]);
    expect(pageItems(20, 20)).toEqual([1, 'gap', 16, 17, 18, 19, 20]);
    for (let page = 1; page <= 20; page++) expect(pageItems(page, 20)).toHaveLength(7);
  });
});
