// The page's next paint, as a promise: work that can wait (a remote's code, a read the first
// frame does not show) starts after the frame the person sees first, not inside it.

/**
 * Resolves after the page's next paint: the task after the next animation frame, once the frame
 * has been drawn. In the next task in a tab that is not visible, which does not paint, and when the
 * tab is hidden before the frame comes, so nothing waits for a paint that will not happen.
 */
export function afterNextPaint(): Promise<void> {
  return new Promise((resolve) => {
    // (A document that is not visible, `hidden` or jsdom's `prerender`, has no frames to wait for.)
    if (document.visibilityState !== 'visible' || typeof requestAnimationFrame !== 'function') {
      setTimeout(resolve, 0);
      return;
    }
    const done = () => {
      document.removeEventListener('visibilitychange', onHidden);
      setTimeout(resolve, 0);
    };
    const onHidden = () => {
      if (document.visibilityState !== 'hidden') return;
      cancelAnimationFrame(frame);
      done();
    };
    const frame = requestAnimationFrame(done);
    document.addEventListener('visibilitychange', onHidden);
  });
}

/** How long to wait for the browser's report of the first contentful paint before going on anyway. */
const FIRST_PAINT_REPORT_LIMIT_MS = 3_000;

/**
 * Resolves once the browser has reported the page's first contentful paint (at once when it
 * already has), where it reports paints; after the next paint elsewhere, and in a tab that is not
 * visible. The report comes when the frame is on screen: a request started before it (to the API,
 * on another origin: a preflight and a connection first) is one the first frame of a phone's page
 * waited for, in Lighthouse's reckoning too (issue #40).
 */
export function afterFirstContentfulPaint(): Promise<void> {
  if (document.visibilityState !== 'visible' || typeof PerformanceObserver === 'undefined' || !PerformanceObserver.supportedEntryTypes?.includes('paint')) {
    return afterNextPaint();
  }
  return whenObserved('paint', (entries) => entries.some((entry) => entry.name === 'first-contentful-paint'), FIRST_PAINT_REPORT_LIMIT_MS);
}

/**
 * Resolves once the browser reports an entry of `type` that `reported` accepts (one it reported
 * before the call too), or after `limitMs` at the latest: a report that never comes holds nothing.
 */
export function whenObserved(type: string, reported: (entries: PerformanceEntryList) => boolean, limitMs: number): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      observer.disconnect();
      clearTimeout(timer);
      resolve();
    };
    const observer = new PerformanceObserver((list) => {
      if (reported(list.getEntries())) done();
    });
    const timer = setTimeout(done, limitMs);
    observer.observe({ type, buffered: true });
  });
}
