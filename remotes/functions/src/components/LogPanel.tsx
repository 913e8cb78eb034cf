// The function's recent console lines from the person's own calls (emulator only).
import { Button, EmptyState, Spinner } from '@portal/ui';
import type { ReactNode } from 'react';
import type { LogLine } from '../logs/function-logs.js';

export function LogPanel({
  lines,
  error,
  since,
  onRefresh,
}: {
  /** `null` while the first read has not answered. */
  lines: LogLine[] | null;
  error: string | null;
  since: string | null;
  onRefresh(): void;
}): ReactNode {
  return (
    <section className="fn-logs" aria-label="Function log" aria-busy={lines === null && !error}>
      <div className="fn-logs__head">
        <h2 className="fn-section-title">Log of your calls</h2>
        <Button size="sm" variant="ghost" onClick={onRefresh}>
          Refresh
        </Button>
      </div>
      {error ? <p className="fn-logs__error">{error}</p> : null}
      {/* Until the first read answers the panel says so: "No log lines" there was a claim about
          the person's calls that the server had not made yet, and flipped to lines a moment later. */}
      {lines === null && !error ? <Spinner label="Reading the log…" showLabel /> : null}
      {lines?.length === 0 && !error ? (
        <EmptyState
          title="No log lines"
          description="What the function writes with console.log during your calls shows here."
        />
      ) : null}
      <ol className="fn-logs__lines">
        {(lines ?? []).map((line) => (
          <li
            key={line.seq}
            className={`fn-log fn-log--${line.level}`}
            data-latest={since !== null && line.at >= since ? 'true' : 'false'}
          >
            <time dateTime={line.at}>{new Date(line.at).toLocaleTimeString()}</time>
            <span className="fn-log__level">{line.level}</span>
            <code className="fn-log__text">{line.text}</code>
          </li>
        ))}
      </ol>
    </section>
  );
}
