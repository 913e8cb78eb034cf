/** @jest-environment jsdom */
import '@testing-library/jest-dom';
import { render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { Filter } from '../query/filter-operators.js';
import { sampleTable } from '../schema/sample-openapi.js';
import { FilterBar } from './FilterBar.js';

const orders = sampleTable('orders');

function setup(filters: Filter[] = []) {
  const onApply = jest.fn<void, [Filter[]]>();
  const onClose = jest.fn();
  const view = render(<FilterBar columns={orders.columns} filters={filters} onApply={onApply} onClose={onClose} />);
  return { onApply, onClose, user: userEvent.setup(), ...view };
}

const optionValues = (select: HTMLElement) => within(select).getAllByRole('option').map((o) => (o as HTMLOptionElement).value);

describe('FilterBar', () => {
  it('starts with one filter on the first column, offering the operators of its type', () => {
    setup();
    expect(screen.getByLabelText('Filter 1 column')).toHaveValue('id');
    expect(optionValues(screen.getByLabelText('Filter 1 operator'))).toEqual(['eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'in']);
  });

  it('changes the operators and the value box with the column', async () => {
    const { user } = setup();
    await user.selectOptions(screen.getByLabelText('Filter 1 column'), 'status');
    expect(optionValues(screen.getByLabelText('Filter 1 operator'))).toEqual(['eq', 'neq', 'in']);
    // An enum's single value is chosen from its values.
    expect(optionValues(screen.getByLabelText('Filter 1 value'))).toEqual(['', 'open', 'shipped', 'cancelled']);

    await user.selectOptions(screen.getByLabelText('Filter 1 column'), 'due_on');
    expect(screen.getByLabelText('Filter 1 value')).toHaveAttribute('type', 'date');

    await user.selectOptions(screen.getByLabelText('Filter 1 column'), 'paid');
    expect(optionValues(screen.getByLabelText('Filter 1 operator'))).toEqual(['istrue', 'isfalse']);
    expect(screen.queryByLabelText('Filter 1 value')).not.toBeInTheDocument();
  });

  it('applies several filters together', async () => {
    const { user, onApply } = setup();
    await user.selectOptions(screen.getByLabelText('Filter 1 column'), 'note');
    await user.type(screen.getByLabelText('Filter 1 value'), 'gift');
    await user.click(screen.getByRole('button', { name: 'Add filter' }));
    await user.selectOptions(screen.getByLabelText('Filter 2 column'), 'quantity');
    await user.selectOptions(screen.getByLabelText('Filter 2 operator'), 'gte');
    await user.type(screen.getByLabelText('Filter 2 value'), '3');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    expect(onApply).toHaveBeenCalledWith([
      { column: 'note', operator: 'contains', value: 'gift' },
      { column: 'quantity', operator: 'gte', value: '3' },
    ]);
  });

  it('refuses values that do not fit the column, saying why, and applies nothing', async () => {
    const { user, onApply } = setup();
    await user.selectOptions(screen.getByLabelText('Filter 1 column'), 'quantity');
    await user.type(screen.getByLabelText('Filter 1 value'), 'three');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Enter a whole number (digits only), e.g. 42.');
    expect(screen.getByLabelText('Filter 1 value')).toHaveAttribute('aria-invalid', 'true');
    expect(onApply).not.toHaveBeenCalled();

    await user.clear(screen.getByLabelText('Filter 1 value'));
    await user.type(screen.getByLabelText('Filter 1 value'), '3{Enter}');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(onApply).toHaveBeenCalledWith([{ column: 'quantity', operator: 'eq', value: '3' }]);
  });

  it('keeps the value when switching between operators that take one', async () => {
    const { user, onApply } = setup([{ column: 'note', operator: 'eq', value: 'gift' }]);
    await user.selectOptions(screen.getByLabelText('Filter 1 operator'), 'neq');
    expect(screen.getByLabelText('Filter 1 value')).toHaveValue('gift');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    expect(onApply).toHaveBeenCalledWith([{ column: 'note', operator: 'neq', value: 'gift' }]);
  });

  it('removes filters and clears them all', async () => {
    const { user, onApply, onClose } = setup([
      { column: 'note', operator: 'contains', value: 'a' },
      { column: 'paid', operator: 'istrue', value: '' },
    ]);
    await user.click(screen.getByRole('button', { name: 'Remove filter 1' }));
    expect(screen.getByLabelText('Filter 1 column')).toHaveValue('paid');
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(onApply).toHaveBeenCalledWith([]);
    expect(onClose).toHaveBeenCalled();
  });

  it('shows filters arriving from outside (back/forward) in place of the draft', () => {
    const { rerender } = setup([{ column: 'note', operator: 'contains', value: 'a' }]);
    rerender(<FilterBar columns={orders.columns} filters={[{ column: 'status', operator: 'in', value: 'open, shipped' }]} onApply={() => {}} />);
    expect(screen.getByLabelText('Filter 1 column')).toHaveValue('status');
    expect(screen.getByLabelText('Filter 1 operator')).toHaveValue('in');
    expect(screen.getByLabelText('Filter 1 value')).toHaveValue('open, shipped');
  });
});
