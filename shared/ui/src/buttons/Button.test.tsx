/** @jest-environment jsdom */
import '@testing-library/jest-dom';
import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { PlusIcon } from '../icons/icons.js';
import { Button } from './Button.js';
import { IconButton } from './IconButton.js';

describe('Button', () => {
  it('is type=button by default so it never submits a form by accident', async () => {
    const user = userEvent.setup();
    const onSubmit = jest.fn((event: { preventDefault: () => void }) => event.preventDefault());
    render(
      <form onSubmit={onSubmit}>
        <Button>Add column</Button>
        <Button type="submit">Save</Button>
      </form>,
    );
    await user.click(screen.getByRole('button', { name: 'Add column' }));
    expect(onSubmit).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('while loading: busy, ignores clicks, and keeps focus', async () => {
    const user = userEvent.setup();
    const onClick = jest.fn();
    render(
      <Button loading onClick={onClick}>
        Save
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Save' });
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(button).toBeEnabled();
    button.focus();
    await user.click(button);
    expect(onClick).not.toHaveBeenCalled();
    expect(button).toHaveFocus();
  });

  it('forwards refs and class names', () => {
    const ref = { current: null as HTMLButtonElement | null };
    render(
      <Button ref={ref} className="mine" variant="danger" size="sm">
        Delete
      </Button>,
    );
    expect(ref.current).toBe(screen.getByRole('button', { name: 'Delete' }));
    expect(ref.current).toHaveClass('mine', 'pui-button--danger', 'pui-button--sm');
  });
});

describe('IconButton', () => {
  it('is named by its label', () => {
    render(<IconButton label="Add row" icon={<PlusIcon />} />);
    const button = screen.getByRole('button', { name: 'Add row' });
    expect(button.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
  });
});
