/** @jest-environment jsdom */
import { act, render } from '@testing-library/react';
import { useRef } from 'react';
import { ReportedResizeObserver, withReportedResizeObserver } from '../../test-support/reported-resize-observer.js';
import { useOverflows } from './useOverflows.js';

function Box({ onValue }: { onValue: (value: boolean | undefined) => void }) {
  const ref = useRef<HTMLDivElement>(null);
  onValue(useOverflows(ref));
  return <div ref={ref} data-testid="box" />;
}

describe('useOverflows', () => {
  withReportedResizeObserver();

  it('reads the element\'s sizes only when the ResizeObserver reports, never in React\'s commit (where the read forces a layout of the page)', () => {
    const reads: string[] = [];
    const sized = (name: string, value: number) => ({ configurable: true, get: () => (reads.push(name), value) });
    Object.defineProperties(HTMLElement.prototype, {
      scrollWidth: sized('scrollWidth', 500),
      clientWidth: sized('clientWidth', 300),
      scrollHeight: sized('scrollHeight', 100),
      clientHeight: sized('clientHeight', 100),
    });
    try {
      const values: Array<boolean | undefined> = [];
      render(<Box onValue={(value) => values.push(value)} />);
      expect(reads).toEqual([]);
      expect(values.at(-1)).toBeUndefined();
      act(() => ReportedResizeObserver.last!.report());
      expect(reads.length).toBeGreaterThan(0);
      expect(values.at(-1)).toBe(true);
    } finally {
      for (const name of ['scrollWidth', 'clientWidth', 'scrollHeight', 'clientHeight']) delete (HTMLElement.prototype as unknown as Record<string, unknown>)[name];
    }
  });
});
