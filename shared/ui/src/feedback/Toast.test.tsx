/** @jest-environment jsdom */
import '@testing-library/jest-dom';
import { act, render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { createRoot } from 'react-dom/client';
import { Button } from '../buttons/Button.js';
import { Toaster, ToastProvider, useToast } from './Toast.js';
import { toast } from './toastStore.js';

afterEach(() => act(() => toast.clear()));

function SaveButton() {
  const notify = useToast();
  return <Button onClick={() => notify.success('Row saved.')}>Save</Button>;
}

const region = () => screen.getByRole('region', { name: 'Notifications' });
const liveList = () => within(region()).getByRole('list');

describe('Toasts', () => {
  it('announce through a polite live region that exists before any toast', async () => {
    const user = userEvent.setup();
    render(
      <ToastProvider>
        <SaveButton />
      </ToastProvider>,
    );
    expect(liveList()).toHaveAttribute('aria-live', 'polite');
    expect(liveList()).toBeEmptyDOMElement();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const item = within(liveList()).getByRole('listitem');
    expect(item).toHaveTextContent('Success:Row saved.');
    expect(item).toHaveClass('pui-toast--success');
  });

  it('show errors and info with their tone, title and an action', async () => {
    const user = userEvent.setup();
    const retry = jest.fn();
    render(<Toaster />);
    act(() => {
      toast.error('The server refused the upload (413: file too large).', {
        title: 'Upload failed',
        action: { label: 'Retry', onClick: retry },
      });
      toast.info('A new version of Files is available.');
    });
    const [error, info] = within(liveList()).getAllByRole('listitem');
    expect(error).toHaveTextContent('Error:Upload failed');
    expect(error).toHaveClass('pui-toast--error');
    expect(info).toHaveClass('pui-toast--info');
    await user.click(within(error!).getByRole('button', { name: 'Retry' }));
    expect(retry).toHaveBeenCalledTimes(1);
    expect(within(liveList()).getAllByRole('listitem')).toHaveLength(1);
  });

  it('can be dismissed, and a repeated id replaces the toast instead of stacking', async () => {
    const user = userEvent.setup();
    render(<Toaster />);
    act(() => {
      toast.info('Saving…', { id: 'save', duration: null });
    });
    act(() => {
      toast.success('Saved.', { id: 'save' });
    });
    expect(within(liveList()).getAllByRole('listitem')).toHaveLength(1);
    expect(liveList()).toHaveTextContent('Saved.');
    await user.click(screen.getByRole('button', { name: 'Dismiss notification' }));
    expect(liveList()).toBeEmptyDOMElement();
  });

  describe('timing', () => {
    beforeEach(() => jest.useFakeTimers());
    afterEach(() => jest.useRealTimers());

    it('go away after their duration, but not while the pointer is over them', async () => {
      const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
      render(<Toaster />);
      act(() => {
        toast.success('Copied.', { duration: 4000 });
      });
      act(() => jest.advanceTimersByTime(3000));
      expect(liveList()).toHaveTextContent('Copied.');
      await user.hover(liveList());
      act(() => jest.advanceTimersByTime(10_000));
      expect(liveList()).toHaveTextContent('Copied.');
      await user.unhover(liveList());
      act(() => jest.advanceTimersByTime(900));
      expect(liveList()).toHaveTextContent('Copied.');
      act(() => jest.advanceTimersByTime(200));
      expect(liveList()).toBeEmptyDOMElement();
    });

    it('keep errors on screen longer than successes', () => {
      render(<Toaster />);
      act(() => {
        toast.success('Saved.');
        toast.error('Could not save.');
      });
      act(() => jest.advanceTimersByTime(6000));
      expect(liveList()).not.toHaveTextContent('Saved.');
      expect(liveList()).toHaveTextContent('Could not save.');
    });
  });

  it('reach the one viewport from another React root (a remote), however many Toasters are mounted', () => {
    render(
      <>
        <Toaster />
        <Toaster />
      </>,
    );
    expect(screen.getAllByRole('region', { name: 'Notifications' })).toHaveLength(1);

    const remoteContainer = document.body.appendChild(document.createElement('div'));
    const remoteRoot = createRoot(remoteContainer);
    function RemoteButton() {
      const notify = useToast();
      return <Button onClick={() => notify.info('Hello from a remote.')}>Notify</Button>;
    }
    act(() => remoteRoot.render(<RemoteButton />));
    act(() => within(remoteContainer).getByRole('button', { name: 'Notify' }).click());
    expect(liveList()).toHaveTextContent('Hello from a remote.');
    act(() => remoteRoot.unmount());
    remoteContainer.remove();
  });
});
