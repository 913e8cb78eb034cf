/** @jest-environment jsdom */
import '@testing-library/jest-dom';
import { render, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { useState } from 'react';
import { Button } from '../buttons/Button.js';
import { Field } from '../forms/Field.js';
import { TextInput } from '../forms/TextInput.js';
import { ConfirmDialog } from './ConfirmDialog.js';
import { Dialog } from './Dialog.js';

function RenameTable({ onSave = () => {} }: { onSave?: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Rename</Button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        title="Rename table"
        description="Views and policies follow the new name."
        footer={
          <>
            <Button onClick={() => setOpen(false)}>Cancel</Button>
            <Button variant="primary" onClick={onSave}>
              Save
            </Button>
          </>
        }
      >
        <Field label="New name">
          <TextInput />
        </Field>
      </Dialog>
    </>
  );
}

describe('Dialog', () => {
  it('is a modal labelled by its title and described by its description', async () => {
    const user = userEvent.setup();
    render(<RenameTable />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Rename' }));
    const dialog = screen.getByRole('dialog', { name: 'Rename table' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveAccessibleDescription('Views and policies follow the new name.');
  });

  it('moves focus to the first field, keeps Tab inside, and Escape returns focus to the opener', async () => {
    const user = userEvent.setup();
    render(
      <>
        <RenameTable />
        <Button>Elsewhere on the page</Button>
      </>,
    );
    const opener = screen.getByRole('button', { name: 'Rename' });
    await user.click(opener);
    const input = screen.getByLabelText('New name');
    expect(input).toHaveFocus();

    // Tab order inside: field, Cancel, Save, then the close button at the top, then the field again.
    await user.tab();
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Save' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
    await user.tab();
    expect(input).toHaveFocus();
    await user.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
    await user.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'Save' })).toHaveFocus();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('closes from the close button and from a click on the backdrop', async () => {
    const user = userEvent.setup();
    render(<RenameTable />);
    await user.click(screen.getByRole('button', { name: 'Rename' }));
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Rename' }));
    const backdrop = screen.getByRole('dialog').parentElement!;
    await user.pointer({ keys: '[MouseLeft]', target: backdrop });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('ignores Escape while not dismissible', async () => {
    const user = userEvent.setup();
    const onClose = jest.fn();
    render(
      <Dialog open onClose={onClose} title="Saving" dismissible={false}>
        <p>Please wait.</p>
      </Dialog>,
    );
    await user.keyboard('{Escape}');
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: 'Saving' })).toHaveFocus();
  });

  it('closes only the innermost of two open dialogs on Escape', async () => {
    const user = userEvent.setup();
    function Nested() {
      const [outer, setOuter] = useState(true);
      const [inner, setInner] = useState(false);
      return (
        <Dialog open={outer} onClose={() => setOuter(false)} title="Outer">
          <Button onClick={() => setInner(true)}>Open inner</Button>
          <Dialog open={inner} onClose={() => setInner(false)} title="Inner">
            <Button>Inside inner</Button>
          </Dialog>
        </Dialog>
      );
    }
    render(<Nested />);
    await user.click(screen.getByRole('button', { name: 'Open inner' }));
    expect(screen.getByRole('button', { name: 'Inside inner' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Inner' })).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Outer' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open inner' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('locks page scrolling while open', async () => {
    const user = userEvent.setup();
    render(<RenameTable />);
    await user.click(screen.getByRole('button', { name: 'Rename' }));
    expect(document.body).toHaveClass('pui-scroll-locked');
    await user.keyboard('{Escape}');
    expect(document.body).not.toHaveClass('pui-scroll-locked');
  });
});

describe('ConfirmDialog', () => {
  function DeleteRow({ onConfirm }: { onConfirm: () => Promise<void> }) {
    const [open, setOpen] = useState(false);
    return (
      <>
        <Button onClick={() => setOpen(true)}>Delete row</Button>
        <ConfirmDialog
          open={open}
          onClose={() => setOpen(false)}
          onConfirm={onConfirm}
          title="Delete this row?"
          confirmLabel="Delete"
          tone="danger"
        >
          Row 42 of public.orders will be deleted. This cannot be undone.
        </ConfirmDialog>
      </>
    );
  }

  it('is an alertdialog that starts on Cancel when the action is destructive', async () => {
    const user = userEvent.setup();
    render(<DeleteRow onConfirm={async () => {}} />);
    await user.click(screen.getByRole('button', { name: 'Delete row' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete this row?' });
    expect(dialog).toHaveAccessibleDescription('Row 42 of public.orders will be deleted. This cannot be undone.');
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete row' })).toHaveFocus();
  });

  it('shows why a failed action failed and stays open; closes once it succeeds', async () => {
    const user = userEvent.setup();
    const onConfirm = jest
      .fn<Promise<void>, []>()
      .mockRejectedValueOnce(new Error('Row is referenced by public.invoices.'))
      .mockResolvedValueOnce(undefined);
    render(<DeleteRow onConfirm={onConfirm} />);
    await user.click(screen.getByRole('button', { name: 'Delete row' }));
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Row is referenced by public.invoices.');
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(onConfirm).toHaveBeenCalledTimes(2);
  });
});
