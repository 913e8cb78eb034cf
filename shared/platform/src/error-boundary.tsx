import { Component, type ErrorInfo, type ReactNode } from 'react';
import { describeError } from './errors.js';

export interface ErrorFallbackProps {
  title: string;
  error: unknown;
  reset: () => void;
}

export interface RemoteErrorBoundaryProps {
  /** The remote's title, for the message a person reads. */
  title: string;
  children: ReactNode;
  /**
   * Called once per caught render error. When given, the caller (the shell) shows the error and
   * the boundary renders nothing; when absent, the boundary renders `fallback`.
   */
  onError?: (error: unknown, info: ErrorInfo) => void;
  fallback?: (props: ErrorFallbackProps) => ReactNode;
}

interface State {
  error: unknown;
  failed: boolean;
}

export function DefaultErrorFallback({ title, error, reset }: ErrorFallbackProps): ReactNode {
  return (
    <div role="alert" className="portal-remote-error" style={{ padding: '1.5rem', border: '1px solid #d0d4dc', borderRadius: 8, maxWidth: 560 }}>
      <h2 style={{ margin: '0 0 .5rem', fontSize: '1.1rem' }}>{title} stopped working</h2>
      <p style={{ margin: '0 0 1rem' }}>{describeError(error)}</p>
      <button type="button" onClick={reset}>
        Try again
      </button>
    </div>
  );
}

/**
 * Contains a remote's render errors to its own area: the rest of the portal keeps working.
 * `reset` renders the children again (after the person chose to retry).
 */
export class RemoteErrorBoundary extends Component<RemoteErrorBoundaryProps, State> {
  override state: State = { error: null, failed: false };

  static getDerivedStateFromError(error: unknown): State {
    return { error, failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    this.props.onError?.(error, info);
  }

  reset = (): void => {
    this.setState({ error: null, failed: false });
  };

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    if (this.props.onError) return null;
    const fallback = this.props.fallback ?? DefaultErrorFallback;
    return fallback({ title: this.props.title, error: this.state.error, reset: this.reset });
  }
}
