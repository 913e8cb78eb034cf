/** @jest-environment jsdom */
import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { RemoteErrorBoundary } from './error-boundary.js';

function Fragile({ explode }: { explode: boolean }) {
  if (explode) throw new Error('The widget could not read its data.');
  return <p>All good</p>;
}

function Harness({ onError }: { onError?: (error: unknown) => void }) {
  const [explode, setExplode] = useState(true);
  return (
    <>
      <button type="button" onClick={() => setExplode(false)}>
        Fix it
      </button>
      <RemoteErrorBoundary title="Files" {...(onError ? { onError } : {})}>
        <Fragile explode={explode} />
      </RemoteErrorBoundary>
      <p>Rest of the portal</p>
    </>
  );
}

describe('RemoteErrorBoundary', () => {
  // React reports caught errors on the console; these tests throw on purpose.
  let consoleError: jest.SpyInstance;
  beforeEach(() => (consoleError = jest.spyOn(console, 'error').mockImplementation(() => {})));
  afterEach(() => consoleError.mockRestore());

  it('shows the error with the remote name, keeps the rest working, and retries', () => {
    render(<Harness />);
    expect(screen.getByRole('alert').textContent).toContain('Files stopped working');
    expect(screen.getByRole('alert').textContent).toContain('The widget could not read its data.');
    expect(screen.getByText('Rest of the portal')).toBeTruthy();

    fireEvent.click(screen.getByText('Fix it'));
    act(() => fireEvent.click(screen.getByRole('button', { name: 'Try again' })));
    expect(screen.getByText('All good')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('hands the error to the host when it reports errors itself, and renders nothing', () => {
    const reported: unknown[] = [];
    render(<Harness onError={(error) => reported.push(error)} />);
    expect(reported).toHaveLength(1);
    expect((reported[0] as Error).message).toBe('The widget could not read its data.');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByText('Rest of the portal')).toBeTruthy();
  });

  it('renders error text as text, never as HTML', () => {
    function Hostile(): never {
      throw new Error('<img src=x onerror="window.__pwned=1">');
    }
    render(
      <RemoteErrorBoundary title="Data">
        <Hostile />
      </RemoteErrorBoundary>,
    );
    expect(screen.getByRole('alert').querySelector('img')).toBeNull();
    expect(screen.getByRole('alert').textContent).toContain('<img src=x');
  });
});
