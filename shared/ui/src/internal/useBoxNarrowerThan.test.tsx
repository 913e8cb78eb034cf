/** @jest-environment jsdom */
import { act, render } from '@testing-library/react';
import { useRef } from 'react';
import { ReportedResizeObserver, withReportedResizeObserver } from '../../test-support/reported-resize-observer.js';
import { useBoxNarrowerThan } from './useBoxNarrowerThan.js';

const WIDTHS = ['40rem', '300px', '50%'];

function Box({ onRender }: { onRender: (answer: readonly boolean[]) => void }) {
  const ref = useRef<HTMLDivElement>(null);
  onRender(useBoxNarrowerThan(ref, WIDTHS));
  return <div ref={ref} />;
}

describe('useBoxNarrowerThan', () => {
  withReportedResizeObserver();
  let windowWidth = 1280;
  beforeEach(() => {
    windowWidth = 1280;
    window.matchMedia = ((query: string) => {
      const limit = /max-width: (\d+)(rem|px|%)/.exec(query);
      // A percentage is no length a media query takes: it matches nothing, as Chromium's "not all".
      const pixels = !limit ? -Infinity : limit[2] === 'rem' ? Number(limit[1]) * 16 : limit[2] === 'px' ? Number(limit[1]) : -Infinity;
      return { matches: windowWidth <= pixels, media: query, addEventListener: () => undefined, removeEventListener: () => undefined } as unknown as MediaQueryList;
    }) as typeof window.matchMedia;
  });
  afterEach(() => {
    delete (window as unknown as Record<string, unknown>).matchMedia;
  });

  it('answers from the window until the box is measured, then from the box, rendering again only when the answer changes', () => {
    const renders: Array<readonly boolean[]> = [];
    render(<Box onRender={(answer) => renders.push(answer)} />);
    // A wide window: none of the widths (the percentage is never the box's to answer).
    expect(renders).toEqual([[false, false, false]]);
    // Measured as wide as the window said: nothing to draw again.
    act(() => ReportedResizeObserver.reportWidth(900));
    expect(renders).toHaveLength(1);
    // Beside a sidebar: 500 px is at most 40rem (640 px) but wider than 300 px.
    act(() => ReportedResizeObserver.reportWidth(500));
    expect(renders.at(-1)).toEqual([true, false, false]);
    act(() => ReportedResizeObserver.reportWidth(640));
    expect(renders.at(-1)).toEqual([true, false, false]);
    const count = renders.length;
    act(() => ReportedResizeObserver.reportWidth(600));
    expect(renders).toHaveLength(count);
    act(() => ReportedResizeObserver.reportWidth(280));
    expect(renders.at(-1)).toEqual([true, true, false]);
  });

  it('on a phone, where the window already answers for the box, its measurement draws nothing again', () => {
    windowWidth = 390;
    const renders: Array<readonly boolean[]> = [];
    render(<Box onRender={(answer) => renders.push(answer)} />);
    expect(renders).toEqual([[true, false, false]]);
    act(() => ReportedResizeObserver.reportWidth(358));
    expect(renders).toHaveLength(1);
  });
});
