// When the route's header (chrome/RouteHeader.tsx) is on screen, as the browser reports it: the
// moment the code that runs remotes may start (federation/remote-code-gate.ts).
import { afterNextPaint, whenObserved } from './next-paint.js';

/**
 * How long to wait for the browser to report the header's paint before letting remote code run
 * anyway: a header that is not the page's largest paint so far is never reported.
 */
const PAINT_REPORT_LIMIT_MS = 500;

/**
 * Resolves once the page has painted the route's header, if it shows one: after the next frame,
 * and then, where the browser reports Largest Contentful Paint, once it has reported the header's
 * (at most PAINT_REPORT_LIMIT_MS later). The report comes when the frame is presented, a frame or
 * more after it was drawn on a busy phone; a header hidden before that (the remote drew its own in
 * the meantime) is never reported, and the page's Largest Contentful Paint became the remote's.
 */
export async function afterRouteHeaderPainted(): Promise<void> {
  await afterNextPaint();
  const header = document.querySelector('[data-route-header]');
  if (!header || !PerformanceObserver.supportedEntryTypes?.includes('largest-contentful-paint')) return;
  await whenObserved(
    'largest-contentful-paint',
    (entries) =>
      entries.some((entry) => {
        const element = (entry as LargestContentfulPaint).element;
        return element !== null && header.contains(element);
      }),
    PAINT_REPORT_LIMIT_MS,
  );
}
