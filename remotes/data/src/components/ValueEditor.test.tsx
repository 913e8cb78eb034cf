/** @jest-environment jsdom */
import '@testing-library/jest-dom';
import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { useState } from 'react';
import { sampleColumn } from '../schema/sample-openapi.js';
import type { ColumnModel } from '../schema/openapi-model.js';
import { ValueEditor } from './ValueEditor.js';
import { installTestPortal } from './test-portal.js';

installTestPortal();

function Harness({ column, initial = '', onSubmit, onCancel }: { column: ColumnModel; initial?: string; onSubmit?: () => void; onCancel?: () => void }) {
  const [text, setText] = useState(initial);
  return (
    <>
      <ValueEditor column={column} text={text} onTextChange={setText} label="Value" {...(onSubmit ? { onSubmit } : {})} {...(onCancel ? { onCancel } : {})} />
      <output data-testid="text">{text}</output>
    </>
  );
}

const column = (name: string) => sampleColumn('orders', name);
const text = () => screen.getByTestId('text').textContent;

describe('ValueEditor', () => {
  it('edits numbers in a plain text box, so what is not a number stays visible to be corrected', async () => {
    const user = userEvent.setup();
    render(<Harness column={column('quantity')} />);
    const input = screen.getByLabelText('Value');
    expect(input).toHaveAttribute('type', 'text');
    expect(input).toHaveAttribute('inputmode', 'numeric');
    await user.type(input, 'abc');
    expect(text()).toBe('abc');
  });

  it('offers enum values and true/false as choices', async () => {
    const user = userEvent.setup();
    const { unmount } = render(<Harness column={column('status')} initial="open" />);
    await user.selectOptions(screen.getByLabelText('Value'), 'shipped');
    expect(text()).toBe('shipped');
    unmount();
    render(<Harness column={column('paid')} initial="false" />);
    expect([...(screen.getByLabelText('Value') as HTMLSelectElement).options].map((o) => o.value)).toEqual(['true', 'false']);
    await user.selectOptions(screen.getByLabelText('Value'), 'true');
    expect(text()).toBe('true');
  });

  it('uses the native pickers for dates and times', () => {
    const { unmount } = render(<Harness column={column('due_on')} initial="2026-03-01" />);
    expect(screen.getByLabelText('Value')).toHaveAttribute('type', 'date');
    expect(screen.getByLabelText('Value')).toHaveValue('2026-03-01');
    unmount();
    render(<Harness column={column('opens_at')} initial="09:30:00" />);
    expect(screen.getByLabelText('Value')).toHaveAttribute('type', 'time');
  });

  it('shows a timestamp with its zone as local time, and keeps an ISO timestamp as the text', () => {
    render(<Harness column={column('placed_at')} initial="2026-03-01T09:30:15.000Z" />);
    const input = screen.getByLabelText('Value');
    expect(input).toHaveAttribute('type', 'datetime-local');
    const local = new Date('2026-03-01T09:30:15.000Z');
    const pad = (n: number) => String(n).padStart(2, '0');
    // (jsdom writes the milliseconds out; browsers leave ".000" off)
    expect((input as HTMLInputElement).value.replace(/\.000$/, '')).toBe(`${local.getFullYear()}-${pad(local.getMonth() + 1)}-${pad(local.getDate())}T${pad(local.getHours())}:${pad(local.getMinutes())}:${pad(local.getSeconds())}`);
  });

  it('edits JSON in a monospace multi-line box, submitting with Ctrl+Enter only', async () => {
    const user = userEvent.setup();
    const onSubmit = jest.fn();
    render(<Harness column={column('extra')} initial={'{\n  "a": 1\n}'} onSubmit={onSubmit} />);
    const box = screen.getByLabelText('Value');
    expect(box.tagName).toBe('TEXTAREA');
    expect(box).toHaveClass('pui-input--mono');
    await user.type(box, '{Enter}');
    expect(onSubmit).not.toHaveBeenCalled();
    await user.keyboard('{Control>}{Enter}{/Control}');
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('edits arrays as a list: a box per item, add and remove (issue #39, item 9)', async () => {
    const user = userEvent.setup();
    render(<Harness column={column('tags')} initial='["a","b"]' />);
    expect(screen.getByRole('group', { name: 'tags: a list of 2 items' })).toBeInTheDocument();
    expect(screen.getByLabelText('tags item 1')).toHaveValue('a');
    await user.click(screen.getByRole('button', { name: 'Remove tags item 1' }));
    expect(text()).toBe('["b"]');
    await user.click(screen.getByRole('button', { name: 'Add an item to tags' }));
    await user.type(screen.getByLabelText('tags item 2'), 'c, "quoted"');
    expect(JSON.parse(text())).toEqual(['b', 'c, "quoted"']);
  });

  it('submits on Enter and cancels on Escape in single-line boxes', async () => {
    const user = userEvent.setup();
    const onSubmit = jest.fn();
    const onCancel = jest.fn();
    render(<Harness column={column('note')} initial="x" onSubmit={onSubmit} onCancel={onCancel} />);
    await user.type(screen.getByLabelText('Value'), 'y{Enter}');
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(text()).toBe('xy');
    await user.keyboard('{Escape}');
    expect(onCancel).toHaveBeenCalledTimes(1);
  });
});
