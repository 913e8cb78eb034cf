/** @jest-environment jsdom */
import '@testing-library/jest-dom';
import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { sampleColumn } from '../schema/sample-openapi.js';
import { EditableCell, editedValue } from './EditableCell.js';
import { installTestPortal } from './test-portal.js';

installTestPortal();

const column = (name: string) => sampleColumn('orders', name);

describe('EditableCell', () => {
  it('shows the value as text, never as HTML', () => {
    render(<EditableCell column={column('note')} value={'<img src=x onerror=alert(1)>'} rowLabel="row 1" editable onSave={jest.fn()} />);
    expect(screen.getByRole('button', { name: /, edit note of row 1$/ })).toHaveTextContent('<img src=x onerror=alert(1)>');
    expect(document.querySelector('img')).toBeNull();
  });

  it('names its button by the value it shows, then what it does (label in name)', () => {
    render(<EditableCell column={column('note')} value="Call the plumber" rowLabel="row 7" editable onSave={jest.fn()} />);
    expect(screen.getByRole('button', { name: 'Call the plumber, edit note of row 7' })).toBeInTheDocument();
  });

  it('refuses text in a number column without calling the server', async () => {
    const user = userEvent.setup();
    const onSave = jest.fn();
    render(<EditableCell column={column('quantity')} value={2} rowLabel="row 1" editable onSave={onSave} />);
    await user.click(screen.getByRole('button', { name: /, edit quantity of row 1$/ }));
    await user.clear(screen.getByLabelText('New value for quantity'));
    await user.type(screen.getByLabelText('New value for quantity'), 'lots{Enter}');
    expect(screen.getByRole('alert')).toHaveTextContent('Enter a whole number (digits only), e.g. 42.');
    expect(onSave).not.toHaveBeenCalled();
  });

  it('sends the parsed value and closes when the server accepts it', async () => {
    const user = userEvent.setup();
    const onSave = jest.fn().mockResolvedValue(undefined);
    render(<EditableCell column={column('extra')} value={{ a: 1 }} rowLabel="row 1" editable onSave={onSave} />);
    await user.click(screen.getByRole('button', { name: /, edit extra of row 1$/ }));
    const box = screen.getByLabelText('New value for extra');
    await user.clear(box);
    await user.paste('{"b": [1, 2]}');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenCalledWith({ b: [1, 2] }, { value: { a: 1 } });
    expect(screen.queryByRole('group')).not.toBeInTheDocument();
  });

  it('keeps the editor open with the server’s words when it refuses, and the cell keeps its value', async () => {
    const user = userEvent.setup();
    const onSave = jest.fn().mockRejectedValue(new Error('The database did not change this row.'));
    render(<EditableCell column={column('note')} value="before" rowLabel="row 1" editable onSave={onSave} />);
    await user.click(screen.getByRole('button', { name: /, edit note of row 1$/ }));
    await user.clear(screen.getByLabelText('New value for note'));
    await user.type(screen.getByLabelText('New value for note'), 'after{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('The database did not change this row.');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('button', { name: /, edit note of row 1$/ })).toHaveTextContent('before');
    expect(screen.getByRole('button', { name: /, edit note of row 1$/ })).toHaveFocus();
  });

  it('sends nothing when the value did not change', async () => {
    const user = userEvent.setup();
    const onSave = jest.fn();
    render(<EditableCell column={column('placed_at')} value="2026-03-01T09:30:15.123+00:00" rowLabel="row 1" editable onSave={onSave} />);
    await user.click(screen.getByRole('button', { name: /, edit placed_at of row 1$/ }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).not.toHaveBeenCalled();
  });

  it('sets NULL with the NULL box on nullable columns', async () => {
    const user = userEvent.setup();
    const onSave = jest.fn().mockResolvedValue(undefined);
    render(<EditableCell column={column('note')} value="x" rowLabel="row 1" editable onSave={onSave} />);
    await user.click(screen.getByRole('button', { name: /, edit note of row 1$/ }));
    await user.click(screen.getByRole('checkbox', { name: 'NULL' }));
    expect(screen.getByLabelText('New value for note')).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenCalledWith(null, { value: 'x' });
  });

  it('is plain text when the row cannot be edited, and links related rows', () => {
    render(<EditableCell column={column('customer_id')} value="c-1" rowLabel="row 1" editable={false} related={{ label: 'Ann', href: '/data/customers?f=id.eq.c-1' }} onSave={jest.fn()} />);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ann' })).toHaveAttribute('href', '/data/customers?f=id.eq.c-1');
  });
});

describe('editedValue', () => {
  it('reads an emptied box as NULL for nullable non-text columns, and as "" for text', () => {
    expect(editedValue(column('weight'), ' ', false)).toEqual({ ok: true, value: null });
    expect(editedValue(column('note'), '', false)).toEqual({ ok: true, value: '' });
    expect(editedValue(column('quantity'), '', false)).toEqual({ ok: true, value: null });
    expect(editedValue(column('id'), '', false)).toMatchObject({ ok: false });
  });
});
