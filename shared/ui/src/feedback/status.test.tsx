/** @jest-environment jsdom */
import '@testing-library/jest-dom';
import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { Alert } from './Alert.js';
import { EmptyState } from './EmptyState.js';
import { ErrorState } from './ErrorState.js';
import { ProgressBar } from './ProgressBar.js';
import { Spinner } from './Spinner.js';

describe('ProgressBar', () => {
  it('reports a determinate value with aria-valuenow and a readable value text', () => {
    render(<ProgressBar label="Uploading avatar.png" value={45} showValue />);
    const bar = screen.getByRole('progressbar', { name: 'Uploading avatar.png' });
    expect(bar).toHaveAttribute('aria-valuenow', '45');
    expect(bar).toHaveAttribute('aria-valuemin', '0');
    expect(bar).toHaveAttribute('aria-valuemax', '100');
    expect(bar).toHaveAttribute('aria-valuetext', '45%');
  });

  it('clamps out-of-range values and honours a custom max and value text', () => {
    render(<ProgressBar label="Bytes" value={12} max={8} valueText="8 of 8 MB" />);
    const bar = screen.getByRole('progressbar', { name: 'Bytes' });
    expect(bar).toHaveAttribute('aria-valuenow', '8');
    expect(bar).toHaveAttribute('aria-valuetext', '8 of 8 MB');
  });

  it('has no aria-valuenow while indeterminate', () => {
    render(<ProgressBar label="Preparing" />);
    const bar = screen.getByRole('progressbar', { name: 'Preparing' });
    expect(bar).not.toHaveAttribute('aria-valuenow');
    expect(bar.firstElementChild).toHaveClass('pui-progress__bar--indeterminate');
  });
});

describe('Spinner', () => {
  it('is a status with a spoken label unless decorative', () => {
    const { rerender } = render(<Spinner label="Loading tables…" />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading tables…');
    rerender(<Spinner decorative />);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});

describe('Alert', () => {
  it('interrupts for errors (role=alert) and is polite otherwise (role=status)', async () => {
    const user = userEvent.setup();
    const onDismiss = jest.fn();
    render(
      <>
        <Alert tone="error" title="Could not connect">
          The API did not answer.
        </Alert>
        <Alert tone="warning" onDismiss={onDismiss}>
          Your session ends in 5 minutes.
        </Alert>
      </>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Could not connectThe API did not answer.');
    expect(screen.getByRole('status')).toHaveTextContent('Your session ends in 5 minutes.');
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(onDismiss).toHaveBeenCalledTimes(1);
  });
});

describe('EmptyState and ErrorState', () => {
  it('offer the next step', async () => {
    const user = userEvent.setup();
    const onRetry = jest.fn();
    render(
      <>
        <EmptyState title="No buckets yet" description="Buckets hold your files." action={<button>Create bucket</button>} />
        <ErrorState message={new Error('Network request failed.')} onRetry={onRetry} details="GET /rest/v1/orders → 503" />
      </>,
    );
    expect(screen.getByText('No buckets yet')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create bucket' })).toBeInTheDocument();
    const error = screen.getByRole('alert');
    expect(error).toHaveTextContent('Something went wrong');
    expect(error).toHaveTextContent('Network request failed.');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
    expect(screen.getByText('GET /rest/v1/orders → 503')).not.toBeVisible();
    await user.click(screen.getByText('Details'));
    expect(screen.getByText('GET /rest/v1/orders → 503')).toBeVisible();
  });
});
